/**
 * lib/server/answer-store.mjs over real HTTP: a node:http server set up as server.mjs sets it up
 * (compress-once, then the store, then the handler), whose handler answers the way Next does for a
 * page from its page cache (X-Nextjs-Cache: HIT, s-maxage, one `end(string)` with its length), and
 * the real page cache handler (lib/cache/redis-handler.mjs, without Redis), revalidated as the
 * catalog-changed endpoint does, or told of another server's revalidation as Redis tells it: the
 * store hears of both only through lib/server/page-cache-events.mjs, as in server.mjs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import RedisCacheHandler from '@/lib/cache/redis-handler.mjs';
import { answerKey, answerStoreOptions, createAnswerStore, sharedLifetime } from '@/lib/server/answer-store.mjs';
import { createCompressOnce } from '@/lib/server/compress-once.mjs';
import { decodedGet } from './helpers/decoded-get';

delete process.env.REDIS_URL;
// As Next does before any route runs: the handler makes its process-wide state, and attaches.
const handler = new RedisCacheHandler();
/** Another server's revalidation, as this process hears of it through Redis's tag channel. */
const heardFromRedis = (tag: string, at: number) => handler.cache.onTagMessage(JSON.stringify({ from: 'another', tags: { [tag]: at } }));

const page = (n: number | string) => `<!DOCTYPE html><html><body><h1>${n}</h1>${'<a href="/video/1/x/">a video</a>'.repeat(300)}</body></html>`;
const SHARED = 's-maxage=86400, stale-while-revalidate=86400';

interface Setup {
  base: string;
  /** Requests the handler ("Next") answered, by URL. */
  calls: Map<string, number>;
  clock: { now: number };
  store: ReturnType<typeof createAnswerStore>;
  close(): Promise<void>;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse, setup: Setup) => void | Promise<void>;

/** A page from the page cache, as Next sends it. */
const cachedPage: Route = (req, res) => {
  const body = page(req.url ?? '');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch');
  res.setHeader('x-nextjs-cache', 'HIT');
  if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', SHARED);
  res.setHeader('Content-Type', req.headers.rsc === '1' ? 'text/x-component' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
};

const routes: Record<string, Route> = {
  '/page/': cachedPage,
  '/other/': cachedPage,
  '/short/': (req, res) => {
    res.setHeader('Cache-Control', 's-maxage=120, stale-while-revalidate=60');
    void cachedPage(req, res, undefined as unknown as Setup);
  },
  // A page the page cache keeps briefly (a part failed): dropped, never stale, once its time is up.
  '/brief/': (req, res) => {
    res.setHeader('Cache-Control', 's-maxage=60, stale-while-revalidate=86340');
    void cachedPage(req, res, undefined as unknown as Setup);
  },
  '/rendered/': (req, res) => {
    res.setHeader('x-nextjs-cache', 'MISS');
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('rendered'));
  },
  '/stale/': (req, res) => {
    res.setHeader('x-nextjs-cache', 'STALE');
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('stale'));
  },
  '/dynamic/': (req, res) => {
    res.setHeader('Cache-Control', 'public, s-maxage=600');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('dynamic'));
  },
  '/cookie/': (req, res) => {
    res.setHeader('Set-Cookie', 'tf_country=NL; Path=/');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('cookie'));
  },
  '/cookie-public/': (req, res) => {
    res.setHeader('Set-Cookie', 'a=b; Path=/');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('cookie-public'));
  },
  '/missing/': (req, res) => {
    res.statusCode = 404;
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('Cache-Control', 'max-age=0, s-maxage=60');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('missing'));
  },
  '/streamed/': (req, res) => {
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('Cache-Control', SHARED);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.write(page('streamed').slice(0, 100));
    res.end(page('streamed').slice(100));
  },
  // A page cache revalidation lands while this page is being answered.
  '/raced/': async (req, res, setup) => {
    await handler.revalidateTag('_N_T_/layout');
    void cachedPage(req, res, setup);
  },
  // The store is cleared while this page is being answered.
  '/cleared/': (req, res, setup) => {
    setup.store.clear();
    void cachedPage(req, res, setup);
  },
};

async function start(options: Parameters<typeof createAnswerStore>[0] = {}, state: 'present' | 'absent' = 'present'): Promise<Setup> {
  const calls = new Map<string, number>();
  const clock = { now: 1_800_000_000_000 };
  const compress = createCompressOnce();
  // 'present': the store's default, the handler's count (page-cache-events.mjs); 'absent': as before any handler.
  const store = createAnswerStore({ replayHeader: 'X-Store', now: () => clock.now, ...(state === 'absent' ? { pageCacheVersion: () => null } : {}), ...options });
  const setup = { calls, clock, store } as Setup;
  const server = http.createServer((req, res) => {
    compress(req, res);
    if (store.serve(req, res)) return;
    const path = (req.url ?? '').split('?')[0]!;
    calls.set(req.url ?? '', (calls.get(req.url ?? '') ?? 0) + 1);
    const route = routes[path] ?? ((_q, r) => ((r.statusCode = 404), r.end()));
    void route(req, res, setup);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setup.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setup.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return setup;
}

const get = decodedGet;

const COOKIE = { cookie: 'tf_country=XX' };
/** The headers but those set for each answer (Date, the connection's) and the store's mark. */
const withoutVolatile = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([name]) => !['date', 'x-store', 'connection', 'keep-alive'].includes(name)));

let s: Setup;
afterEach(async () => {
  await s?.close();
});

describe('answer store', () => {
  test('a page from the page cache is stored on its second request and then served as Next sent it', async () => {
    s = await start();
    const next1 = await get(s.base, '/page/', COOKIE);
    expect(next1.headers['x-store']).toBeUndefined();
    const stored = await get(s.base, '/page/', COOKIE);
    expect(stored.headers['x-store']).toBe('HIT');
    expect(s.calls.get('/page/')).toBe(1);
    expect(stored.status).toBe(200);
    expect(stored.text).toBe(next1.text);
    expect(withoutVolatile(stored.headers)).toEqual(withoutVolatile(next1.headers));
    for (let i = 0; i < 5; i += 1) await get(s.base, '/page/', COOKIE);
    expect(s.calls.get('/page/')).toBe(1);
    expect(s.store.stats().hits).toBe(6);
  });

  test('a stored page leaves in the encoding each client asks for, with its ETag and 304', async () => {
    s = await start();
    const next1 = await get(s.base, '/page/', { ...COOKIE, 'accept-encoding': 'gzip' });
    const gz = await get(s.base, '/page/', { ...COOKIE, 'accept-encoding': 'gzip' });
    expect(gz.headers['x-store']).toBe('HIT');
    expect(gz.raw.equals(next1.raw)).toBe(true);
    expect(gz.headers.etag).toBe(next1.headers.etag);
    const br = await get(s.base, '/page/', { ...COOKIE, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(next1.text);
    expect(br.headers.vary).toBe('rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding');
    const notModified = await get(s.base, '/page/', { ...COOKIE, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers['x-store']).toBe('HIT');
    expect(s.calls.get('/page/')).toBe(1);
  });

  test('HEAD is answered from a stored GET with its headers and no body', async () => {
    s = await start();
    await get(s.base, '/page/', COOKIE);
    const head = await get(s.base, '/page/', COOKIE, 'HEAD');
    expect(head.headers['x-store']).toBe('HIT');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(page('/page/')));
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('a HEAD alone stores nothing', async () => {
    s = await start();
    await get(s.base, '/page/', COOKIE, 'HEAD');
    await get(s.base, '/page/', COOKIE, 'HEAD');
    expect(s.calls.get('/page/')).toBe(2);
  });

  test('only cached, shared, cookie-free 200 pages sent whole, kept over a minute, are stored', async () => {
    s = await start();
    for (const path of ['/rendered/', '/stale/', '/dynamic/', '/cookie/', '/cookie-public/', '/missing/', '/streamed/', '/brief/']) {
      const first = await get(s.base, path, COOKIE);
      const second = await get(s.base, path, COOKIE);
      expect([path, second.headers['x-store']]).toEqual([path, undefined]);
      expect(second.text).toBe(first.text);
      expect(s.calls.get(path)).toBe(2);
    }
    expect(s.store.stats().entries).toBe(0);
  });

  test('requests that differ in what Next varies on are stored apart', async () => {
    s = await start();
    const variants: Record<string, string>[] = [
      {},
      COOKIE,
      { cookie: 'tf_country=DE; other=1' },
      { ...COOKIE, rsc: '1' },
      { ...COOKIE, rsc: '1', 'next-router-prefetch': '1' },
      { ...COOKIE, rsc: '1', 'next-router-segment-prefetch': '/_tree' },
    ];
    for (const headers of variants) await get(s.base, '/page/', headers);
    expect(s.calls.get('/page/')).toBe(variants.length);
    // The same again: every variant from the store, each with its own answer.
    for (const headers of variants) {
      const a = await get(s.base, '/page/', headers);
      expect(a.headers['x-store']).toBe('HIT');
      expect(a.headers['content-type']).toBe(headers.rsc === '1' ? 'text/x-component' : 'text/html; charset=utf-8');
    }
    expect(s.calls.get('/page/')).toBe(variants.length);
    // A cookie's value is not in the key, its name is: another country, the same page.
    expect((await get(s.base, '/page/', { cookie: 'tf_country=NL' })).headers['x-store']).toBe('HIT');
    // The query is part of the URL.
    await get(s.base, '/page/?a=1', COOKIE);
    expect(s.calls.get('/page/?a=1')).toBe(1);
  });

  test('a revalidated page-cache tag makes every stored answer go to Next again', async () => {
    s = await start();
    await get(s.base, '/page/', COOKIE);
    await get(s.base, '/other/', COOKIE);
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBe('HIT');
    // Another server's revalidation, known to this process (through Redis) only now.
    heardFromRedis('_N_T_/layout', Date.now() - 60_000);
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
    expect((await get(s.base, '/other/', COOKIE)).headers['x-store']).toBeUndefined();
    expect(s.calls.get('/page/')).toBe(2);
    // Stored again from the answer given after the revalidation.
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBe('HIT');
    // A later time for the same tag, and a new tag, count too; so does a revalidation made here.
    heardFromRedis('_N_T_/layout', Date.now() + 1);
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
    await get(s.base, '/page/', COOKIE);
    heardFromRedis('_N_T_/videos/layout', 1);
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBe('HIT');
    await handler.revalidateTag('video-42');
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
    // News of a time already known (the periodic sync repeats them all) changes nothing.
    await get(s.base, '/page/', COOKIE);
    heardFromRedis('_N_T_/videos/layout', 1);
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBe('HIT');
  });

  test('an answer whose request saw a revalidation or a clear happen is not stored', async () => {
    s = await start();
    await get(s.base, '/raced/', COOKIE);
    await get(s.base, '/cleared/', COOKIE);
    expect(s.store.stats().entries).toBe(0);
  });

  test('clear() drops every stored answer', async () => {
    s = await start();
    await get(s.base, '/page/', COOKIE);
    s.store.clear();
    expect(s.store.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
  });

  test('without the page cache state nothing is stored', async () => {
    s = await start({}, 'absent');
    await get(s.base, '/page/', COOKIE);
    await get(s.base, '/page/', COOKIE);
    expect(s.calls.get('/page/')).toBe(2);
  });

  test('an answer is kept for its shared lifetime, and at most maxSeconds', async () => {
    s = await start({ maxSeconds: 300 });
    await get(s.base, '/short/', COOKIE);
    await get(s.base, '/page/', COOKIE);
    s.clock.now += 119_000;
    expect((await get(s.base, '/short/', COOKIE)).headers['x-store']).toBe('HIT');
    s.clock.now += 1_000;
    expect((await get(s.base, '/short/', COOKIE)).headers['x-store']).toBeUndefined();
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBe('HIT');
    s.clock.now += 180_000;
    expect((await get(s.base, '/page/', COOKIE)).headers['x-store']).toBeUndefined();
  });

  test('the store stays within its bound, least recently used out first; 0 turns it off', async () => {
    const one = 2 * page('/page/?n=00').length;
    s = await start({ maxBytes: one * 5 });
    for (let i = 10; i < 30; i += 1) {
      await get(s.base, `/page/?n=${i}`, COOKIE);
      // Kept in use: the first page is never the least recently used.
      await get(s.base, '/page/?n=10', COOKIE);
      expect(s.store.stats().bytes).toBeLessThanOrEqual(one * 5);
    }
    expect(s.store.stats().entries).toBeGreaterThan(1);
    expect(s.store.stats().entries).toBeLessThan(5);
    expect((await get(s.base, '/page/?n=10', COOKIE)).headers['x-store']).toBe('HIT');
    expect((await get(s.base, '/page/?n=11', COOKIE)).headers['x-store']).toBeUndefined();
    await s.close();
    s = await start({ maxBytes: 0 });
    await get(s.base, '/page/', COOKIE);
    await get(s.base, '/page/', COOKIE);
    expect(s.calls.get('/page/')).toBe(2);
  });
});

describe('keys and lifetimes', () => {
  const req = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => ({ method, url, headers }) as http.IncomingMessage;

  test('GET and HEAD share a key; other methods, bodies, drafts and revalidations have none', () => {
    expect(answerKey(req('GET', '/a/'))).toBe(answerKey(req('HEAD', '/a/')));
    expect(answerKey(req('POST', '/a/'))).toBeNull();
    expect(answerKey(req('GET', '/a/', { 'content-length': '3' }))).toBeNull();
    expect(answerKey(req('GET', '/a/', { 'transfer-encoding': 'chunked' }))).toBeNull();
    expect(answerKey(req('GET', '/a/', { 'x-prerender-revalidate': 'x' }))).toBeNull();
    expect(answerKey(req('GET', '/a/', { 'next-action': 'x' }))).toBeNull();
    expect(answerKey(req('GET', '/a/', { cookie: 'a=1; __prerender_bypass=x' }))).toBeNull();
  });

  test("a key holds the URL, the router headers and the cookies' names in any order", () => {
    expect(answerKey(req('GET', '/a/', { cookie: 'b=1; a=2' }))).toBe(answerKey(req('GET', '/a/', { cookie: 'a=9;b=8' })));
    expect(answerKey(req('GET', '/a/', { cookie: 'a=1' }))).not.toBe(answerKey(req('GET', '/a/')));
    expect(answerKey(req('GET', '/a/', { rsc: '1' }))).not.toBe(answerKey(req('GET', '/a/')));
    expect(answerKey(req('GET', '/a/', { 'next-url': '/b/' }))).not.toBe(answerKey(req('GET', '/a/')));
    expect(answerKey(req('GET', '/a/?x=1'))).not.toBe(answerKey(req('GET', '/a/')));
    expect(answerKey(req('GET', '/a/', { 'accept-encoding': 'br', 'user-agent': 'x' }))).toBe(answerKey(req('GET', '/a/')));
  });

  test.each([
    ['s-maxage=86400, stale-while-revalidate=86400', 86400],
    ['public, max-age=60', 60],
    ['max-age=60', 0],
    ['private, s-maxage=60', 0],
    ['s-maxage=60, no-store', 0],
    ['no-cache', 0],
    ['', 0],
    [undefined, 0],
  ])('Cache-Control %j: shared for %j s', (cc, seconds) => {
    expect(sharedLifetime(cc)).toBe(seconds);
  });

  test('ANSWER_STORE_MB sets the bound; a wrong value warns and keeps the default', () => {
    const warn = jest.fn();
    expect(answerStoreOptions({ ANSWER_STORE_MB: '8' }, warn).maxBytes).toBe(8 * 1024 * 1024);
    expect(answerStoreOptions({ ANSWER_STORE_MB: '0' }, warn).maxBytes).toBe(0);
    expect(answerStoreOptions({}, warn).maxBytes).toBe(32 * 1024 * 1024);
    expect(warn).not.toHaveBeenCalled();
    expect(answerStoreOptions({ ANSWER_STORE_MB: 'lots' }, warn).maxBytes).toBe(32 * 1024 * 1024);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ANSWER_STORE_MB'));
    expect(answerStoreOptions({ ANSWER_STORE_TRACE: '1' }, warn).replayHeader).toBe('X-Tubefront-Answer-Store');
  });
});
