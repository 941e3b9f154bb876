/**
 * lib/server/response-patches.ts on a real Node HTTP server: one Location, and the outage 503
 * (a marked request, or a page's 500 moments after a source failure), nothing else touched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { noteSourceFailure } from '@/lib/contract/outage';
import { installResponsePatches } from '@/lib/server/response-patches';
import { markOutage } from '@/lib/server/request-context';

installResponsePatches();

const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/redirect': (res) => {
    res.statusCode = 307;
    res.setHeader('location', '/404/');
    res.appendHeader('location', '/404/'); // what Next 16.4 does on the rendering request
    res.appendHeader('set-cookie', 'a=1');
    res.appendHeader('set-cookie', 'b=2');
    res.end();
  },
  '/marked': (res) => {
    // A page that rendered its outage message (OutageGuard marks the request), answered 200 by Next.
    setTimeout(() => {
      markOutage();
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'public, s-maxage=600');
      res.end('<p>There is no data in this list.</p>');
    }, 5);
  },
  '/page-500-after-failure': (res) => {
    noteSourceFailure();
    res.statusCode = 500;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<html></html>');
  },
  '/page-500-bug': (res) => {
    noteSourceFailure(Date.now() - 3_600_000);
    res.statusCode = 500;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<html></html>');
  },
  '/api-500': (res) => {
    noteSourceFailure();
    res.statusCode = 500;
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  },
  '/wrong-dir': (res) => {
    // A short-lived page's redirect as Next 16.4 sends it: the page's minute, and expireTime's rest.
    res.statusCode = 308;
    res.setHeader('location', '/video/1/right/');
    res.setHeader('cache-control', 's-maxage=60, stale-while-revalidate=172740');
    res.end();
  },
  '/segment-404': (res) => {
    res.statusCode = 404;
    res.setHeader('cache-control', 's-maxage=86400, stale-while-revalidate=86400');
    res.end();
  },
  '/listing': (res) => {
    res.setHeader('cache-control', 's-maxage=86400, stale-while-revalidate=86400');
    res.end('a listing');
  },
  '/unmatched-404': (res) => {
    res.statusCode = 404;
    res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.end();
  },
  '/not-modified': (res) => {
    res.statusCode = 304;
    res.setHeader('cache-control', 's-maxage=86400, stale-while-revalidate=86400');
    res.end();
  },
  '/plain': (res) => {
    res.setHeader('content-type', 'text/html');
    res.end('ok');
  },
};

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => routes[req.url ?? '']?.(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ status: number; raw: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
      })
      .on('error', reject);
  });
}

const values = (raw: string[], name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === name);

describe('response patches', () => {
  it('sends Location once, and still every Set-Cookie', async () => {
    const r = await get('/redirect');
    expect(r.status).toBe(307);
    expect(values(r.raw, 'location')).toEqual(['/404/']);
    expect(values(r.raw, 'set-cookie')).toEqual(['a=1', 'b=2']);
  });

  it('answers a marked page 503 with Retry-After, never cached', async () => {
    const r = await get('/marked');
    expect(r.status).toBe(503);
    expect(values(r.raw, 'retry-after')).toEqual(['30']);
    expect(values(r.raw, 'cache-control')).toEqual(['no-store']);
  });

  it('lets shared caches keep a 404 or a redirect a minute at most, and nothing else changes', async () => {
    expect(values((await get('/wrong-dir')).raw, 'cache-control')).toEqual(['max-age=0, s-maxage=60']);
    expect(values((await get('/segment-404')).raw, 'cache-control')).toEqual(['max-age=0, s-maxage=60']);
    expect(values((await get('/listing')).raw, 'cache-control')).toEqual(['s-maxage=86400, stale-while-revalidate=86400']);
    expect(values((await get('/unmatched-404')).raw, 'cache-control')).toEqual(['private, no-cache, no-store, max-age=0, must-revalidate']);
    expect(values((await get('/redirect')).raw, 'cache-control')).toEqual([]);
    expect(values((await get('/not-modified')).raw, 'cache-control')).toEqual(['s-maxage=86400, stale-while-revalidate=86400']);
  });

  it("turns a page's 500 right after a source failure into 503, not an old one or an API's", async () => {
    expect((await get('/page-500-after-failure')).status).toBe(503);
    expect((await get('/page-500-bug')).status).toBe(500);
    expect((await get('/api-500')).status).toBe(500);
    const plain = await get('/plain');
    expect(plain.status).toBe(200);
    expect(values(plain.raw, 'retry-after')).toEqual([]);
  });
});
