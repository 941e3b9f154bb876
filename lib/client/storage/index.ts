/**
 * Browser storage (client-only): bookmarks (watch_later) and watch history (watch_history) in
 * the IndexedDB database api_storage. Every operation resolves quietly to false or null when
 * the database is unavailable.
 */
import 'client-only';

export { DB_NAME, DB_VERSION, HISTORY_STORE, WATCH_LATER_STORE } from './db';
export { onStorageChange } from './events';
export type { HistoryEntry, StoredHistoryVideo, StoredVideo } from './records';
export {
  addWatchLater,
  clearWatchLater,
  countWatchLater,
  hasWatchLater,
  listWatchLater,
  listWatchLaterIds,
  listWatchLaterRecords,
  removeWatchLater,
} from './watch-later';
export { addHistory, clearHistory, listHistory, listHistoryRecords, removeHistory } from './history';
