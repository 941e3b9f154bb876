/**
 * A small bounded LRU cache with an optional time to live: for unbounded key spaces such as search
 * terms, values that may be a little stale such as total counts, and (with a size per entry) the
 * page cache's bytes in memory (lib/cache/redis-handler.mjs). Plain ESM so that files Next loads
 * unbundled can use it too; its types are lru.d.mts.
 */
export class LruCache {
  /**
   * @param {number} limit how much it holds: entries, or the sum of sizeOf over them
   * @param {number} [ttlMs] how long an entry lives (Infinity: until it is evicted)
   * @param {() => number} [now] the clock, in ms
   * @param {(value: unknown, key: string) => number} [sizeOf] an entry's size (1 each: `limit` counts entries)
   */
  constructor(limit, ttlMs = Infinity, now = Date.now, sizeOf = () => 1) {
    this.limit = limit;
    this.ttlMs = ttlMs;
    this.now = now;
    this.sizeOf = sizeOf;
    /** The sum of the entries' sizes. */
    this.used = 0;
    /** @type {Map<string, { value: unknown; expires: number; size: number }>} */
    this.map = new Map();
  }

  get(key) {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-insert to mark as most recently used.
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  /** Stores `value` under `key`; a value larger than the whole cache is not kept. */
  set(key, value) {
    this.delete(key);
    const size = this.sizeOf(value, key);
    if (size > this.limit) return;
    this.map.set(key, { value, expires: this.now() + this.ttlMs, size });
    this.used += size;
    for (const [oldest, item] of this.map) {
      if (this.used <= this.limit) break;
      this.map.delete(oldest);
      this.used -= item.size;
    }
  }

  /** The cached value, or computes, stores and returns it. */
  getOrCompute(key, compute) {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }

  /** Drops one entry (a failed one, say), keeping the others. */
  delete(key) {
    const item = this.map.get(key);
    if (!item) return;
    this.map.delete(key);
    this.used -= item.size;
  }

  clear() {
    this.map.clear();
    this.used = 0;
  }

  get size() {
    return this.map.size;
  }
}
