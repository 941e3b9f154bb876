/** Types of lib/cache/redis-handler.mjs (plain ESM that Next imports as is). */

interface CacheEntry {
  lastModified?: number;
  cacheControl?: { revalidate?: number; expire?: number };
  value?: unknown;
  tags?: string[];
}

/** Whether an entry is brief (cached a minute or less): kept apart, never served stale, never shared. */
export function isBrief(entry: CacheEntry): boolean;

/** What to say about Redis's CONFIG GET maxmemory and maxmemory-policy, or null. */
export function evictionWarning(settings: Record<string, string> | undefined): string | null;

export function serialise(entry: CacheEntry): string;
export function deserialise(text: string): CacheEntry | null;

/** Next's cacheHandler: one per request, sharing the process's LRU and Redis connection. */
export default class RedisCacheHandler {
  constructor(ctx?: { serverDistDir?: string; maxMemoryCacheSize?: number });
  get(key: string, ctx?: unknown): Promise<{ lastModified: number; value: unknown; cacheControl?: unknown } | null>;
  set(key: string, data: unknown, ctx?: unknown): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
