/** Bookmarks (the spec's watch-later list) in the watch_later store. */
import { promisifyRequest } from 'idb-keyval';
import type { VideoSummary } from '@/lib/contract/types';
import { WATCH_LATER_STORE, withStore } from './db';
import { fromStoredVideo, toStoredVideo, type StorableVideo, type StoredVideo } from './records';
import { emitStorageChange } from './events';

function validId(videoId: unknown): videoId is number {
  return typeof videoId === 'number' && Number.isSafeInteger(videoId) && videoId > 0;
}

/**
 * Adds a video. true: added; false: already there (video_id is unique) or no id;
 * null: the database is unavailable.
 */
export async function addWatchLater(video: StorableVideo): Promise<boolean | null> {
  if (!validId(video.id)) return false;
  const stored = await addStored(toStoredVideo(video));
  if (stored) emitStorageChange(WATCH_LATER_STORE);
  return stored;
}

/** Adds a stored record as is (import); false when its video_id is already there. */
export async function addStored(record: StoredVideo): Promise<boolean | null> {
  const { id: _ignored, ...rest } = record;
  void _ignored;
  const result = await withStore(
    WATCH_LATER_STORE,
    'readwrite',
    async (store) => {
      const existing = await promisifyRequest(store.index('video_id').getKey(rest.video_id));
      if (existing !== undefined) return 'exists' as const;
      store.add(rest);
      return 'added' as const;
    },
    null,
  );
  return result === null ? null : result === 'added';
}

/** Deletes by video_id; true when the store could be written (whether or not it was there). */
export async function removeWatchLater(videoId: number): Promise<boolean> {
  const ok = await withStore(
    WATCH_LATER_STORE,
    'readwrite',
    async (store) => {
      const key = await promisifyRequest(store.index('video_id').getKey(videoId));
      if (key !== undefined) store.delete(key);
      return true;
    },
    false,
  );
  if (ok) emitStorageChange(WATCH_LATER_STORE);
  return ok;
}

export async function clearWatchLater(): Promise<boolean> {
  const ok = await withStore(WATCH_LATER_STORE, 'readwrite', (store) => (store.clear(), true), false);
  if (ok) emitStorageChange(WATCH_LATER_STORE);
  return ok;
}

/** Raw records, oldest first (export). */
export function listWatchLaterRecords(): Promise<StoredVideo[] | null> {
  return withStore(WATCH_LATER_STORE, 'readonly', (store) => promisifyRequest(store.getAll() as IDBRequest<StoredVideo[]>), null);
}

/** All bookmarked videos, most recently added first. */
export async function listWatchLater(): Promise<VideoSummary[] | null> {
  const records = await listWatchLaterRecords();
  if (!records) return null;
  return records
    .slice()
    .reverse()
    .map(fromStoredVideo)
    .filter((v): v is VideoSummary => v !== null);
}

export async function listWatchLaterIds(): Promise<number[] | null> {
  const records = await listWatchLaterRecords();
  return records ? records.map((r) => r.video_id).filter(validId) : null;
}

export function countWatchLater(): Promise<number | null> {
  return withStore(WATCH_LATER_STORE, 'readonly', (store) => promisifyRequest(store.count()), null);
}

/** true when bookmarked; false when not, or when the database is unavailable. */
export async function hasWatchLater(videoId: number): Promise<boolean> {
  if (!validId(videoId)) return false;
  const n = await withStore(
    WATCH_LATER_STORE,
    'readonly',
    (store) => promisifyRequest(store.index('video_id').count(videoId)),
    0,
  );
  return n > 0;
}
