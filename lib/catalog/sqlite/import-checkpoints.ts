import type Database from 'better-sqlite3';
import { prepared } from './statements';

/**
 * While an import runs, its own thread copies the WAL back into the catalogue file
 * (wal-checkpointer.ts), and the WAL grows to hundreds of MB between two passes. A site connection
 * checkpoints after each of its writes once the WAL holds 1,000 pages (wal_autocheckpoint): during
 * an import, every view or vote then copied whatever the import's thread had not yet, on the
 * site's event loop (every request of the server waiting for it), and the
 * writes queued behind it missed the moment the import left the write lock free.
 *
 * So the import holds a lease, a meta row saying until when its thread checkpoints: renewed in
 * each of its write transactions, removed when its thread has copied everything back. A site
 * write under a live lease leaves the checkpoint to that thread. A lease of an import that died
 * runs out after LEASE_MS, and the site checkpoints again.
 */
const KEY = 'import_checkpoints_until';
const LEASE_MS = 30_000;

/** Takes or renews the lease (inside the import's write transaction). */
export function renewImportCheckpoints(db: Database.Database, now = Date.now()): void {
  prepared(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(KEY, String(now + LEASE_MS));
}

/** Gives the lease back: the import's thread has stopped. */
export function endImportCheckpoints(db: Database.Database): void {
  prepared(db, 'DELETE FROM meta WHERE key = ?').run(KEY);
}

/** Whether a running import's thread checkpoints the WAL now. */
export function importCheckpoints(db: Database.Database, now = Date.now()): boolean {
  const until = prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined;
  return until !== undefined && Number(until) > now;
}
