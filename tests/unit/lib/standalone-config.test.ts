/**
 * lib/server/standalone-config.mjs: the standalone folder takes REDIS_URL and PAGE_CACHE_MB at
 * start, as `npm start` does (next.config.ts is not in the folder; the build's values were used).
 */
import { parseConfig } from '@/lib/config';
import { DEFAULT_PAGE_CACHE_MB, standaloneConfig } from '@/lib/server/standalone-config.mjs';

const BUILT = { cacheHandler: '../lib/cache/redis-handler.mjs', cacheMaxMemorySize: 512 * 1024 * 1024, output: 'standalone' };
const HANDLER = '../lib/cache/redis-handler.mjs';

describe('standaloneConfig', () => {
  it('keeps the page-cache handler with or without REDIS_URL (it reads REDIS_URL itself at start)', () => {
    expect(standaloneConfig(BUILT, { REDIS_URL: 'redis://127.0.0.1:6379' }, HANDLER).cacheHandler).toBe(HANDLER);
    expect(standaloneConfig(BUILT, { REDIS_URL: '  ' }, HANDLER).cacheHandler).toBe(HANDLER);
    expect(standaloneConfig(BUILT, {}, HANDLER).cacheHandler).toBe(HANDLER);
  });

  it('sizes the page cache from PAGE_CACHE_MB at start, 64 MB when unset, as next.config.ts does', () => {
    expect(standaloneConfig(BUILT, { PAGE_CACHE_MB: '256' }, HANDLER).cacheMaxMemorySize).toBe(256 * 1024 * 1024);
    expect(standaloneConfig(BUILT, {}, HANDLER).cacheMaxMemorySize).toBe(DEFAULT_PAGE_CACHE_MB * 1024 * 1024);
    expect(DEFAULT_PAGE_CACHE_MB).toBe(parseConfig({}).pageCacheMb);
  });

  it("leaves a value out of range to the start-up check, and never changes the build's object", () => {
    for (const bad of ['8', '70000', '12.5', 'lots']) {
      expect(standaloneConfig(BUILT, { PAGE_CACHE_MB: bad }, HANDLER).cacheMaxMemorySize).toBe(BUILT.cacheMaxMemorySize);
      expect(() => parseConfig({ PAGE_CACHE_MB: bad })).toThrow();
    }
    expect(BUILT.cacheHandler).toBe(HANDLER);
    expect(BUILT.cacheMaxMemorySize).toBe(512 * 1024 * 1024);
  });
});
