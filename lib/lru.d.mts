/** Types of lib/lru.mjs (plain ESM, so that files Next loads unbundled can use it too). */
export class LruCache<V> {
  /**
   * `limit`: how much it holds, in entries, or in the sum of `sizeOf` over them when given;
   * `ttlMs`: how long an entry lives (Infinity: until evicted); `now`: the clock in ms.
   */
  constructor(limit: number, ttlMs?: number, now?: () => number, sizeOf?: (value: V, key: string) => number);
  readonly limit: number;
  /** The sum of the entries' sizes. */
  readonly used: number;
  get(key: string): V | undefined;
  /** Stores `value` under `key`; a value larger than the whole cache is not kept. */
  set(key: string, value: V): void;
  /** The cached value, or computes, stores and returns it. */
  getOrCompute(key: string, compute: () => V): V;
  /** Drops one entry (a failed one, say), keeping the others. */
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}
