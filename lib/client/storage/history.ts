/** Watch history in the watch_history store; adding a video again replaces its earlier record. */
import { promisifyRequest } from 'idb-keyval';
import { HISTORY_STORE, withStore } from './db';
import { emitStorageChange } from './events';
import { fromStoredVideo, toStoredHistoryVideo, type HistoryEntry, type StorableVideo, type StoredHistoryVideo } from './records';

/** Keeps the list bounded: the oldest entries beyond this are dropped on add. */
export const HISTORY_LIMIT = 500;

/** Adds a video (a VideoDetail carries exTube/exId); true when stored, false when not (or no database). */
export async function addHistory(video: StorableVideo & { exTube?: string; exId?: string }): Promise<boolean> {
  if (!Number.isSafeInteger(video.id) || video.id <= 0) return false;
  const ok = await addHistoryRecord(toStoredHistoryVideo(video));
  if (ok) emitStorageChange(HISTORY_STORE);
  return ok;
}

/** Stores a record, deleting earlier records of the same video in the same transaction. */
export function addHistoryRecord(record: StoredHistoryVideo): Promise<boolean> {
  const { id: _ignored, ...rest } = record;
  void _ignored;
  return withStore(
    HISTORY_STORE,
    'readwrite',
    async (store) => {
      const earlier = await promisifyRequest(store.index('video_id').getAllKeys(rest.video_id));
      for (const key of earlier) store.delete(key);
      store.add(rest);
      const total = await promisifyRequest(store.count());
      if (total > HISTORY_LIMIT) {
        const oldest = await promisifyRequest(store.getAllKeys(null, total - HISTORY_LIMIT));
        for (const key of oldest) store.delete(key);
      }
      return true;
    },
    false,
  );
}

/** Deletes one entry by its record id. */
export async function removeHistory(id: number): Promise<boolean> {
  const ok = await withStore(HISTORY_STORE, 'readwrite', (store) => (store.delete(id), true), false);
  if (ok) emitStorageChange(HISTORY_STORE);
  return ok;
}

export async function clearHistory(): Promise<boolean> {
  const ok = await withStore(HISTORY_STORE, 'readwrite', (store) => (store.clear(), true), false);
  if (ok) emitStorageChange(HISTORY_STORE);
  return ok;
}

/** Raw records, oldest first (export). */
export function listHistoryRecords(): Promise<StoredHistoryVideo[] | null> {
  return withStore(HISTORY_STORE, 'readonly', (store) => promisifyRequest(store.getAll() as IDBRequest<StoredHistoryVideo[]>), null);
}

/** All entries, most recently watched first. */
export async function listHistory(): Promise<HistoryEntry[] | null> {
  const records = await listHistoryRecords();
  if (!records) return null;
  const entries: HistoryEntry[] = [];
  for (const r of records.slice().reverse()) {
    const video = fromStoredVideo(r);
    if (video && typeof r.id === 'number') entries.push({ key: r.id, video });
  }
  return entries;
}
