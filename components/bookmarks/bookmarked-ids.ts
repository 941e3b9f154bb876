'use client';
/**
 * The set of bookmarked video ids, read once for all bookmark buttons on a page (one IndexedDB
 * read instead of one per thumbnail) and re-read when the watch_later store changes.
 * null: not read yet, or the database is unavailable (then no bookmark button is shown).
 *
 * The storage code loads with that first read, after the page is on screen: the buttons wait for
 * the database's answer anyway, and every listing's first-load JavaScript is lighter without it.
 */
import { useSyncExternalStore } from 'react';
import { WATCH_LATER_STORE } from '@/lib/client/storage/stores';
import { onStorageChange } from '@/lib/client/storage/events';

let ids: ReadonlySet<number> | null = null;
let loading = false;
let stale = true;
const listeners = new Set<() => void>();
let unwatch: (() => void) | null = null;

function load(): void {
  if (loading || !stale) return;
  loading = true;
  stale = false;
  void import('@/lib/client/storage/watch-later')
    .then((s) => s.listWatchLaterIds())
    // The storage code did not load: as an unavailable database (no buttons).
    .catch(() => null)
    .then((list) => {
      loading = false;
      ids = list ? new Set(list) : null;
      for (const l of listeners) l();
      if (stale) load();
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  unwatch ??= onStorageChange(() => {
    stale = true;
    load();
  }, WATCH_LATER_STORE);
  load();
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => ids;
const getServerSnapshot = () => null;

export function useBookmarkedIds(): ReadonlySet<number> | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** For tests. */
export function resetBookmarkedIds(): void {
  ids = null;
  loading = false;
  stale = true;
  unwatch?.();
  unwatch = null;
}
