/**
 * "Your data": everything the site keeps in this browser, as one JSON document that can be
 * saved, brought back and wiped. Imports are untrusted: every record is cleaned before storing.
 */
import { clearSearchHistory, readSearchHistory, replaceSearchHistory } from '@/lib/client/search-history';
import { addHistoryRecord, clearHistory, listHistoryRecords } from './history';
import { emitStorageChange } from './events';
import { HISTORY_STORE, WATCH_LATER_STORE } from './db';
import { sanitizeStoredHistoryVideo, sanitizeStoredVideo, type StoredHistoryVideo, type StoredVideo } from './records';
import { addStored, clearWatchLater, listWatchLaterRecords } from './watch-later';

export const EXPORT_FORMAT = 'tubefront-local-data';
export const EXPORT_VERSION = 1;
/** Import files larger than this are refused before parsing. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const MAX_IMPORT_RECORDS = 5000;

export interface LocalDataExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  watch_later: StoredVideo[];
  watch_history: StoredHistoryVideo[];
  history_search: { title: string }[];
}

export interface ImportResult {
  bookmarks: number;
  history: number;
  searches: number;
}

export async function exportLocalData(now = new Date()): Promise<LocalDataExport> {
  const [later, history] = await Promise.all([listWatchLaterRecords(), listHistoryRecords()]);
  const strip = <T extends { id?: number }>(r: T): T => {
    const { id: _id, ...rest } = r;
    void _id;
    return rest as T;
  };
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    watch_later: (later ?? []).map(strip),
    watch_history: (history ?? []).map(strip),
    history_search: readSearchHistory(),
  };
}

/** Parses and stores an export; null when the text is not such a file. Adds to what is there. */
export async function importLocalData(text: string): Promise<ImportResult | null> {
  if (text.length > MAX_IMPORT_BYTES) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as Record<string, unknown>;
  if (d.format !== EXPORT_FORMAT || d.version !== EXPORT_VERSION) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.slice(0, MAX_IMPORT_RECORDS) : []);

  let bookmarks = 0;
  for (const raw of list(d.watch_later)) {
    const record = sanitizeStoredVideo(raw);
    if (record && (await addStored(record)) === true) bookmarks += 1;
  }
  let history = 0;
  for (const raw of list(d.watch_history)) {
    const record = sanitizeStoredHistoryVideo(raw);
    if (record && (await addHistoryRecord(record))) history += 1;
  }
  const before = readSearchHistory();
  const kept = replaceSearchHistory([...before, ...list(d.history_search)]);
  emitStorageChange(WATCH_LATER_STORE);
  emitStorageChange(HISTORY_STORE);
  return { bookmarks, history, searches: Math.max(0, kept - before.length) };
}

/** Deletes the bookmarks, the history and the recent searches. */
export async function wipeLocalData(): Promise<boolean> {
  const [a, b] = await Promise.all([clearWatchLater(), clearHistory()]);
  const c = clearSearchHistory();
  return a && b && c;
}
