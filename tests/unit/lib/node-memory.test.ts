/**
 * scripts/lib/node-memory.mjs: the heap cap `npm start` (and the soak) runs the server with.
 */
import { parseConfig } from '@/lib/config';
import { DEFAULT_UPSTREAM_CACHE_MB } from '@/lib/config';
import { HEAP_BASE_MB, UPSTREAM_CACHE_BASE_MB, defaultMaxHeapMb, serverNodeArgs } from '@/scripts/lib/node-memory.mjs';

describe('serverNodeArgs', () => {
  it('caps the heap at the base plus the page cache, and follows PAGE_CACHE_MB', () => {
    expect(serverNodeArgs({})).toEqual([`--max-old-space-size=${HEAP_BASE_MB + parseConfig({}).pageCacheMb}`]);
    expect(defaultMaxHeapMb({ PAGE_CACHE_MB: '512' })).toBe(HEAP_BASE_MB + 512);
    expect(serverNodeArgs({ PAGE_CACHE_MB: ' 512 ' })).toEqual([`--max-old-space-size=${HEAP_BASE_MB + 512}`]);
  });

  it('grows with UPSTREAM_CACHE_MB beyond its default, in front of an upstream only', () => {
    expect(UPSTREAM_CACHE_BASE_MB).toBe(DEFAULT_UPSTREAM_CACHE_MB);
    const base = defaultMaxHeapMb({});
    expect(defaultMaxHeapMb({ API_ORIGIN: 'https://api.example', UPSTREAM_CACHE_MB: String(DEFAULT_UPSTREAM_CACHE_MB) })).toBe(base);
    expect(defaultMaxHeapMb({ API_ORIGIN: 'https://api.example', UPSTREAM_CACHE_MB: '8' })).toBe(base);
    expect(defaultMaxHeapMb({ API_ORIGIN: 'https://api.example', UPSTREAM_CACHE_MB: String(DEFAULT_UPSTREAM_CACHE_MB + 100) })).toBe(base + 150);
    // On the embedded catalogue the setting keeps nothing.
    expect(defaultMaxHeapMb({ UPSTREAM_CACHE_MB: '1000' })).toBe(base);
  });

  it('takes MAX_HEAP_MB over the default, 0 for no cap, and leaves a cap in NODE_OPTIONS alone', () => {
    expect(serverNodeArgs({ MAX_HEAP_MB: '1024', PAGE_CACHE_MB: '64' })).toEqual(['--max-old-space-size=1024']);
    expect(serverNodeArgs({ MAX_HEAP_MB: '0' })).toEqual([]);
    expect(serverNodeArgs({ NODE_OPTIONS: '--max-old-space-size=700', MAX_HEAP_MB: '300' })).toEqual([]);
  });

  it('refuses a MAX_HEAP_MB that is not a size, in one line naming it', () => {
    for (const bad of ['lots', '12.5', '32', '-1']) expect(() => serverNodeArgs({ MAX_HEAP_MB: bad })).toThrow(`MAX_HEAP_MB must be 0 (no cap) or a whole number of MiB from 64 to 1048576, not "${bad}"`);
  });
});
