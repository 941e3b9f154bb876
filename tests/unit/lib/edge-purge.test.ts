import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, parseConfig } from '@/lib/config';
import { EDGE_SETTLE_MS, purgeEdges } from '@/lib/import/announce';

describe('EDGE_PURGE_URLS', () => {
  it('is empty by default and for "none"', () => {
    expect(parseConfig({}).edgePurgeUrls).toEqual([]);
    expect(parseConfig({ EDGE_PURGE_URLS: 'none' }).edgePurgeUrls).toEqual([]);
  });

  it('takes a comma-separated list of origins', () => {
    expect(parseConfig({ EDGE_PURGE_URLS: ' http://127.0.0.1:8080/ , https://edge.example.com ' }).edgePurgeUrls).toEqual([
      'http://127.0.0.1:8080',
      'https://edge.example.com',
    ]);
  });

  it.each(['edge.example.com', 'ftp://edge.example.com', 'http://edge.example.com/?purge=1'])('rejects %s naming the variable', (value) => {
    expect(() => parseConfig({ EDGE_PURGE_URLS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ EDGE_PURGE_URLS: value })).toThrow(/EDGE_PURGE_URLS/);
  });
});

describe('purgeEdges', () => {
  let server: http.Server;
  const seen: { method: string; url: string; body: string }[] = [];
  let origin = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body });
        res.writeHead(req.url === '/_edge/purge' ? 204 : 404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('PUTs /_edge/purge on every edge, with a body whose length changes within a second', async () => {
    const t = Date.UTC(2026, 0, 1, 0, 0, 0, 100);
    const [a] = await purgeEdges([origin], t, { settleMs: 0 });
    const [b] = await purgeEdges([origin], t + 1, { settleMs: 0 });
    expect(a).toEqual({ origin, ok: true, detail: 'edge emptied' });
    expect(b?.ok).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /_edge/purge', 'PUT /_edge/purge']);
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
    const [r] = await purgeEdges([origin], started, { settleMs: 300 });
    expect(r?.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('reports an edge that refuses or cannot be reached, without throwing (and does not wait for it)', async () => {
    const started = Date.now();
    const [refused] = await purgeEdges([`${origin}/elsewhere`]);
    expect(refused).toMatchObject({ ok: false, detail: 'HTTP 404' });
    const [down] = await purgeEdges(['http://127.0.0.1:9']);
    expect(down?.ok).toBe(false);
    expect(down?.detail).toMatch(/\S/);
    expect(Date.now() - started).toBeLessThan(EDGE_SETTLE_MS);
  });
});
