/**
 * The browser database `api_storage`, version 1, exactly as docs/spec.md §3 defines it, so that
 * visitors of an existing site on the same origin keep their bookmarks and history:
 * - watch_history: auto-increment key 'id', index 'video_id';
 * - watch_later:   auto-increment key 'id', unique index 'video_id'.
 * When the database cannot be opened (no IndexedDB, private mode, blocked, corrupt), every
 * operation resolves quietly to false or null (docs/spec.md §4).
 */
import { promisifyRequest } from 'idb-keyval';

import { HISTORY_STORE, WATCH_LATER_STORE } from './stores';

export const DB_NAME = 'api_storage';
export const DB_VERSION = 1;
export { HISTORY_STORE, WATCH_LATER_STORE };
export type StoreName = typeof HISTORY_STORE | typeof WATCH_LATER_STORE;

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === 'undefined' || !indexedDB) return resolve(null);
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(HISTORY_STORE)) {
        db.createObjectStore(HISTORY_STORE, { keyPath: 'id', autoIncrement: true }).createIndex('video_id', 'video_id', {
          unique: false,
        });
      }
      if (!db.objectStoreNames.contains(WATCH_LATER_STORE)) {
        db.createObjectStore(WATCH_LATER_STORE, { keyPath: 'id', autoIncrement: true }).createIndex('video_id', 'video_id', {
          unique: true,
        });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (never by us: version 1 only) must not be blocked by this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/** The opened database, or null. Opened once; a failure is retried on the next call. */
export async function getDb(): Promise<IDBDatabase | null> {
  opening ??= open();
  const db = await opening;
  if (!db) opening = null;
  return db;
}

/** For tests: forget the opened database. */
export function resetDb(): void {
  void opening?.then((db) => db?.close());
  opening = null;
}

/**
 * Runs fn on one store in one transaction and resolves to its result once the transaction
 * completes; any failure (no database, constraint, abort) resolves to `fallback`.
 */
export async function withStore<T, F>(
  name: StoreName,
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => Promise<T> | T,
  fallback: F,
): Promise<T | F> {
  try {
    const db = await getDb();
    if (!db) return fallback;
    const tx = db.transaction(name, mode);
    const done = promisifyRequest(tx);
    const result = await fn(tx.objectStore(name));
    await done;
    return result;
  } catch {
    return fallback;
  }
}
