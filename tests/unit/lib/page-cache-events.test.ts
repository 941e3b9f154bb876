/**
 * lib/server/page-cache-events.mjs, the contract between the page cache handler
 * (lib/cache/redis-handler.mjs, without Redis here) and the answer store: a count of the handler's
 * tag time changes, null before a handler exists, one per process whichever copy of the module
 * reads it.
 */
import RedisCacheHandler from '@/lib/cache/redis-handler.mjs';
import { attachPageCache, pageCacheVersion } from '@/lib/server/page-cache-events.mjs';

/** Where the module keeps its record (its own business: only the foreign-record test touches it). */
const SLOT = Symbol.for('tubefront.pageCacheEvents');
const holder = globalThis as unknown as Record<symbol, unknown>;

beforeAll(() => {
  delete process.env.REDIS_URL;
});
afterEach(() => {
  delete holder[SLOT];
});

describe('page cache events', () => {
  test('null before a handler attached; then a count every link moves, which attaching again keeps', () => {
    expect(pageCacheVersion()).toBeNull();
    const link = attachPageCache();
    expect(pageCacheVersion()).toBe(0);
    link.changed();
    link.changed();
    expect(pageCacheVersion()).toBe(2);
    const again = attachPageCache();
    expect(pageCacheVersion()).toBe(2);
    again.changed();
    expect(pageCacheVersion()).toBe(3);
  });

  test('another instance of the module (as Next may load it, by another path) shares the count', () => {
    let other: typeof import('@/lib/server/page-cache-events.mjs') | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import('@/lib/server/page-cache-events.mjs')>('@/lib/server/page-cache-events.mjs');
    });
    expect(other).toBeDefined();
    expect(other!.pageCacheVersion).not.toBe(pageCacheVersion);
    const link = other!.attachPageCache();
    expect(pageCacheVersion()).toBe(0);
    link.changed();
    expect(pageCacheVersion()).toBe(1);
    attachPageCache().changed();
    expect(other!.pageCacheVersion()).toBe(2);
  });

  test('a record of another shape where the count lives is never read as "nothing changed": the store stores nothing, said once', () => {
    const foreign = { changes: '7' };
    holder[SLOT] = foreign;
    const said = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(pageCacheVersion()).toBeNull();
      attachPageCache().changed();
      expect(pageCacheVersion()).toBeNull();
      // Left as it was, for the version that owns it.
      expect(holder[SLOT]).toBe(foreign);
      expect(foreign).toEqual({ changes: '7' });
      expect(said).toHaveBeenCalledTimes(1);
      expect(String(said.mock.calls[0]![0])).toMatch(/stores nothing/);
    } finally {
      said.mockRestore();
    }
  });
});

describe('the page cache handler tells of every change of its tag times, and of nothing else', () => {
  test('made, it attaches; a revalidation here, news from Redis, a forgotten tag each count once', async () => {
    expect(pageCacheVersion()).toBeNull();
    const handler = new RedisCacheHandler();
    // Its process-wide state (made here, the first in this file) attached.
    expect(pageCacheVersion()).toBe(0);
    const start = 0;
    await handler.revalidateTag('video-1');
    expect(pageCacheVersion()).toBe(start + 1);
    // Another server's revalidation, through Redis's tag channel: a newer time, a new tag.
    handler.cache.onTagMessage(JSON.stringify({ from: 'b', tags: { 'video-1': Date.now() + 60_000, 'video-2': 1 } }));
    expect(pageCacheVersion()).toBe(start + 3);
    // The same news again, an older time, something not ours: no change.
    handler.cache.onTagMessage(JSON.stringify({ from: 'b', tags: { 'video-1': 5, 'video-2': 1 } }));
    handler.cache.onTagMessage('not json');
    expect(pageCacheVersion()).toBe(start + 3);
    // A tag time too old to matter, dropped (syncTags); an unknown one changes nothing.
    handler.cache.forgetTag('video-2');
    handler.cache.forgetTag('never-seen');
    expect(pageCacheVersion()).toBe(start + 4);
    await handler.revalidateTag([]);
    expect(pageCacheVersion()).toBe(start + 4);
  });
});
