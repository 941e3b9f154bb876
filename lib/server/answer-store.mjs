/**
 * The site's server's own store of finished page answers (server.mjs), so that a page Next serves
 * from its page cache is served again without Next: no routing, no proxy, no cache handler lookup,
 * no rendering of headers: work a finished page does not need, which for a cached page is most of
 * what the server would otherwise do for it.
 *
 * It only ever repeats what Next itself would answer at that moment, and is narrower than the edge:
 *
 * - Stored: a GET answer Next sent whole (one `end(string)`) from its page cache (X-Nextjs-Cache:
 *   HIT, so never a render, a stale page or a per-request page such as search), 200, shared-cacheable
 *   (s-maxage or public max-age above 0, no private/no-store/no-cache) and setting no cookie.
 * - Keyed by what the answer may depend on: the request's path and query exactly as sent (no
 *   normalisation: another spelling is another entry), the headers Next's router varies on (RSC,
 *   Next-Router-Prefetch, Next-Router-Segment-Prefetch, Next-Url), and the names of the request's
 *   cookies (the proxy, lib/geo's country cookie, acts on a cookie being there or not; no page
 *   Next caches reads a cookie's value). Requests in draft mode, with a revalidation or action
 *   header, or with a body, are never answered from it.
 * - Kept for the answer's shared lifetime (s-maxage, else max-age) counted from the request that
 *   stored it, and at most `maxSeconds`; not at all when that lifetime is a minute or less; bounded in bytes (least recently used first out; a string
 *   counted at 2 bytes a character, its worst case, plus its headers).
 * - Dropped whenever the page cache is: an entry is served only while the page cache handler's
 *   tag times are what they were when its request began, that is while the page cache would still
 *   answer what it answered then. The handler (lib/cache/redis-handler.mjs, one state per process)
 *   learns every revalidation: this process's own (the catalog-changed endpoint: imports,
 *   takedowns, the publish clock) and, with Redis, every other server's, however late the news
 *   arrives; it counts each change of its tag times in lib/server/page-cache-events.mjs, the only
 *   thing the store reads of it. Before a handler exists nothing is stored. `clear()` (server.mjs calls it
 *   after the catalog-changed endpoint answered 2xx) drops everything too, and an answer whose
 *   request began before a clear is not stored.
 *
 * A stored answer leaves through the same filters as Next's (server.mjs runs the edge-headers and
 * compress-once filters first): the same headers as Next sent, its encodings, ETag and 304 from
 * compress-once, HEAD with the headers only.
 */

import { pageCacheVersion as processPageCacheVersion } from './page-cache-events.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {{ text: string; headers: [string, number | string | string[]][]; version: number; expires: number; generation: number; cost: number }} Entry
 *   `version`: the page cache's version (pageCacheVersion) when its request began
 */

/** Request headers that make Next answer differently, or not from its cache. */
const KEY_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url'];
const BYPASS_HEADERS = ['x-prerender-revalidate', 'x-prerender-revalidate-if-generated', 'next-action', 'x-middleware-subrequest'];
const DRAFT_COOKIE = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;
/** Answer headers not replayed: set again for each answer (by Node, compress-once) or never stored. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'etag', 'set-cookie']);
/**
 * An answer a shared cache may keep this long or less is not stored: a page whose part failed, a
 * short-lived page. The page cache drops such pages as soon as their time is up, never serving
 * them stale (lib/cache/redis-handler.mjs, BRIEF_SECONDS), which the store, counting from the
 * request that stored it, could not match.
 */
const BRIEF_SECONDS = 60;
/** What an entry costs besides its text and headers (the objects, the key). */
const ENTRY_OVERHEAD = 512;

/**
 * The store key of a request, or null when it must go to Next: its method (GET and HEAD share
 * one), its URL as sent, the router headers and its cookies' names.
 */
/**
 * @param {IncomingMessage} req
 * @returns {string | null}
 */
export function answerKey(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const h = req.headers;
  if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return null;
  for (const name of BYPASS_HEADERS) if (h[name] !== undefined) return null;
  let key = req.url ?? '';
  for (const name of KEY_HEADERS) {
    const v = h[/** @type {keyof typeof h} */ (name)];
    key += v === undefined ? '\n' : `\n${name}:${v}`;
  }
  const cookie = h.cookie;
  if (cookie) {
    if (DRAFT_COOKIE.test(cookie)) return null;
    const names = [];
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      names.push((eq < 0 ? part : part.slice(0, eq)).trim());
    }
    key += `\ncookies:${names.sort().join(';')}`;
  }
  return key;
}

/**
 * The seconds a shared cache may keep an answer with this Cache-Control, or 0.
 * @param {unknown} cacheControl a Cache-Control header's value(s)
 * @returns {number}
 */
export function sharedLifetime(cacheControl) {
  const cc = Array.isArray(cacheControl) ? cacheControl.join(', ') : String(cacheControl ?? '');
  if (!cc || /\b(?:private|no-store|no-cache)\b/i.test(cc)) return 0;
  const s = /\bs-maxage\s*=\s*(\d+)/i.exec(cc);
  if (s) return Number(s[1]);
  const m = /\bmax-age\s*=\s*(\d+)/i.exec(cc);
  return m && /\bpublic\b/i.test(cc) ? Number(m[1]) : 0;
}

/**
 * `maxBytes`: the bound of the stored texts and headers (0: no store at all). `maxSeconds`: the
 * longest an answer is kept, whatever its lifetime. `replayHeader`: a response header name added to
 * every answer served from the store (tests only; none by default). `pageCacheVersion()` counts
 * the page cache's tag time changes, null before a handler exists (lib/server/page-cache-events.mjs's,
 * by default); `now()` the time in ms.
 * @param {{ maxBytes?: number; maxSeconds?: number; replayHeader?: string; pageCacheVersion?: () => number | null; now?: () => number }} [options]
 */
export function createAnswerStore({
  maxBytes = 32 * 1024 * 1024,
  maxSeconds = 300,
  replayHeader = '',
  pageCacheVersion = processPageCacheVersion,
  now = Date.now,
} = {}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  let generation = 0;
  let hits = 0;
  let stores = 0;

  /**
   * @param {string} key
   * @param {Entry} entry
   */
  function remove(key, entry) {
    entries.delete(key);
    bytes -= entry.cost;
  }

  /**
   * Whether `entry` may still be served at `at`.
   * @param {Entry} entry
   * @param {number} at
   */
  function valid(entry, at) {
    return at < entry.expires && entry.generation === generation && entry.version === pageCacheVersion();
  }

  /**
   * @param {string} key
   * @param {Entry} entry
   */
  function remember(key, entry) {
    const old = entries.get(key);
    if (old) remove(key, old);
    if (entry.cost > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.cost;
    stores += 1;
    for (const [k, e] of entries) {
      if (bytes <= maxBytes) break;
      remove(k, e);
    }
  }

  /**
   * Watches the answer Next gives a GET for `key` that began at `date`, and stores it if it qualifies.
   * @param {string} key
   * @param {number} date
   * @param {ServerResponse} res
   */
  function capture(key, date, res) {
    const startGeneration = generation;
    // The page cache's version (its tag times' changes) when the request began: after a
    // revalidation the answer may be from before or after it, so it is not kept (offer) and an entry from before is not served (valid).
    const version = pageCacheVersion();
    if (version === null) return;
    const write = res.write;
    const end = res.end;
    let streamed = false;
    res.write = /** @type {ServerResponse['write']} */ (
      function writeWatched(/** @type {unknown[]} */ ...args) {
        streamed = true;
        return /** @type {(...a: unknown[]) => boolean} */ (write).apply(res, args);
      }
    );
    res.end = /** @type {ServerResponse['end']} */ (
      function endWatched(/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        res.write = write;
        res.end = end;
        if (!streamed && typeof chunk === 'string' && (rest.length === 0 || typeof rest[0] === 'function' || rest[0] === 'utf8' || rest[0] === 'utf-8')) {
          offer(key, date, startGeneration, version, res, chunk);
        }
        return /** @type {(...a: unknown[]) => ServerResponse} */ (end).call(res, chunk, ...rest);
      }
    );
  }

  /**
   * @param {string} key
   * @param {number} date when its request began
   * @param {number} startGeneration
   * @param {number} version the page cache's version when its request began
   * @param {ServerResponse} res
   * @param {string} text the body Next sent
   */
  function offer(key, date, startGeneration, version, res, text) {
    if (startGeneration !== generation || version !== pageCacheVersion() || res.statusCode !== 200 || res.headersSent) return;
    if (res.getHeader('x-nextjs-cache') !== 'HIT' || res.hasHeader('set-cookie')) return;
    const shared = sharedLifetime(res.getHeader('cache-control'));
    if (!(shared > BRIEF_SECONDS)) return;
    const lifetime = Math.min(shared, maxSeconds);
    /** @type {Entry['headers']} */
    const headers = [];
    let cost = ENTRY_OVERHEAD + key.length * 2 + text.length * 2;
    // As Next spelled them (getHeaderNames() would give them in lower case).
    // (Node has had it since 15.13; @types/node does not list it.)
    for (const name of /** @type {ServerResponse & { getRawHeaderNames(): string[] }} */ (res).getRawHeaderNames()) {
      if (NOT_REPLAYED.has(name.toLowerCase())) continue;
      const value = res.getHeader(name);
      if (value === undefined) continue;
      headers.push([name, value]);
      cost += (name.length + String(value).length) * 2;
    }
    remember(key, { text, headers, version, expires: date + lifetime * 1000, generation: startGeneration, cost });
  }

  /**
   * Answers `req` from the store when it can (true), else arranges for Next's answer to be
   * considered (false). Call after the response filters, before Next's handler.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @returns {boolean}
   */
  function serve(req, res) {
    if (maxBytes <= 0) return false;
    const key = answerKey(req);
    if (key === null) return false;
    const at = now();
    const entry = entries.get(key);
    if (entry) {
      if (valid(entry, at)) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
        hits += 1;
        res.statusCode = 200;
        for (const [name, value] of entry.headers) res.setHeader(name, value);
        if (replayHeader) res.setHeader(replayHeader, 'HIT');
        res.end(entry.text);
        return true;
      }
      remove(key, entry);
    }
    if (req.method === 'GET') capture(key, at, res);
    return false;
  }

  return {
    serve,
    /** Drops every stored answer, and any answer whose request began before now. */
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, hits, stores }),
  };
}

/** The default bound of the store in MiB (ANSWER_STORE_MB). */
export const DEFAULT_STORE_MB = 32;
/**
 * The longest an answer is kept, whatever its lifetime: past it, Next is asked again (its page
 * cache answers, and the answer is stored again). A page lives a day in the page cache, and Next
 * itself may render it anew once its revalidation time is reached: this bounds how long after
 * that the store can still repeat the older page, for one request in this many seconds per page.
 */
export const MAX_SECONDS = 300;

/**
 * The store's options from the environment: ANSWER_STORE_MB (0 turns it off; a whole number up to
 * 4096, else the default with a warning, and lib/config's check then stops the server) and
 * ANSWER_STORE_TRACE=1 (answers from the store say `X-Tubefront-Answer-Store: HIT`, for tests and
 * for checking a deployment).
 * @param {Record<string, string | undefined>} env
 * @param {(message: string) => void} [warn]
 */
export function answerStoreOptions(env, warn = console.warn) {
  const raw = env.ANSWER_STORE_MB?.trim();
  let mb = DEFAULT_STORE_MB;
  if (raw) {
    if (/^\d{1,4}$/.test(raw) && Number(raw) <= 4096) mb = Number(raw);
    else warn(`tubefront: ANSWER_STORE_MB=${JSON.stringify(raw)} is not a whole number of MiB from 0 to 4096; using ${DEFAULT_STORE_MB}`);
  }
  return { maxBytes: mb * 1024 * 1024, maxSeconds: MAX_SECONDS, replayHeader: env.ANSWER_STORE_TRACE === '1' ? 'X-Tubefront-Answer-Store' : '' };
}
