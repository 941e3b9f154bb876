/**
 * The one contract between the page cache handler (lib/cache/redis-handler.mjs, Next's
 * cacheHandler) and the site server's store of finished answers (lib/server/answer-store.mjs):
 * how many times the page cache's tag times have changed in this process.
 *
 * - The handler calls `attachPageCache()` when it makes its process-wide state, and the link's
 *   `changed()` whenever one of its tag times changes: a revalidation made here (the
 *   catalog-changed endpoint: imports, takedowns, the publish clock), one another server made that
 *   reaches it through Redis (however late), an old time it forgets.
 * - The store reads `pageCacheVersion()`: it keeps an answer only while the count is what it was
 *   when the answer's request began, and stores nothing while it is null (no handler yet).
 *
 * Why the count lives on globalThis (under one registered symbol, touched only in this file): the
 * handler and the store run in the same process, but not as the same modules. server.mjs imports the
 * store itself; Next imports the handler by the path its build recorded (an absolute path, or one
 * relative to the build folder in a standalone folder), from more than one place in its server,
 * and the handler imports this file from wherever it was loaded. Next's build also bundles the
 * handler, with this file, into its proxy's server chunk (.next/server/middleware.js): a second
 * copy in the same process, which the store cannot import. A module-level variable would be one per
 * copy, and the store would never hear of a takedown the other copy learnt. Every copy of this file
 * reads and writes the same record instead. A record some other version left there is never read as
 * "nothing changed": it is left alone, said once on stderr, and the store stores nothing (pages
 * still come from Next, only the store's shortcut is lost; a crash would lose every page).
 */

const SLOT = Symbol.for('tubefront.pageCacheEvents');
/** What marks the record as this file's (its shape may change with this file, and this mark with it). */
const KIND = 'tubefront.pageCacheEvents/1';

/**
 * @typedef {{ readonly kind: typeof KIND; changes: number }} EventsRecord the process's record
 * @typedef {{ changed(): void }} PageCacheLink what the handler tells through
 */

let foreignSaid = false;

/**
 * The process's record; undefined before any handler attached; null when the slot holds something
 * else (said once).
 * @returns {EventsRecord | undefined | null}
 */
function record() {
  const found = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[SLOT];
  if (found === undefined) return undefined;
  const r = /** @type {Partial<EventsRecord> | null} */ (found);
  if (r === null || typeof r !== 'object' || r.kind !== KIND || typeof r.changes !== 'number') {
    if (!foreignSaid) {
      foreignSaid = true;
      console.error(`tubefront: globalThis[${String(SLOT)}] is not a ${KIND} record (another version of lib/server/page-cache-events.mjs is loaded): the store of finished answers stores nothing`);
    }
    return null;
  }
  return /** @type {EventsRecord} */ (r);
}

/**
 * For the page cache handler, when it makes its process-wide state (once per process; again is
 * harmless): from then on the store may store, and the link tells it of every tag time's change.
 * @returns {PageCacheLink}
 */
export function attachPageCache() {
  ensureRecord();
  return {
    changed() {
      ensureRecord().changes += 1;
    },
  };
}

/** @returns {EventsRecord} the process's record (a record of no one's, when the slot is another's) */
function ensureRecord() {
  let r = record();
  if (r === null) return { kind: KIND, changes: 0 };
  if (!r) {
    r = { kind: KIND, changes: 0 };
    /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[SLOT] = r;
  }
  return r;
}

/**
 * For the store: how many times the page cache's tag times have changed in this process, or null
 * when no page cache handler has attached (nothing may be stored then).
 * @returns {number | null}
 */
export function pageCacheVersion() {
  return record()?.changes ?? null;
}
