/**
 * The import's checkpoint thread (see wal-checkpointer.ts): its own connection to the catalogue
 * file, which only ever runs passive checkpoints, on request. Messages in: { type: 'pass' };
 * out: { type: 'passed', busy, log, checkpointed } (SQLite's answer, in WAL frames) or
 * { type: 'failed', message }.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort!;
const db = new Database((workerData as { file: string }).file, { fileMustExist: true });
// A checkpoint copies frames from the WAL to the file itself: no page cache, no mapping needed.
db.pragma('cache_size = -1024');
db.pragma('mmap_size = 0');
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0');

port.on('message', (m: { type: 'pass' }) => {
  if (m.type !== 'pass') return;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    port.postMessage({ type: 'passed', ...r! });
  } catch (e) {
    port.postMessage({ type: 'failed', message: (e as Error).message });
  }
});
