import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, parseConfig } from '@/lib/config';
import { EDGE_PURGE_HEADER, EDGE_SETTLE_MS, purgeEdges } from '@/lib/notify/announce';

const SECRET = 'purge-secret-0123456789';

describe('EDGE_PURGE_URLS', () => {
  it('is empty by default and for "none"', () => {
    expect(parseConfig({}).edgePurgeUrls).toEqual([]);
    expect(parseConfig({ EDGE_PURGE_URLS: 'none' }).edgePurgeUrls).toEqual([]);
  });

  it('takes a comma-separated list of origins', () => {
    expect(parseConfig({ EDGE_PURGE_URLS: ' http://127.0.0.1:8080/ , https://edge.example.com ', EDGE_PURGE_SECRET: SECRET }).edgePurgeUrls).toEqual([
      'http://127.0.0.1:8080',
      'https://edge.example.com',
    ]);
  });

  it.each(['edge.example.com', 'ftp://edge.example.com', 'http://edge.example.com/?purge=1'])('rejects %s naming the variable', (value) => {
    expect(() => parseConfig({ EDGE_PURGE_URLS: value, EDGE_PURGE_SECRET: SECRET })).toThrow(ConfigError);
    expect(() => parseConfig({ EDGE_PURGE_URLS: value, EDGE_PURGE_SECRET: SECRET })).toThrow(/EDGE_PURGE_URLS/);
  });
});

describe('EDGE_PURGE_SECRET', () => {
  it('is optional without an edge, and kept as given', () => {
    expect(parseConfig({}).edgePurgeSecret).toBe('');
    expect(parseConfig({ EDGE_PURGE_SECRET: SECRET }).edgePurgeSecret).toBe(SECRET);
  });

  it('is required once EDGE_PURGE_URLS names an edge: the shipped edge refuses a purge without it', () => {
    expect(() => parseConfig({ EDGE_PURGE_URLS: 'http://127.0.0.1:8080' })).toThrow(/EDGE_PURGE_SECRET.*required while EDGE_PURGE_URLS/);
    expect(parseConfig({ EDGE_PURGE_URLS: 'none' }).edgePurgeSecret).toBe('');
  });

  it.each(['short', 'has a space in it here', 'quote"quote"quote"', 'dollar$dollar$dollar'])('rejects %j (it is written into nginx.conf between quotes)', (value) => {
    expect(() => parseConfig({ EDGE_PURGE_SECRET: value })).toThrow(/EDGE_PURGE_SECRET/);
  });
});

describe('purgeEdges', () => {
  let server: http.Server;
  const seen: { method: string; url: string; body: string; secret: string | undefined }[] = [];
  let origin = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body, secret: req.headers[EDGE_PURGE_HEADER] as string | undefined });
        if (req.url === '/moved/_edge/purge') res.writeHead(301, { location: 'http://127.0.0.1:9/_edge/purge' }).end();
        else res.writeHead(req.url === '/_edge/purge' ? 204 : 404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('PUTs /_edge/purge on every edge, with a body whose length changes within a second', async () => {
    const t = Date.UTC(2026, 0, 1, 0, 0, 0, 100);
    const [a] = await purgeEdges([origin], SECRET, t, { settleMs: 0 });
    const [b] = await purgeEdges([origin], SECRET, t + 1, { settleMs: 0 });
    expect(a).toEqual({ origin, ok: true, detail: 'edge emptied' });
    expect(b?.ok).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.url} ${s.secret}`)).toEqual([`PUT /_edge/purge ${SECRET}`, `PUT /_edge/purge ${SECRET}`]);
    // nginx's ETag is the file's mtime in seconds and its size: two purges in one second differ in size.
    expect(seen[0]!.body.length).not.toBe(seen[1]!.body.length);
  });

  it("answers once every worker's second-long stat of the file has run out, not before", async () => {
    // The shipped edge's generation location keeps the file's stat this long in each worker.
    const conf = fs.readFileSync(path.join(__dirname, '../../../deploy/nginx/nginx.conf'), 'utf8');
    const location = /location = \/_edge\/generation \{[^}]*\}/.exec(conf)?.[0] ?? '';
    const valid = /open_file_cache_valid (\d+)s;/.exec(location)?.[1];
    expect(valid).toBeDefined();
    expect(EDGE_SETTLE_MS).toBeGreaterThan(Number(valid) * 1000);
    const started = Date.now();
    const [r] = await purgeEdges([origin], SECRET, started, { settleMs: 300 });
    expect(r?.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('reports an edge that refuses or cannot be reached, without throwing (and does not wait for it)', async () => {
    // A settle time far past Jest's timeout: waiting after a failed purge would fail the test.
    const settle = { settleMs: 600_000 };
    const [refused] = await purgeEdges([`${origin}/elsewhere`], SECRET, Date.now(), settle);
    expect(refused).toMatchObject({ ok: false, detail: 'HTTP 404' });
    const [down] = await purgeEdges(['http://127.0.0.1:9'], SECRET, Date.now(), settle);
    expect(down?.ok).toBe(false);
    expect(down?.detail).toMatch(/\S/);
  });

  it('never follows a redirect with the secret: the edge is reported not reached', async () => {
    seen.length = 0;
    const [moved] = await purgeEdges([`${origin}/moved`], SECRET, Date.now(), { settleMs: 0 });
    expect(moved).toMatchObject({ ok: false, detail: 'HTTP 301 redirect, not followed with the secret' });
    expect(seen.map((s) => s.url)).toEqual(['/moved/_edge/purge']);
  });
});
