/**
 * Issue 26: the import names the thumbnail and preview hosts the site's Content-Security-Policy
 * would refuse, and the player hosts EMBED_HOSTS kept out, with the line that allows them; the
 * line is checked against the policy the site builds from it.
 */
import { Readable } from 'node:stream';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { parseConfig } from '@/lib/config';
import { formatMediaHostReport, MAX_NAMED_HOSTS, MediaHostTally } from '@/lib/import/media-hosts';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { runImport } from '@/lib/import/run-import';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { cspSources, pageCsp } from '@/lib/web/security-headers';
import { type Fixture, openFixture } from '../catalog/helpers/catalog-fixture';

const row = (over: Partial<FeedRow>): FeedRow => ({
  line: 1, externalId: 'x', title: 'T', dir: 't', description: '', postDate: null, duration: 1, embedUrl: 'https://e.example.com/1',
  thumbUrl: null, thumbs: [], previewUrl: null, categories: [], tags: [], models: [], views: 0, likes: 0, dislikes: 0, ...over,
});

const imgSrc = (imgHosts: string) =>
  (pageCsp(cspSources(parseConfig({ IMG_HOSTS: imgHosts }))).split('; ').find((d) => d.startsWith('img-src ')) ?? '').split(' ').slice(1);

describe('the media host tally', () => {
  it('counts each row once per host IMG_HOSTS lacks, exactly as the policy lists hosts (no subdomains, the port)', () => {
    const t = new MediaHostTally(['img.example.com', 'cdn.example.net:8443'], ['https://site.example', '']);
    t.row(row({ thumbUrl: 'https://cdn.partner.example/a.jpg', thumbs: ['https://cdn.partner.example/a.jpg', 'https://cdn.partner.example/b.jpg'], previewUrl: 'https://media.partner.example/a.mp4' }));
    t.row(row({ thumbUrl: 'https://cdn.partner.example/c.jpg' }));
    t.row(row({ thumbUrl: 'https://img.example.com/ok.jpg', thumbs: ['https://cdn.example.net:8443/ok.jpg'], previewUrl: 'https://site.example/own.mp4' }));
    t.row(row({ thumbUrl: 'https://sub.img.example.com/x.jpg', thumbs: ['https://cdn.example.net/no-port.jpg'] }));
    const r = t.report(['example.com']);
    expect(r.img.hosts).toEqual([
      { host: 'cdn.partner.example', rows: 2 },
      { host: 'cdn.example.net', rows: 1 },
      { host: 'media.partner.example', rows: 1 },
      { host: 'sub.img.example.com', rows: 1 },
    ]);
    expect(r.img.line).toBe('IMG_HOSTS=img.example.com,cdn.example.net:8443,cdn.partner.example,cdn.example.net,media.partner.example,sub.img.example.com');
    expect(r.embed).toEqual({ hosts: [], otherRows: 0, line: null, unsettable: [] });
  });

  it('gives a line the site reads into a policy that allows every host it names, www. included', () => {
    const t = new MediaHostTally([], []);
    t.row(row({ thumbUrl: 'https://www.cdn.partner.example/a.jpg', previewUrl: 'http://img.other.example:8080/p.mp4' }));
    const { line } = t.report([]).img;
    expect(line).toBe('IMG_HOSTS=img.other.example:8080,www.cdn.partner.example');
    expect(imgSrc(line!.slice('IMG_HOSTS='.length))).toEqual(expect.arrayContaining(['www.cdn.partner.example', 'img.other.example:8080']));
  });

  it('names a host the setting cannot take instead of putting it in the line', () => {
    const t = new MediaHostTally(['img.example.com'], []);
    t.row(row({ thumbUrl: 'https://[2001:db8::1]/a.jpg', thumbs: ['https://under_score.example/b.jpg', 'https://cdn.partner.example/c.jpg'] }));
    const { img } = t.report([]);
    expect(img.line).toBe('IMG_HOSTS=img.example.com,cdn.partner.example');
    expect(img.unsettable.sort()).toEqual(['[2001:db8::1]', 'under_score.example']);
  });

  it('counts rows rejected for their player host, and adds the hosts to EMBED_HOSTS as it is (its default list too)', () => {
    const t = new MediaHostTally([], []);
    for (const line of [1, 2, 3]) t.reject({ line, reason: 'embed host player.partner.example is not in EMBED_HOSTS', embedHost: 'player.partner.example' });
    t.reject({ line: 4, reason: 'missing embed' });
    const r = t.report(parseConfig({}).embedHosts);
    expect(r.embed.hosts).toEqual([{ host: 'player.partner.example', rows: 3 }]);
    expect(r.embed.line).toBe(`EMBED_HOSTS=${parseConfig({}).embedHosts.join(',')},player.partner.example`);
  });

  it('names at most MAX_NAMED_HOSTS hosts and counts the rows past them', () => {
    const t = new MediaHostTally([], []);
    for (let i = 0; i <= MAX_NAMED_HOSTS + 1; i++) t.row(row({ thumbUrl: `https://h${i}.partner.example/a.jpg` }));
    const { img } = t.report([]);
    expect(img.hosts).toHaveLength(MAX_NAMED_HOSTS);
    expect(img.otherRows).toBe(2);
  });

  it('prints nothing when every host is allowed, and the hosts, counts and lines otherwise', () => {
    const ok = new MediaHostTally(['img.example.com'], []);
    ok.row(row({ thumbUrl: 'https://img.example.com/a.jpg' }));
    expect(formatMediaHostReport(ok.report(['example.com']))).toEqual([]);

    const t = new MediaHostTally(['img.example.com'], []);
    t.row(row({ thumbUrl: 'https://cdn.partner.example/a.jpg' }));
    t.row(row({ thumbUrl: 'https://cdn.partner.example/b.jpg' }));
    t.reject({ line: 9, reason: 'embed host player.partner.example is not in EMBED_HOSTS', embedHost: 'player.partner.example' });
    const printed = formatMediaHostReport(t.report(['example.com']));
    expect(printed).toContain('  cdn.partner.example: 2 rows');
    expect(printed).toContain('  IMG_HOSTS=img.example.com,cdn.partner.example');
    expect(printed).toContain('  player.partner.example: 1 row');
    expect(printed).toContain('  EMBED_HOSTS=example.com,player.partner.example');
  });
});

describe('an import into a real SQLite catalogue', () => {
  let fx: Fixture;
  beforeEach(() => {
    fx = openFixture(10);
  });
  afterEach(() => fx.close());

  it('puts the report in its summary: the rows it stored and the ones rejected for their player', async () => {
    const feed = [
      '1|Pier|||||||Cat||60|https://embed.example.com/e/1|https://cdn.partner.example/1.jpg',
      '2|Quay|||||||Cat||60|https://player.partner.example/e/2|https://cdn.partner.example/2.jpg',
      '3|Dock|||||||Cat||60|https://embed.example.com/e/3|https://img.example.com/3.jpg',
    ].join('\n');
    const s = await runImport(
      { stream: Readable.from([feed]), size: null, bytesRead: () => 0 },
      { format: 'kvs-csv', columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] },
      new SqliteCatalogWriter(fx.db),
      { source: 'partner', deleteMissing: false, progressTo: null, imgHosts: ['img.example.com'], imgOrigins: [] },
    );
    expect(s).toMatchObject({ added: 2, rejected: 1 });
    expect(s.hosts.img.hosts).toEqual([{ host: 'cdn.partner.example', rows: 1 }]);
    expect(s.hosts.img.line).toBe('IMG_HOSTS=img.example.com,cdn.partner.example');
    expect(s.hosts.embed.hosts).toEqual([{ host: 'player.partner.example', rows: 1 }]);
    expect(s.hosts.embed.line).toBe('EMBED_HOSTS=example.com,player.partner.example');
  });
});
