/**
 * lib/cache/redis-handler.mjs without Redis (REDIS_URL unset): the in-memory page cache every
 * server has. Entries of URLs that name nothing (cached a minute or less) are kept apart, never
 * push out the pages visitors read, and are gone once their minute is over.
 */
import RedisCacheHandler, { evictionWarning, isBrief } from '@/lib/cache/redis-handler.mjs';

type Entry = { value: { html: string } } | null;
const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from(html), headers: {}, status: 200 });
const ctx = { kind: 'APP_PAGE', isFallback: false };
const day = { cacheControl: { revalidate: 86400, expire: 172800 } };
const minute = { cacheControl: { revalidate: 60, expire: 172800 } };

let now = 1_750_000_000_000;
beforeAll(() => {
  delete process.env.REDIS_URL;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterAll(() => jest.restoreAllMocks());

describe('the page cache without Redis', () => {
  const handler = new RedisCacheHandler({ maxMemoryCacheSize: 16 * 1024 * 1024 });
  const html = (k: string, kb: number) => `${k}:${'x'.repeat(kb * 1024)}`;
  const get = async (key: string) => ((await handler.get(key, ctx)) as Entry)?.value.html.slice(0, 40);

  it('tells brief entries by their lifetime', () => {
    expect(isBrief({ cacheControl: { revalidate: 60 } })).toBe(true);
    expect(isBrief({ cacheControl: { revalidate: 3600 } })).toBe(false);
    expect(isBrief({ value: { kind: 'FETCH', revalidate: 60 } })).toBe(true);
    expect(isBrief({ cacheControl: undefined })).toBe(false);
  });

  it('keeps the pages visitors read while 10,000 invented URLs come and go', async () => {
    const real = Array.from({ length: 50 }, (_, i) => `/videos/latest-updates/${i + 1}/`);
    for (const k of real) await handler.set(k, page(html(k, 100)), day);
    for (let i = 0; i < 10_000; i++) await handler.set(`/video/${i}/made-up/`, page(html(`/video/${i}/made-up/`, 28)), minute);
    for (const k of real) expect(await get(k)).toBe(html(k, 1).slice(0, 40));
    // The newest invented ones are served within their minute; the brief share holds few.
    expect(await get('/video/9999/made-up/')).toBe(html('/video/9999/made-up/', 1).slice(0, 40));
    let held = 0;
    for (let i = 0; i < 10_000; i++) if (await get(`/video/${i}/made-up/`)) held++;
    expect(held).toBeLessThan(40);
    now += 61_000;
    expect(await get('/video/9999/made-up/')).toBeUndefined();
    expect(await get(real[0]!)).toBe(html(real[0]!, 1).slice(0, 40));
  });

  it('lets a URL that named nothing become a page, and back', async () => {
    await handler.set('/video/5/soon/', page('redirect to /404/'), minute);
    await handler.set('/video/5/soon/', page('the video'), day);
    expect(await get('/video/5/soon/')).toBe('the video');
    await handler.set('/video/5/soon/', page('taken down'), minute);
    expect(await get('/video/5/soon/')).toBe('taken down');
  });
});

describe("Redis's eviction settings", () => {
  it('are questioned when unbounded, or able to evict the purge times', () => {
    expect(evictionWarning({ maxmemory: '0', 'maxmemory-policy': 'noeviction' })).toMatch(/^Redis has no maxmemory/);
    expect(evictionWarning({ maxmemory: '1073741824', 'maxmemory-policy': 'allkeys-lru' })).toMatch(/allkeys-lru, which may evict/);
    expect(evictionWarning({ maxmemory: '1073741824', 'maxmemory-policy': 'noeviction' })).toMatch(/noeviction/);
    expect(evictionWarning({ maxmemory: '1073741824', 'maxmemory-policy': 'volatile-lru' })).toBeNull();
    expect(evictionWarning({ maxmemory: '1073741824', 'maxmemory-policy': 'volatile-ttl' })).toBeNull();
  });
});
