/**
 * The API's media URLs are absolute, as the network's are (docs/api.md, "Media URLs"): under the
 * configured SITE_URL's origin, never the request's Host header, so that an answer a shared cache
 * keeps is right for every visitor; and each one answers on the site.
 */
import http from 'node:http';

const base = process.env.CONTRACT_BASE_URL;
if (!base) throw new Error('CONTRACT_BASE_URL must name the running site (tests/e2e/run.mjs sets it)');

type Json = Record<string, unknown>;

async function get(path: string, host?: string): Promise<{ status: number; body: Json }> {
  // fetch() keeps its own Host header: a plain request can send another.
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.get(url, { headers: host ? { host } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Json }));
    });
    req.on('error', reject);
  });
}

const MEDIA = new Set(['scr', 'scr1', 'img', 'thumbsrc', 'thumbs', 'preview_url']);

/** Every media URL of an answer, at any depth, with the field that holds it. */
function mediaUrls(v: unknown, key = ''): { key: string; url: string }[] {
  if (typeof v === 'string') return MEDIA.has(key) ? [{ key, url: v }] : [];
  if (Array.isArray(v)) return v.flatMap((x) => mediaUrls(x, key === 'thumbs' ? key : ''));
  if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => mediaUrls(x, k));
  return [];
}

let siteOrigin = '';
let videoPath = '';

beforeAll(async () => {
  // The pages' canonical links carry SITE_URL: the API's media must be under the same origin.
  const home = await (await fetch(new URL('/', base))).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home)?.[1];
  if (!canonical) throw new Error('the home page has no canonical link');
  siteOrigin = new URL(canonical).origin;
  const list = await get('/api/json/videos2/86400/str/latest-updates/5/..1.all...json');
  const id = Number((list.body.videos as Json[])[0]!.video_id);
  videoPath = `/api/json/video/86400/${Math.floor(id / 1e6) * 1e6}/${Math.floor(id / 1e3) * 1e3}/${id}.json`;
});

describe('media URLs in the API\'s answers', () => {
  const paths = () => [
    '/api/json/videos2/86400/str/latest-updates/10/..1.all...json',
    '/api/json/videos2/86400/str/most-popular/10/..2.all...json',
    videoPath,
    '/api/json/categories/14400/str.toptn.en.json',
    '/api/json/main/14400/str.en.json',
    '/api/json/models/14400/str/filt........../count-videos/10/1.json',
    '/api/json/channels/14400/str/count-videos/10/..1.json',
    '/api/videos2.php?params=86400/str/relevance/10/search..1.all..&s=walk',
  ];

  it('are absolute, under SITE_URL\'s origin, in every answer that has them', async () => {
    let seen = 0;
    for (const path of paths()) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 200]);
      for (const { key, url } of mediaUrls(body)) {
        seen++;
        expect([path, key, new URL(url).origin]).toEqual([path, key, siteOrigin]);
      }
    }
    // Lists, a video and the categories each carry some: the check above cannot pass on nothing.
    expect(seen).toBeGreaterThan(50);
  });

  it('do not follow the request\'s Host header (a shared cache serves one copy to every host)', async () => {
    for (const path of [videoPath, '/api/json/videos2/86400/str/latest-updates/10/..1.all...json']) {
      const plain = await get(path);
      const other = await get(path, 'attacker.example');
      expect(other.body).toEqual(plain.body);
    }
  });

  it('name files the site serves', async () => {
    const { body } = await get(videoPath);
    const video = body.video as Json;
    for (const url of [video.thumbsrc as string, ...(video.thumbs as string[]).slice(0, 2)]) {
      const res = await fetch(new URL(new URL(url).pathname, base));
      await res.arrayBuffer();
      expect([url, res.status]).toEqual([url, 200]);
    }
  });
});
