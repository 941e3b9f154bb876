/**
 * A real, independently written client of the network's API reads the site: Debian's yt-dlp,
 * its TXXX extractor unmodified, through a local TLS front (tests/compat/run.mjs starts the site,
 * nginx and the certificate; run-ytdlp.py resolves the network's host name to that front).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const site = process.env.COMPAT_SITE_URL;
const tlsPort = process.env.COMPAT_TLS_PORT;
const host = process.env.COMPAT_TLS_HOST ?? 'txxx.com';
if (!site || !tlsPort) throw new Error('COMPAT_SITE_URL and COMPAT_TLS_PORT must be set (tests/compat/run.mjs sets them)');

const wrapper = path.join(__dirname, 'run-ytdlp.py');

/** The Python that Debian's yt-dlp runs under (its script's #! line), not whichever python3 is first on PATH. */
function ytdlpPython(): string {
  const which = spawnSync('sh', ['-c', 'command -v yt-dlp'], { encoding: 'utf8' }).stdout.trim();
  if (!which) throw new Error('yt-dlp is not installed (apt-get install -y yt-dlp; .ci/run does it)');
  const shebang = /^#!\s*(\S+)/.exec(fs.readFileSync(which, 'utf8').split('\n', 1)[0] ?? '');
  return shebang?.[1] ?? 'python3';
}
const python = ytdlpPython();
const clip = path.join(process.cwd(), 'public', 'demo', 'clip.mp4');

function ytdlp(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(python, [wrapper, host, tlsPort!, '--no-check-certificate', '--no-cache-dir', '--no-config', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

interface SiteVideo {
  video_id: number | string;
  thumbsrc: string;
  dir: string;
  title: string;
  duration: number | string;
  user: { username: string };
  statistics: { viewed: number | string; likes: number | string; dislikes: number | string };
}

async function someVideo(): Promise<SiteVideo> {
  const list = await (await fetch(`${site}/api/json/videos2/86400/str/most-popular/5/..1.all...json`)).json();
  const id = Number(list.videos[0].video_id);
  const b = `${Math.floor(id / 1e6) * 1e6}/${Math.floor(id / 1e3) * 1e3}`;
  const detail = await (await fetch(`${site}/api/json/video/86400/${b}/${id}.json`)).json();
  return detail.video as SiteVideo;
}

function seconds(d: number | string): number {
  return typeof d === 'number' ? d : String(d).split(':').reduce((acc, p) => acc * 60 + Number(p), 0);
}

describe('yt-dlp (Debian, TXXX extractor) reads the site', () => {
  let video: SiteVideo;
  beforeAll(async () => {
    video = await someVideo();
  });

  it('extracts title, uploader, duration and the three counts', () => {
    const r = ytdlp(['--dump-json', `https://${host}/video/${video.video_id}/${video.dir}/`]);
    if (r.status !== 0) throw new Error(`yt-dlp exited with ${r.status}:\n${r.stderr}`);
    const info = JSON.parse(r.stdout);
    expect(info.extractor).toBe('Txxx');
    expect(info.id).toBe(String(video.video_id));
    expect(info.title).toBe(video.title);
    expect(info.uploader).toBe(video.user.username);
    expect(info.duration).toBe(seconds(video.duration));
    expect(info.duration).toBeGreaterThan(0);
    expect(info.view_count).toBe(Number(video.statistics.viewed));
    expect(info.like_count).toBe(Number(video.statistics.likes));
    expect(info.dislike_count).toBe(Number(video.statistics.dislikes));
    expect(info.formats.length).toBeGreaterThan(0);
    expect(info.url).toBe(`https://${host}/demo/clip.mp4`);
  });

  // yt-dlp 2026.08 takes `video.thumbsrc` through url_or_none (issue 26), which gives nothing for a
  // root-relative URL; the TXXX extractor of Debian's older release reads no thumbnail from the API
  // at all, so the installed yt-dlp's own url_or_none is asked here.
  it('finds a thumbnail yt-dlp takes: thumbsrc is absolute, under SITE_URL, and answers the image', async () => {
    const r = spawnSync(python, ['-c', 'import sys\nfrom yt_dlp.utils import url_or_none\nprint(url_or_none(sys.argv[1]) or "")', video.thumbsrc], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(video.thumbsrc);
    const url = new URL(video.thumbsrc);
    expect(url.pathname).toBe(`/media/thumbs/${video.video_id}/1.svg`);
    // The site answers its own thumbnail at that path (the origin is the build's SITE_URL, which
    // need not be the port this run listens on).
    const image = await fetch(`${site}${url.pathname}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('downloads the file, byte for byte the demo clip', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-ytdlp-'));
    try {
      const r = ytdlp(['-o', path.join(dir, '%(id)s.%(ext)s'), `https://${host}/video/${video.video_id}/${video.dir}/`]);
      if (r.status !== 0) throw new Error(`yt-dlp exited with ${r.status}:\n${r.stderr}`);
      const files = fs.readdirSync(dir);
      expect(files).toEqual([`${video.video_id}.mp4`]);
      const got = fs.readFileSync(path.join(dir, files[0]!));
      expect(got.length).toBe(fs.statSync(clip).size);
      expect(got.equals(fs.readFileSync(clip))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
