/**
 * lib/server/compress-once.mjs over real HTTP: a node:http server whose handler answers the way
 * Next does (a cached page in one `end(string)` with its Content-Length, a render streamed with
 * flushHeaders/write/flush, a static file written in chunks after its Content-Length), with the
 * encoder in front as server.mjs puts it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { acceptsGzip, chooseEncoding, createCompressOnce, etagFor, etagMatches } from '@/lib/server/compress-once.mjs';
import { decodedGet, type Answer } from './helpers/decoded-get';

const PAGE = `<!DOCTYPE html><html><body>${'<a href="/video/1/x/">a video</a>'.repeat(400)}</body></html>`;
const PAGE2 = `<!DOCTYPE html><html><body>${'<a href="/video/2/y/">another video</a>'.repeat(400)}</body></html>`;
const SHARED = 's-maxage=86400, stale-while-revalidate=86400';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
/** The rest of each '/stream-held' answer, sent when the test calls it. */
const held: (() => void)[] = [];
const routes: Record<string, Handler> = {
  // A cached page, as Next's sendRenderResult sends it.
  '/page': (_req, res) => {
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc');
    res.setHeader('Content-Length', Buffer.byteLength(PAGE));
    res.end(PAGE);
  },
  '/page2': (_req, res) => {
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(PAGE2));
    res.end(PAGE2);
  },
  // A render streamed whose rest waits until the client has its first flush (releaseHeld).
  '/stream-held': (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.flushHeaders();
    res.write('<!DOCTYPE html><html><body>');
    (res as unknown as { flush(): void }).flush();
    held.push(() => res.end(`${PAGE}</body></html>`));
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
afterAll(() => {
  // A held answer a failed test never released would keep the server open.
  for (const release of held.splice(0)) release();
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> => decodedGet(base, path, headers, method);

/**
 * What arrives of `path`'s answer before its server sends the rest (a '/stream-held' route, which
 * waits for this), decoded by `decode` from the bytes so far as soon as they decode to some text;
 * the whole answer is then read to its end. Without a flush nothing arrives, and the test times out.
 */
function firstFlush(path: string, headers: Record<string, string>, decode: (sofar: Buffer) => string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        let first: string | undefined;
        res.on('data', (c: Buffer) => {
          if (first !== undefined) return;
          chunks.push(c);
          let text = '';
          try {
            text = decode(Buffer.concat(chunks));
          } catch {
            // not a whole block yet
          }
          if (!text) return;
          first = text;
          held.shift()!();
        });
        res.on('end', () => resolve(first ?? ''));
      })
      .on('error', reject);
  });
}

const GZIP = { 'accept-encoding': 'gzip, deflate' };
const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compress-once', () => {
  test('a cached page leaves gzip-compressed whole, with its length, a weak ETag and Vary', async () => {
    const a = await get('/page', GZIP);
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(Number(a.headers['content-length'])).toBe(a.raw.length);
    expect(a.headers['transfer-encoding']).toBeUndefined();
    expect(a.text).toBe(PAGE);
    expect(a.headers.etag).toMatch(/^W\/"[\w-]{27}-gz"$/);
    expect(a.headers.vary).toBe('rsc, Accept-Encoding');
    expect(a.raw.length).toBeLessThan(Buffer.byteLength(PAGE) / 10);
  });

  test('a client that takes brotli gets the page in brotli, with its own ETag, compressed once', async () => {
    const gz = await get('/page', GZIP);
    const first = await get('/page', BR);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(Number(first.headers['content-length'])).toBe(first.raw.length);
    expect(first.text).toBe(PAGE);
    expect(first.headers.vary).toBe('rsc, Accept-Encoding');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}-br"$/);
    expect(first.headers.etag).not.toBe(gz.headers.etag);
    expect(String(first.headers.etag).slice(0, -4)).toBe(String(gz.headers.etag).slice(0, -4));
    const before = encode.stats();
    const again = await Promise.all(Array.from({ length: 10 }, () => get('/page', { 'accept-encoding': 'br' })));
    expect(encode.stats().misses).toBe(before.misses);
    for (const a of again) expect(a.raw.equals(first.raw)).toBe(true);
  });

  test('a page never seen before, asked in brotli by many at once, is compressed once', async () => {
    const before = encode.stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/page2', BR)));
    expect(encode.stats().misses - before.misses).toBe(1);
    for (const a of answers) {
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.text).toBe(PAGE2);
    }
  });

  test('each encoding is its own representation: an ETag confirms only its own', async () => {
    const br = await get('/page', BR);
    const gz = await get('/page', GZIP);
    const plain = await get('/page');
    const etags = [br.headers.etag, gz.headers.etag, plain.headers.etag];
    expect(new Set(etags).size).toBe(3);
    expect((await get('/page', { ...BR, 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    const crossed = await get('/page', { ...BR, 'if-none-match': String(gz.headers.etag) });
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('br');
    expect(crossed.text).toBe(PAGE);
    const notModified = await get('/page', { ...GZIP, 'if-none-match': String(gz.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(gz.headers.etag);
    expect((await get('/page', { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  test('q-values choose: gzip preferred by q gets gzip, brotli refused gets gzip', async () => {
    expect((await get('/page', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/page', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get('/page', { 'accept-encoding': 'gzip;q=0.8, br;q=0.8' })).headers['content-encoding']).toBe('br');
    expect((await get('/page', { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  test('a streamed render is brotli-compressed as it streams for a client that takes it', async () => {
    const a = await get('/stream', BR);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['transfer-encoding']).toBe('chunked');
    expect(a.text).toBe(`<!DOCTYPE html><html><body>${PAGE}</body></html>`);
    // Each flush leaves at once: the rest of the answer is written only once the client has
    // received the first flush, which decompresses to the first chunk.
    const first = await firstFlush('/stream-held', BR, (b) => zlib.brotliDecompressSync(b, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString());
    expect(first).toBe('<!DOCTYPE html><html><body>');
  });

  test('a one-visitor answer in brotli is compressed for that visitor, without an ETag', async () => {
    const before = encode.stats();
    const a = await get('/private', BR);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.text).toBe(PAGE);
    expect(a.headers.etag).toBeUndefined();
    expect(encode.stats().entries).toBe(before.entries);
  });

  test('HEAD in brotli passes untouched', async () => {
    const head = await get('/page', BR, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.raw.length).toBe(0);
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
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip;q=0, identity' }, { 'accept-encoding': 'deflate, zstd' }];
    for (const headers of clients) {
      const a = await get('/page', headers);
      expect(a.headers['content-encoding']).toBeUndefined();
      expect(a.raw.toString()).toBe(PAGE);
      expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
      expect(a.headers.etag).toBe(String(gz.headers.etag).replace(/-gz"$/, '"'));
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
    // The first flush reaches the client before the rest is written (only once it has arrived).
    const first = await firstFlush('/stream-held', GZIP, (b) => zlib.inflateRawSync(b.subarray(10), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString());
    expect(first).toBe('<!DOCTYPE html><html><body>');
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

describe('the memo bound', () => {
  test('remembered bodies and both their encodings stay within maxBytes, oldest out first', async () => {
    const maxBytes = 400_000;
    const small = createCompressOnce({ maxBytes });
    const srv = http.createServer((req, res) => {
      small(req, res);
      const body = `<!DOCTYPE html><p>${req.url}</p>${PAGE}`;
      res.setHeader('Cache-Control', SHARED);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
    const fetchOne = (path: string, headers: Record<string, string>) =>
      new Promise<void>((resolve, reject) => http.get(`${at}${path}`, { headers }, (res) => res.resume().on('end', resolve)).on('error', reject));
    try {
      for (let i = 0; i < 40; i += 1) {
        await fetchOne(`/p${i}`, GZIP);
        await fetchOne(`/p${i}`, BR);
        expect(small.stats().bytes).toBeLessThanOrEqual(maxBytes);
      }
      const { entries, misses } = small.stats();
      expect(entries).toBeGreaterThan(1);
      expect(entries).toBeLessThan(40);
      // The newest page is still known in both encodings; the first is gone and compressed again.
      await fetchOne('/p39', BR);
      await fetchOne('/p39', GZIP);
      expect(small.stats().misses).toBe(misses);
      await fetchOne('/p0', BR);
      expect(small.stats().misses).toBe(misses + 1);
    } finally {
      await new Promise<void>((resolve) => srv.close(() => resolve()));
    }
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
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['BR;q=0.9, gzip;q=0.9', 'br'],
    ['gzip, br;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['identity', null],
    ['deflate, zstd', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %j chooses %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  test.each([
    ['W/"abc"', 'br', 'W/"abc-br"'],
    ['W/"abc"', 'gzip', 'W/"abc-gz"'],
    ['"abc"', 'br', 'W/"abc-br"'],
    ['W/"abc"', null, 'W/"abc"'],
  ])('the ETag of %j in %j is %j', (etag, encoding, expected) => {
    expect(etagFor(etag, encoding as 'br' | 'gzip' | null)).toBe(expected);
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
