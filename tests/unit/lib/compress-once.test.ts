/**
 * lib/server/compress-once.mjs over real HTTP: a node:http server whose handler answers the way
 * Next does (a cached page in one `end(string)` with its Content-Length, a render streamed with
 * flushHeaders/write/flush, a static file written in chunks after its Content-Length), with the
 * encoder in front as server.mjs puts it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { acceptsGzip, createCompressOnce, etagMatches } from '@/lib/server/compress-once.mjs';

const PAGE = `<!DOCTYPE html><html><body>${'<a href="/video/1/x/">a video</a>'.repeat(400)}</body></html>`;
const SHARED = 's-maxage=86400, stale-while-revalidate=86400';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes: Record<string, Handler> = {
  // A cached page, as Next's sendRenderResult sends it.
  '/page': (_req, res) => {
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc');
    res.setHeader('Content-Length', Buffer.byteLength(PAGE));
    res.end(PAGE);
  },
  // The same bytes for one visitor only.
  '/private': (_req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(PAGE);
  },
  // A render streamed as Next's pipeToNodeResponse does it.
  '/stream': (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.flushHeaders();
    res.write('<!DOCTYPE html><html><body>');
    (res as unknown as { flush(): void }).flush();
    setTimeout(() => {
      res.write(PAGE);
      (res as unknown as { flush(): void }).flush();
      res.end('</body></html>');
    }, 20);
  },
  // A static file: Content-Length first, then chunks (Next's `send`).
  '/static.js': (_req, res) => {
    const body = Buffer.from(`console.log(${JSON.stringify(PAGE)});`);
    res.setHeader('Content-Type', 'application/javascript; charset=UTF-8');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Length', body.length);
    res.write(body.subarray(0, 1000));
    setTimeout(() => res.end(body.subarray(1000)), 5);
  },
  '/image': (_req, res) => {
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', SHARED);
    res.end(Buffer.alloc(5000, 7));
  },
  '/small': (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', SHARED);
    res.end('{"ok":true}');
  },
  '/partial': (_req, res) => {
    res.statusCode = 206;
    res.setHeader('Content-Type', 'text/plain');
    res.setHeader('Content-Range', 'bytes 0-1999/5000');
    res.end('x'.repeat(2000));
  },
  '/missing': (_req, res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.end(PAGE);
  },
};

let server: http.Server;
let base: string;
let encode: ReturnType<typeof createCompressOnce>;

beforeAll(async () => {
  encode = createCompressOnce();
  server = http.createServer((req, res) => {
    encode(req, res);
    (routes[req.url ?? ''] ?? ((_q, r) => ((r.statusCode = 404), r.end())))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw).toString() : raw.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

describe('compress-once', () => {
  test('a cached page leaves gzip-compressed whole, with its length, a weak ETag and Vary', async () => {
    const a = await get('/page', GZIP);
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(Number(a.headers['content-length'])).toBe(a.raw.length);
    expect(a.headers['transfer-encoding']).toBeUndefined();
    expect(a.text).toBe(PAGE);
    expect(a.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(a.headers.vary).toBe('rsc, Accept-Encoding');
    expect(a.raw.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);
  });

  test('the same page again is compressed once, whatever the number of requests', async () => {
    await get('/page', GZIP);
    const before = encode.stats();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/page', GZIP)));
    const after = encode.stats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits - before.hits).toBe(20);
    for (const a of answers) expect(a.raw.equals(answers[0]!.raw)).toBe(true);
  });

  test('a client without gzip gets the same body, ETag and Vary, uncompressed', async () => {
    const gz = await get('/page', GZIP);
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip;q=0, identity' }, { 'accept-encoding': 'br' }];
    for (const headers of clients) {
      const a = await get('/page', headers);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.raw.toString()).toBe(PAGE);
      expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
      expect(a.headers.etag).toBe(gz.headers.etag);
      expect(a.headers.vary).toBe('rsc, Accept-Encoding');
    }
  });

  test('If-None-Match with the ETag gets 304 without a body; another ETag gets the page', async () => {
    const { headers } = await get('/page', GZIP);
    const etag = String(headers.etag);
    const same = await get('/page', { ...GZIP, 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` });
    expect(same.status).toBe(304);
    expect(same.raw.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe(SHARED);
    const other = await get('/page', { ...GZIP, 'if-none-match': 'W/"stale"' });
    expect(other.status).toBe(200);
    expect(other.text).toBe(PAGE);
  });

  test('a one-visitor answer is compressed but neither remembered nor given an ETag', async () => {
    const before = encode.stats();
    const a = await get('/private', GZIP);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(a.text).toBe(PAGE);
    expect(a.headers.etag).toBeUndefined();
    expect(encode.stats().entries).toBe(before.entries);
    const b = await get('/missing', { ...GZIP, 'if-none-match': '*' });
    expect(b.status).toBe(404);
    expect(b.text).toBe(PAGE);
  });

  test('a streamed render is gzipped as it streams, chunked, each flush sent at once', async () => {
    const a = await get('/stream', GZIP);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(a.headers['transfer-encoding']).toBe('chunked');
    expect(a.text).toBe(`<!DOCTYPE html><html><body>${PAGE}</body></html>`);
    // The first flush reaches the client before the rest is written (20 ms later): what arrives
    // within 10 ms of the first byte inflates to the first chunk.
    const first = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/stream`, { headers: GZIP }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            if (chunks.push(c) === 1) setTimeout(() => resolve(Buffer.concat(chunks)), 10);
          });
        })
        .on('error', reject);
    });
    const inflated = zlib.inflateRawSync(first.subarray(10), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
    expect(inflated).toBe('<!DOCTYPE html><html><body>');
    const plain = await get('/stream');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(`<!DOCTYPE html><html><body>${PAGE}</body></html>`);
  });

  test('a static file written in chunks after its Content-Length is collected and compressed whole', async () => {
    const a = await get('/static.js', GZIP);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(Number(a.headers['content-length'])).toBe(a.raw.length);
    expect(a.text).toBe(`console.log(${JSON.stringify(PAGE)});`);
  });

  test('images, small bodies, ranges and HEAD pass untouched', async () => {
    const image = await get('/image', GZIP);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.raw.length).toBe(5000);
    const small = await get('/small', GZIP);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('{"ok":true}');
    const partial = await get('/partial', GZIP);
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.raw.length).toBe(2000);
    const head = await get('/page', GZIP, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });
});

describe('header parsing', () => {
  test.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['deflate, gzip;q=0.5', true],
    ['x-gzip', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0, *', false],
    ['*', true],
    ['*;q=0', false],
    ['br, identity', false],
    ['', false],
  ])('Accept-Encoding %j takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  test.each([
    ['W/"abc"', 'W/"abc"', true],
    ['"abc"', 'W/"abc"', true],
    ['"x", W/"abc"', 'W/"abc"', true],
    ['*', 'W/"abc"', true],
    ['"abcd"', 'W/"abc"', false],
    ['', 'W/"abc"', false],
  ])('If-None-Match %j matches %j: %s', (header, etag, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
