import { SourceError } from '@/lib/contract/errors';

const videos = jest.fn();
jest.mock('@/lib/catalog/open', () => ({ siteCatalog: async () => ({ source: { name: 'embedded', videos } }) }));

import { GET } from '@/app/api/health/route';
import { attachPageCache } from '@/lib/server/page-cache-events.mjs';

describe('GET /api/health/', () => {
  it('is 200 with the source and the cache tier when the catalogue answers, and never cached', async () => {
    videos.mockResolvedValue({ videos: [], total_count: 0 });
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true, source: 'embedded', cache: 'memory' });
  });

  // Where lib/server/page-cache-events.mjs keeps its record: cleared after each case, so that the next starts with no handler.
  const EVENTS_SLOT = Symbol.for('tubefront.pageCacheEvents');

  async function tierWith(redisUrl: string, handlerLoaded: boolean): Promise<unknown> {
    const saved = process.env.REDIS_URL;
    const holder = globalThis as Record<symbol, unknown>;
    process.env.REDIS_URL = redisUrl;
    // What the handler does when Next constructs it (lib/cache/redis-handler.mjs).
    if (handlerLoaded) attachPageCache();
    try {
      let route: typeof import('@/app/api/health/route') | undefined;
      jest.isolateModules(() => {
        route = jest.requireActual<typeof import('@/app/api/health/route')>('@/app/api/health/route');
      });
      videos.mockResolvedValue({ videos: [], total_count: 0 });
      return ((await (await route!.GET()).json()) as { cache: unknown }).cache;
    } finally {
      delete holder[EVENTS_SLOT];
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
    }
  }

  it('names Redis as the cache tier when REDIS_URL is set and the Redis handler is loaded', async () => {
    expect(await tierWith('redis://127.0.0.1:6379/0', true)).toBe('redis');
  });

  it('says memory when REDIS_URL is set but the handler was never loaded, or loaded without REDIS_URL', async () => {
    expect(await tierWith('redis://127.0.0.1:6379/0', false)).toBe('memory');
    expect(await tierWith('', true)).toBe('memory');
  });

  it('is 503 with Retry-After and the failure kind when the catalogue does not answer', async () => {
    // Past the probe's memo of the last answer.
    jest.useFakeTimers({ now: Date.now() + 10_000, doNotFake: ['nextTick', 'setImmediate'] });
    videos.mockRejectedValue(new SourceError('timeout', 'no answer'));
    const res = await GET();
    jest.useRealTimers();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(await res.json()).toMatchObject({ ok: false, error: 'timeout' });
  });
});
