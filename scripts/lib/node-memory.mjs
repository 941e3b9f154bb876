/**
 * The Node flags the site's server runs with under `npm start` (scripts/start.ts), and under
 * `npm run soak`, which measures the server as `npm start` runs it.
 *
 * A cap on V8's old generation. Without one, V8 sizes the heap from the machine's memory, or from
 * a container's limit when there is one: on a large host it lets garbage pile up to several times
 * what is alive before it collects in earnest, so the server's resident memory follows the host's
 * size rather than the site's; in a small container it allows a quarter of the limit, less than
 * the page cache alone may hold, and the server dies with "heap out of memory" once the cache is
 * full. With the cap V8 collects before the heap passes it, and what fills it is what is alive:
 * the code, the bounded caches and the renders under way.
 *
 * The default cap follows the stores an operator sizes: HEAP_BASE_MB for everything else in the
 * heap (including the upstream's answer cache at its default size), plus the page cache
 * (PAGE_CACHE_MB), plus, with API_ORIGIN, what UPSTREAM_CACHE_MB asks beyond its default, in
 * parsed answers (which take more heap than their bytes as fetched: npm run bench:upstream-cache). With the
 * default page cache it leaves room under a 512 MiB container for what is not V8's heap (code,
 * buffers, SQLite's page cache). MAX_HEAP_MB overrides it (0: no cap, V8's own sizing); a
 * --max-old-space-size already in NODE_OPTIONS wins over both.
 */
import { DEFAULT_PAGE_CACHE_MB } from '../../lib/server/standalone-config.mjs';

/** What the heap holds besides the page cache: code, the other stores, renders under way, and room for garbage. */
export const HEAP_BASE_MB = 160;

/** UPSTREAM_CACHE_MB's default (lib/config; a unit test keeps the two equal): HEAP_BASE_MB makes room for it. */
export const UPSTREAM_CACHE_BASE_MB = 16;
/** Heap per MiB of upstream answers as fetched, once parsed (with room: bench:upstream-cache measures it). */
const PARSED_PER_FETCHED = 1.5;

/**
 * A whole number of MiB from `env[name]`, or `fallback` when it is not one (lib/config refuses it at start).
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {number} fallback
 */
function mib(env, name, fallback) {
  const raw = env[name]?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : fallback;
}

/**
 * The default cap in MiB for `env` (its PAGE_CACHE_MB, and with API_ORIGIN its UPSTREAM_CACHE_MB, when valid).
 * @param {Record<string, string | undefined>} [env]
 * @returns {number}
 */
export function defaultMaxHeapMb(env = process.env) {
  const pageCache = mib(env, 'PAGE_CACHE_MB', DEFAULT_PAGE_CACHE_MB);
  const upstreamExtra = env.API_ORIGIN?.trim() ? Math.max(0, mib(env, 'UPSTREAM_CACHE_MB', UPSTREAM_CACHE_BASE_MB) - UPSTREAM_CACHE_BASE_MB) : 0;
  return HEAP_BASE_MB + pageCache + Math.ceil(upstreamExtra * PARSED_PER_FETCHED);
}

/**
 * The flags for `node` before the server's script; throws one line on a bad MAX_HEAP_MB.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function serverNodeArgs(env = process.env) {
  if (/--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  const raw = env.MAX_HEAP_MB?.trim();
  const mb = raw ? Number(raw) : defaultMaxHeapMb(env);
  if (!Number.isInteger(mb) || (mb !== 0 && (mb < 64 || mb > 1_048_576))) {
    throw new Error(`MAX_HEAP_MB must be 0 (no cap) or a whole number of MiB from 64 to 1048576, not "${raw}"`);
  }
  return mb === 0 ? [] : [`--max-old-space-size=${mb}`];
}
