/**
 * The site's page cache: a bounded in-memory LRU in every server, shared by several `next start`
 * servers through Redis when REDIS_URL is set (docs/redis.md).
 *
 * Written on Next's documented `cacheHandler` interface only (get, set, revalidateTag,
 * resetRequestCache; next.config.ts always selects it), and imported by Next as is: plain ESM, no
 * bundling, nothing from next/dist.
 *
 * - Reads go to a bounded in-memory LRU first (PAGE_CACHE_MB, as without Redis), then to Redis.
 *   A page one server rendered is a cache hit on the others. A local copy past its revalidation
 *   time is compared with Redis's before it is served stale: another server may hold a newer one.
 * - Writes go to the LRU and to Redis, with a TTL from the entry's lifetime (its `expire`). An
 *   entry is dated when its render began (when Next found it missing or stale), not when it is
 *   stored, so that a render that read the catalogue before a purge does not outlive the purge.
 * - Invalidation: revalidateTag / revalidatePath store the tag's expiry time in one Redis hash,
 *   shared by every build, and publish it; every server keeps a copy of that hash (the message,
 *   plus a full read every few seconds and on every reconnection) and checks an entry's tags on
 *   every read. An entry is expired when one of its tags expired after the entry was written,
 *   as in Next's own file-system cache. A page's tags are in its `x-next-cache-tags` header:
 *   Next puts the implicit path tags there (`_N_T_/layout`, `_N_T_/videos/layout`, ...), and
 *   `revalidatePath('/', 'layout')` revalidates `_N_T_/layout`, which every page carries.
 * - Redis down, slow or not yet reachable: every call has a timeout, and after a failure Redis is
 *   left alone for a moment; pages are served from the LRU or rendered. Never a 500, never a hang.
 *   A tag revalidated meanwhile applies to this server at once and is written to Redis when it
 *   comes back (tag times are merged both ways on every reconnection and every few seconds, so an
 *   emptied Redis gets the purges back from the servers that know them).
 * - Entries are keyed per build (BUILD_ID): two builds never read each other's pages.
 * - During `next build`, and without REDIS_URL, Redis is not used (the LRU only).
 * - Brief entries (a page cached BRIEF_SECONDS or less: a URL that names nothing, such as a missing
 *   video, a wrong video dir or an unknown category, lib/data/nothing-here.ts; or a page whose part
 *   failed) are what anyone can invent by the million. They live in a small LRU of their own, so
 *   that they never push out the pages visitors read, are dropped once their lifetime is over
 *   (never served stale), and never go to Redis. Next's own cache would keep each one until
 *   evicted, and Redis for two days.
 * - Redis without maxmemory grows with every page key until the keys expire, and an allkeys-*
 *   policy may evict the tag hash: the first connection reads the settings and says so in one line.
 *
 * Values hold Buffers (rscData, a route's body, segmentData's values) and a Map (segmentData):
 * they are stored as JSON with Buffers in base64 and Maps as entry lists, losslessly.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'redis';
import { LruCache } from './lru.mjs';
import { attachPageCache } from '../server/page-cache-events.mjs';

/**
 * What the handler reads of what Next hands it (next/dist's CacheHandler interface, described
 * here rather than imported: Next loads this file as it is, and its internal types move between
 * versions). Everything else in a value is carried as it is.
 *
 * @typedef {{ revalidate?: number | false; expire?: number }} CacheControl
 * @typedef {{ kind?: unknown; revalidate?: unknown; tags?: unknown; headers?: Record<string, unknown>; [field: string]: unknown }} CacheValue
 *   a value Next stores (a page, a route's answer, a fetch); its fields are checked before use,
 *   since it may come back from Redis
 * @typedef {{ lastModified: number; cacheControl?: CacheControl; tags?: string[]; value: CacheValue | null }} Entry
 *   an entry as the LRUs and Redis hold it
 * @typedef {{ kind?: string; tags?: string[]; softTags?: string[] }} GetContext what Next says when it reads
 * @typedef {{ fetchCache?: boolean; cacheControl?: CacheControl; tags?: string[] }} SetContext what Next says when it stores
 * @typedef {import('redis').RedisClientType} RedisClient what createClient() makes, with its default modules
 */

const READ_TIMEOUT_MS = 500;
const WRITE_TIMEOUT_MS = 1000;
/** After a failed or timed-out call, Redis is skipped this long (the client reconnects meanwhile). */
const BACKOFF_MS = 2000;
/** Full read of the tag hash: covers messages missed while a connection was down. */
const TAG_SYNC_MS = 5000;
/** Upper bound of an entry's TTL in Redis (a page without an expiry, a build left behind). */
const MAX_TTL_S = 14 * 24 * 3600;
/** Tag expiries older than this are dropped from the hash: no entry written before them is left. */
const TAG_KEEP_MS = (MAX_TTL_S + 3600) * 1000;
/** A render noted longer ago than this is not the one storing the entry now (it failed, or never ran). */
const RENDER_NOTE_MS = 60_000;
const PREFIX = 'tubefront:';
const TAGS_KEY = `${PREFIX}tags`;
const TAGS_CHANNEL = `${PREFIX}tags`;
const TAGS_HEADER = 'x-next-cache-tags';
const STATE = Symbol.for('tubefront.redisPageCache');
/** An entry cached this long or less is brief (see above); the page cache's SHORT_LIFETIME. */
const BRIEF_SECONDS = 60;
/** The brief entries' share of the memory budget. */
const BRIEF_SHARE = 1 / 16;

/** @param {string} message */
function log(message) {
  console.log(`tubefront: redis page cache: ${message}`);
}

function isBuildPhase() {
  return process.env.NEXT_PHASE === 'phase-production-build';
}

/**
 * What a failure says: its message, or the thrown value itself.
 * @param {unknown} err
 */
function why(err) {
  // Any value but null and undefined can be asked for a property (a primitive has no `message`).
  const message = err == null ? undefined : /** @type {{ message?: unknown }} */ (err).message;
  return `${message || err}`;
}

/**
 * Rejects after `ms`; the timer never keeps the process alive.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// --- serialisation -------------------------------------------------------------------------

/**
 * A value as JSON can hold it: Buffers as { $b: base64 }, Maps as { $m: entries }.
 * @param {unknown} v
 * @returns {unknown}
 */
function encode(v) {
  if (Buffer.isBuffer(v)) return { $b: v.toString('base64') };
  if (v instanceof Uint8Array) return { $b: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  if (v instanceof Map) return { $m: [...v].map(([k, x]) => [k, encode(x)]) };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === 'object') {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = encode(x);
    // A plain object that happens to have a single $b or $m key is escaped.
    if (Object.keys(out).length === 1 && ('$b' in out || '$m' in out || '$o' in out)) return { $o: out };
    return out;
  }
  return v;
}

/**
 * The value encode was given, from what JSON.parse made of it.
 * @param {unknown} v
 * @returns {unknown}
 */
function decode(v) {
  if (Array.isArray(v)) return v.map(decode);
  if (v && typeof v === 'object') {
    // Not an array: a plain object, as JSON.parse makes them.
    let o = /** @type {Record<string, unknown>} */ (v);
    if (typeof o.$b === 'string' && Object.keys(o).length === 1) return Buffer.from(o.$b, 'base64');
    if (Array.isArray(o.$m) && Object.keys(o).length === 1) return new Map(o.$m.map(decodePair));
    if (o.$o && typeof o.$o === 'object' && Object.keys(o).length === 1) o = /** @type {Record<string, unknown>} */ (o.$o);
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [k, x] of Object.entries(o)) out[k] = decode(x);
    return out;
  }
  return v;
}

/**
 * One entry of an encoded Map ([key, encoded value], as encode wrote it).
 * @param {[unknown, unknown]} pair
 * @returns {[unknown, unknown]}
 */
function decodePair([k, x]) {
  return [k, decode(x)];
}

/**
 * An entry as the JSON string stored in Redis.
 * @param {{ lastModified?: number; cacheControl?: CacheControl; tags?: string[]; value?: unknown }} entry
 * @returns {string}
 */
export function serialise(entry) {
  return JSON.stringify({ v: 1, lastModified: entry.lastModified, cacheControl: entry.cacheControl, tags: entry.tags, value: encode(entry.value) });
}

/**
 * The entry serialise stored as `text`; null when the text is not one (another version's).
 * Throws on text that is not JSON.
 * @param {string} text
 * @returns {Entry | null}
 */
export function deserialise(text) {
  // What serialise wrote, or anything else that parses: each field is checked or taken as it was written.
  const raw = /** @type {{ v?: unknown; lastModified?: unknown; cacheControl?: CacheControl | null; tags?: string[] | null; value?: unknown } | null} */ (JSON.parse(text));
  if (!raw || raw.v !== 1 || typeof raw.lastModified !== 'number') return null;
  // decode gives back the CacheValue that serialise was given.
  const value = /** @type {CacheValue | null} */ (decode(raw.value) ?? null);
  return { lastModified: raw.lastModified, cacheControl: raw.cacheControl ?? undefined, tags: raw.tags ?? undefined, value };
}

// --- the entry's size, lifetime and tags ---------------------------------------------------

/**
 * About how many bytes a value holds (strings by their length), for the LRUs' bounds.
 * @param {unknown} v
 * @returns {number}
 */
function byteSize(v) {
  if (v == null) return 0;
  if (typeof v === 'string') return v.length;
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return v.byteLength;
  if (v instanceof Map) {
    let n = 0;
    for (const [k, x] of v) n += String(k).length + byteSize(x);
    return n;
  }
  if (Array.isArray(v)) return v.reduce((/** @type {number} */ n, /** @type {unknown} */ x) => n + byteSize(x), 0);
  if (typeof v === 'object') return Object.entries(v).reduce((n, [k, x]) => n + k.length + byteSize(x), 0);
  return 8;
}

/**
 * Seconds until the entry is of no use (Next re-renders it blocking after `expire`).
 * @param {Entry} entry
 * @returns {number}
 */
function ttlSeconds(entry) {
  const cc = entry.cacheControl;
  let ttl;
  if (cc && typeof cc.expire === 'number' && cc.expire > 0) ttl = cc.expire;
  else if (cc && typeof cc.revalidate === 'number' && cc.revalidate > 0) ttl = cc.revalidate * 2;
  else if (entry.value?.kind === 'FETCH' && typeof entry.value.revalidate === 'number' && entry.value.revalidate > 0) ttl = entry.value.revalidate * 2;
  else ttl = MAX_TTL_S;
  const left = Math.ceil(ttl - (Date.now() - entry.lastModified) / 1000);
  return Math.max(1, Math.min(MAX_TTL_S, left));
}

/**
 * The entry's revalidation time in seconds, or undefined when it has none.
 * @param {{ cacheControl?: CacheControl; value?: CacheValue | null }} entry
 * @returns {number | undefined}
 */
function revalidateSeconds(entry) {
  const cc = entry.cacheControl;
  const seconds = cc && typeof cc.revalidate === 'number' ? cc.revalidate : entry.value?.kind === 'FETCH' ? entry.value.revalidate : undefined;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/**
 * Milliseconds after which the entry is stale (served stale while Next re-renders it), or Infinity.
 * @param {Entry} entry
 * @returns {number}
 */
function revalidateAfter(entry) {
  const seconds = revalidateSeconds(entry);
  return seconds === undefined ? Infinity : entry.lastModified + seconds * 1000;
}

/**
 * Whether the entry is brief: kept apart, never served stale, never shared (see above).
 * @param {{ cacheControl?: CacheControl; value?: CacheValue | null }} entry
 * @returns {boolean}
 */
export function isBrief(entry) {
  const seconds = revalidateSeconds(entry);
  return seconds !== undefined && seconds <= BRIEF_SECONDS;
}

/**
 * Every tag of an entry: its page's header, its own, a fetch's, and those Next reads it with.
 * @param {Entry} entry
 * @param {GetContext | undefined} ctx
 * @returns {string[]}
 */
function entryTags(entry, ctx) {
  /** @type {string[]} */
  const tags = [];
  const header = entry.value?.headers?.[TAGS_HEADER];
  if (typeof header === 'string' && header) tags.push(...header.split(','));
  if (Array.isArray(entry.tags)) tags.push(...entry.tags);
  if (entry.value?.kind === 'FETCH' && Array.isArray(entry.value.tags)) tags.push(...entry.value.tags);
  if (ctx?.kind === 'FETCH') tags.push(...(ctx.tags ?? []), ...(ctx.softTags ?? []));
  return tags;
}

// --- the in-memory LRU -----------------------------------------------------------------------

/**
 * An LRU of entries by their bytes (lib/cache/lru.mjs, sized per entry), nothing expiring by age.
 * @param {number} maxBytes
 * @returns {LruCache<Entry>}
 */
function bytesLru(maxBytes) {
  return new LruCache(maxBytes, Infinity, Date.now, (/** @type {Entry} */ entry, key) => key.length + byteSize(entry.value) + 64);
}

// --- the process-wide state: one LRU, one Redis connection, the tag expiries ---------------------

class SharedCache {
  /**
   * @param {{ url: string; maxMemoryBytes: number | undefined }} options
   */
  constructor({ url, maxMemoryBytes }) {
    this.url = url;
    const budget = maxMemoryBytes !== undefined && maxMemoryBytes > 0 ? maxMemoryBytes : 256 * 1024 * 1024;
    this.brief = bytesLru(Math.floor(budget * BRIEF_SHARE));
    this.lru = bytesLru(budget - this.brief.limit);
    /** tag -> time (ms) it expired at, as the hash holds it; changed only by applyTag and forgetTag. @type {Map<string, number>} */
    this.tagExpiry = new Map();
    // The site server's store of finished answers keeps an answer only while no tag time changed
    // (lib/server/page-cache-events.mjs).
    this.events = attachPageCache();
    this.skipUntil = 0;
    /** @type {boolean | undefined} */
    this.healthy = undefined;
    this.instance = randomBytes(6).toString('hex');
    /** server dist dir -> its build's id ('' when unknown). @type {Map<string, string>} */
    this.buildIds = new Map();
    /** key -> when Next was told it must render it (see noteRender). @type {Map<string, number>} */
    this.renderStarts = new Map();
    if (url && !isBuildPhase()) this.connect();
  }

  connect() {
    /** @param {number} retries */
    const reconnectStrategy = (retries) => Math.min(100 * 2 ** retries, 2000);
    const client = createClient({
      url: this.url,
      disableOfflineQueue: true,
      commandsQueueMaxLength: 2000,
      socket: { connectTimeout: 2000, reconnectStrategy },
    });
    const subscriber = client.duplicate();
    /** The connection for commands; none without REDIS_URL or during a build. @type {RedisClient | undefined} */
    this.client = client;
    /** The connection that listens to the tag channel. @type {RedisClient | undefined} */
    this.subscriber = subscriber;
    // The first requests after start wait a moment for the first connection (at most a read's
    // timeout), so that a server just started reads the pages the others rendered.
    /** @type {Promise<unknown> | undefined} */
    this.firstReady = withTimeout(
      new Promise((resolve) => client.once('ready', resolve)),
      READ_TIMEOUT_MS,
      'first connection',
    ).catch(() => undefined);
    for (const [name, conn] of /** @type {const} */ ([['client', client], ['subscriber', subscriber]])) {
      conn.on('error', (err) => this.markDown(`${name}: ${why(err)}`));
      conn.on('ready', () => {
        if (name === 'client') void this.onReady();
        else this.subscribe();
      });
      conn.connect().catch((err) => this.markDown(`${name}: ${why(err)}`));
    }
    this.syncTimer = setInterval(() => void this.syncTags(), TAG_SYNC_MS);
    this.syncTimer.unref?.();
  }

  /** Once: the client subscribes again by itself after a reconnection. */
  subscribe() {
    if (this.subscribed) return;
    /** @type {boolean | undefined} */
    this.subscribed = true;
    // Only called on the subscriber's own 'ready' (connect()): it exists.
    const subscriber = /** @type {RedisClient} */ (this.subscriber);
    subscriber.subscribe(TAGS_CHANNEL, (message) => this.onTagMessage(message)).catch((err) => {
      this.subscribed = false;
      this.markDown(`subscribe: ${why(err)}`);
    });
  }

  /** @param {string} reason */
  markDown(reason) {
    this.skipUntil = Date.now() + BACKOFF_MS;
    if (this.healthy !== false) log(`unavailable (${reason}); serving from memory and rendering`);
    this.healthy = false;
  }

  markUp() {
    if (this.healthy !== true) log('connected');
    this.healthy = true;
  }

  /** Redis may be asked now: connected, and no failure in the last moments. */
  usable() {
    return Boolean(this.client?.isReady) && Date.now() >= this.skipUntil;
  }

  /**
   * Runs `fn` on the connection within `ms`, unless Redis is not usable now; a failure or a
   * timeout marks Redis down for a moment.
   * @template T
   * @param {string} what
   * @param {number} ms
   * @param {(client: RedisClient) => Promise<T>} fn
   * @returns {Promise<{ ok: true; result: T } | { ok: false; result?: undefined }>}
   */
  async call(what, ms, fn) {
    if (this.firstReady) {
      await this.firstReady;
      this.firstReady = undefined;
    }
    const client = this.client;
    if (!client || !this.usable()) return { ok: false };
    try {
      const result = await withTimeout(fn(client), ms, what);
      this.markUp();
      return { ok: true, result };
    } catch (err) {
      this.markDown(`${what}: ${why(err)}`);
      return { ok: false };
    }
  }

  async onReady() {
    this.skipUntil = 0;
    this.markUp();
    if (!this.evictionChecked) {
      /** @type {boolean | undefined} */
      this.evictionChecked = true;
      void this.checkEviction();
    }
    await this.syncTags();
  }

  /** One line when Redis would grow without bound or could evict the tag hash (docs/redis.md, "Running Redis for it"). */
  async checkEviction() {
    const read = await this.call('CONFIG GET', READ_TIMEOUT_MS, async (c) => ({
      ...(await c.configGet('maxmemory')),
      ...(await c.configGet('maxmemory-policy')),
    }));
    if (!read.ok) return;
    const warning = evictionWarning(read.result);
    if (warning) log(warning);
  }

  /**
   * The Redis key of an entry, under its build's id; '' when the build's id is unknown (not shared then).
   * @param {string} key
   * @param {string | undefined} serverDistDir
   * @returns {string}
   */
  redisKey(key, serverDistDir) {
    const dir = serverDistDir || path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server');
    let id = this.buildIds.get(dir);
    if (id === undefined) {
      try {
        id = fs.readFileSync(path.join(dir, '..', 'BUILD_ID'), 'utf8').trim();
      } catch {
        id = '';
      }
      if (!/^[\w-]{1,100}$/.test(id)) {
        log(`no build id in ${dir}: pages are not shared`);
        id = '';
      }
      this.buildIds.set(dir, id);
    }
    return id && this.client ? `${PREFIX}${id}:${key}` : '';
  }

  // Tags ------------------------------------------------------------------------------------

  /**
   * Whether one of the entry's tags expired after the entry was written.
   * @param {Entry} entry
   * @param {GetContext | undefined} ctx
   */
  isExpired(entry, ctx) {
    const now = Date.now();
    for (const tag of entryTags(entry, ctx)) {
      const at = this.tagExpiry.get(tag);
      if (typeof at === 'number' && at <= now && at > entry.lastModified) return true;
    }
    return false;
  }

  /**
   * Tag times only grow: a later revalidation always wins, whoever reports it first.
   * @param {string} tag
   * @param {number} at
   */
  applyTag(tag, at) {
    if (typeof tag !== 'string' || !Number.isFinite(at)) return;
    const known = this.tagExpiry.get(tag);
    if (known === undefined || at > known) {
      this.tagExpiry.set(tag, at);
      this.events.changed();
    }
  }

  /**
   * Drops a tag time too old to matter (no entry written before it is left).
   * @param {string} tag
   */
  forgetTag(tag) {
    if (this.tagExpiry.delete(tag)) this.events.changed();
  }

  /** @param {string} message */
  onTagMessage(message) {
    try {
      // pushTags' message, or anything else published there: the times are checked one by one.
      const { tags } = /** @type {{ tags?: Record<string, unknown> }} */ (JSON.parse(message));
      for (const [tag, at] of Object.entries(tags ?? {})) this.applyTag(tag, Number(at));
    } catch {
      // not ours
    }
  }

  /**
   * Merges the shared hash and this server's tag times both ways: newer times in Redis are taken,
   * newer ones here are written back and published (a purge made while Redis was down, or lost
   * with an emptied Redis, reaches the other servers when it is back). Old times are dropped.
   */
  async syncTags() {
    const read = await this.call('HGETALL tags', READ_TIMEOUT_MS, (c) => c.hGetAll(TAGS_KEY));
    if (!read.ok) return;
    /** @type {boolean | undefined} */
    this.tagsLoaded = true;
    const oldest = Date.now() - TAG_KEEP_MS;
    /** @type {Map<string, number>} */
    const remote = new Map();
    /** @type {string[]} */
    const old = [];
    for (const [tag, value] of Object.entries(read.result ?? {})) {
      const at = Number(value);
      if (!Number.isFinite(at) || at < oldest) old.push(tag);
      else remote.set(tag, at);
      this.applyTag(tag, at);
    }
    /** @type {Record<string, number>} */
    const newer = {};
    for (const [tag, at] of this.tagExpiry) {
      const known = remote.get(tag);
      if (at < oldest) this.forgetTag(tag);
      else if (!(known !== undefined && known >= at)) newer[tag] = at;
    }
    if (old.length) await this.call('HDEL tags', WRITE_TIMEOUT_MS, (c) => c.hDel(TAGS_KEY, old));
    await this.pushTags(newer);
  }

  /**
   * Writes tag times to the shared hash and tells every server at once.
   * @param {Record<string, number>} tags
   */
  async pushTags(tags) {
    const count = Object.keys(tags).length;
    if (count === 0) return;
    const wrote = await this.call('HSET tags', WRITE_TIMEOUT_MS, async (c) => {
      // HSET overwrites: a time another server wrote meanwhile is merged back on the next sync.
      await c.hSet(TAGS_KEY, Object.fromEntries(Object.entries(tags).map(([t, at]) => [t, String(at)])));
      await c.publish(TAGS_CHANNEL, JSON.stringify({ from: this.instance, tags }));
    });
    if (wrote.ok) log(`revalidated ${count} tag(s) on every server`);
  }

  /** @param {string[]} tags */
  async revalidateTags(tags) {
    // Every revalidation expires the tag now, with or without a cache-life profile: Next would
    // serve a profile's entries stale while re-rendering; here they are re-rendered before serving.
    const now = Date.now();
    for (const tag of tags) this.applyTag(tag, now);
    if (this.client) await this.pushTags(Object.fromEntries(tags.map((t) => [t, now])));
  }

  // Entries ---------------------------------------------------------------------------------

  /**
   * @param {string} key the Redis key
   * @returns {Promise<Entry | null>}
   */
  async remoteGet(key) {
    // An entry read from Redis is checked against the tags' expiries: never before this process
    // has read them once (a page taken down before it started would otherwise come back).
    if (!this.tagsLoaded) await this.syncTags();
    if (!this.tagsLoaded) return null;
    const read = await this.call('GET', READ_TIMEOUT_MS, (c) => c.get(key));
    if (!read.ok || typeof read.result !== 'string') return null;
    try {
      return deserialise(read.result);
    } catch {
      return null;
    }
  }

  /**
   * A brief entry of this server's, while its lifetime lasts and no tag expired it.
   * @param {string} key
   * @param {GetContext | undefined} ctx
   * @param {number} asked when Next asked (ms)
   * @returns {Entry | undefined}
   */
  briefGet(key, ctx, asked) {
    const entry = this.brief.get(key);
    if (!entry) return undefined;
    if (asked < revalidateAfter(entry) && !this.isExpired(entry, ctx)) return entry;
    this.brief.delete(key);
    return undefined;
  }

  /**
   * @param {string} key
   * @param {GetContext | undefined} ctx
   * @param {string | undefined} serverDistDir
   * @returns {Promise<Entry | null>}
   */
  async get(key, ctx, serverDistDir) {
    const asked = Date.now();
    const brief = this.briefGet(key, ctx, asked);
    if (brief) return brief;
    const local = this.lru.get(key);
    if (local && this.isExpired(local, ctx)) this.lru.delete(key);
    const fresh = local && !this.isExpired(local, ctx) ? local : undefined;
    if (fresh && asked < revalidateAfter(fresh)) return fresh;
    const redisKey = this.redisKey(key, serverDistDir);
    const remote = redisKey ? await this.remoteGet(redisKey) : null;
    const found = remote && !this.isExpired(remote, ctx) && (!fresh || remote.lastModified > fresh.lastModified) ? remote : fresh;
    if (found === remote && remote) this.lru.set(key, remote);
    // Next renders now (nothing found, or a stale copy it serves while it renders): note when.
    if (!found || Date.now() >= revalidateAfter(found)) this.noteRender(key, asked);
    return found ?? null;
  }

  /**
   * When the render that will store `key` began. The entry is dated then, not when it is stored:
   * a render that read the catalogue before a purge (on any server) and stores its page after it
   * is then older than the purge, and expires at once instead of living its whole lifetime.
   * @param {string} key
   * @param {number} at
   */
  noteRender(key, at) {
    const noted = this.renderStarts.get(key);
    if (noted !== undefined && at - noted < RENDER_NOTE_MS) return;
    if (this.renderStarts.size >= 10_000) this.renderStarts.clear();
    this.renderStarts.set(key, at);
  }

  /**
   * When the render storing `key` now began (noteRender), or `now` when none was noted.
   * @param {string} key
   * @param {number} now
   * @returns {number}
   */
  renderStart(key, now) {
    const noted = this.renderStarts.get(key);
    this.renderStarts.delete(key);
    return noted !== undefined && now - noted < RENDER_NOTE_MS ? Math.min(noted, now) : now;
  }

  /**
   * @param {string} key
   * @param {Entry} entry
   * @param {string | undefined} serverDistDir
   */
  async set(key, entry, serverDistDir) {
    entry.lastModified = this.renderStart(key, entry.lastModified);
    if (isBrief(entry)) {
      this.lru.delete(key);
      this.brief.set(key, entry);
      return;
    }
    this.brief.delete(key);
    this.lru.set(key, entry);
    const redisKey = this.redisKey(key, serverDistDir);
    if (!redisKey) return;
    const text = serialise(entry);
    await this.call('SET', WRITE_TIMEOUT_MS, (c) => c.set(redisKey, text, { EX: ttlSeconds(entry) }));
  }
}

/**
 * What to say about Redis's eviction settings (CONFIG GET maxmemory, maxmemory-policy), or null.
 * Every page key has a TTL; the tag hash has none and must not be evicted.
 * @param {Record<string, unknown> | undefined} settings
 * @returns {string | null}
 */
export function evictionWarning(settings) {
  const maxmemory = Number(settings?.maxmemory ?? NaN);
  const policy = String(settings?.['maxmemory-policy'] ?? '');
  const fix = 'set maxmemory (a size it may use) and maxmemory-policy volatile-lru (docs/redis.md, "Running Redis for it")';
  if (maxmemory === 0) return `Redis has no maxmemory: every page key expires in time, but until then nothing bounds its memory; ${fix}`;
  if (policy.startsWith('allkeys-')) return `Redis's maxmemory-policy is ${policy}, which may evict the purge times (the tag hash); ${fix}`;
  if (policy === 'noeviction') return `Redis's maxmemory-policy is noeviction: once full, pages are no longer shared; ${fix}`;
  return null;
}

/**
 * The process's one SharedCache, made by the first handler.
 * @param {number | undefined} maxMemoryBytes
 * @returns {SharedCache}
 */
function shared(maxMemoryBytes) {
  // On globalThis under a registered symbol: Next may load this module more than once, and
  // lib/data/health.ts reads the state there. The answer store reads none of it: it hears of
  // changes through lib/server/page-cache-events.mjs.
  const holder = /** @type {Record<symbol, SharedCache | undefined>} */ (/** @type {unknown} */ (globalThis));
  holder[STATE] ??= new SharedCache({ url: process.env.REDIS_URL?.trim() || '', maxMemoryBytes });
  return holder[STATE];
}

/** Next constructs one handler per request; the state they share lives in the process (above). */
export default class RedisCacheHandler {
  /**
   * @param {{ serverDistDir?: string; maxMemoryCacheSize?: number }} [ctx] what Next passes (its
   *   CacheHandlerContext): where the build is, and the page cache's budget (PAGE_CACHE_MB)
   */
  constructor(ctx = {}) {
    this.serverDistDir = ctx.serverDistDir;
    this.cache = shared(ctx.maxMemoryCacheSize);
  }

  /**
   * The entry under `key`, or null: Next renders then.
   * @param {string} key
   * @param {GetContext} [ctx]
   * @returns {Promise<{ lastModified: number; value: CacheValue | null; cacheControl: CacheControl | undefined } | null>}
   */
  async get(key, ctx) {
    try {
      const entry = await this.cache.get(key, ctx, this.serverDistDir);
      if (!entry) return null;
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (err) {
      log(`get failed (${why(err)}); rendering`);
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {CacheValue | null | undefined} data
   * @param {SetContext} [ctx]
   * @returns {Promise<void>}
   */
  async set(key, data, ctx = {}) {
    try {
      /** @type {Entry} */
      const entry = {
        lastModified: Date.now(),
        value: data ?? null,
        cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl,
        tags: ctx.fetchCache && Array.isArray(ctx.tags) ? ctx.tags : undefined,
      };
      await this.cache.set(key, entry, this.serverDistDir);
    } catch (err) {
      log(`set failed (${why(err)})`);
    }
  }

  /**
   * Next also passes a profile's durations: ignored, every revalidation expires the tags now.
   * @param {string | string[]} tags
   * @returns {Promise<void>}
   */
  async revalidateTag(tags) {
    const list = (typeof tags === 'string' ? [tags] : Array.isArray(tags) ? tags : []).filter((t) => typeof t === 'string' && t);
    if (list.length === 0) return;
    try {
      await this.cache.revalidateTags(list);
    } catch (err) {
      log(`revalidateTag failed (${why(err)})`);
    }
  }

  resetRequestCache() {}
}
