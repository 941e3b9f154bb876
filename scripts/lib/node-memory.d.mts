/** What the server's heap holds besides the page cache, in MiB (the default cap is this plus PAGE_CACHE_MB). */
export const HEAP_BASE_MB: number;

/** The default cap of V8's old generation for `env`, in MiB. */
export function defaultMaxHeapMb(env?: Record<string, string | undefined>): number;

/** The flags for `node` before the server's script (MAX_HEAP_MB, NODE_OPTIONS); throws one line on a bad value. */
export function serverNodeArgs(env?: Record<string, string | undefined>): string[];
