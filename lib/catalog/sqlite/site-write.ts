import type Database from 'better-sqlite3';
import { importCheckpoints } from './import-checkpoints';

/** How long a site write may wait for the write lock in all: busy_timeout's 5 s, as before. */
const MAX_WAIT_MS = 5000;
/** The longest pause between two attempts. */
export const MAX_PAUSE_MS = 16;

/**
 * SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT: the write lock was free, but another write
 * committed after this transaction began reading). By the code, not by class: the addon keeps the
 * first SqliteError class it was given in a process, which need not be this module's copy's.
 */
export const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/**
 * A write of the running site (a view, a vote) that never waits for the write lock on the event
 * loop. better-sqlite3 is synchronous: with busy_timeout, a write that found the lock taken waited
 * inside SQLite, and while an import held it (a batch, up to a second) the whole server waited with
 * it, every visitor's request included. Here an attempt runs with busy_timeout 0: when the lock is
 * taken it fails at once (SQLITE_BUSY, its transaction rolled back) and is tried again after a pause of 1, 2, 4,
 * 8, 16, 16... ms, during which the server goes on serving, until it succeeds or MAX_WAIT_MS have
 * passed (then the error is the caller's, as a busy_timeout expiry was). The connection's
 * busy_timeout is restored after each attempt, for everything else that runs on it.
 *
 * While an import's thread checkpoints the WAL (import-checkpoints.ts), the write does not
 * (wal_autocheckpoint 0 for the attempt, restored after).
 */
export async function writeWhenFree<T>(db: Database.Database, write: () => T, maxWaitMs = MAX_WAIT_MS): Promise<T> {
  const until = Date.now() + maxWaitMs;
  // Read once: a lease taken or given back while this write waits changes one checkpoint at most.
  const autocheckpoint = importCheckpoints(db) ? Number(db.pragma('wal_autocheckpoint', { simple: true })) : null;
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    const timeout = Number(db.pragma('busy_timeout', { simple: true }));
    db.pragma('busy_timeout = 0');
    if (autocheckpoint !== null) db.pragma('wal_autocheckpoint = 0');
    try {
      return write();
    } catch (e) {
      if (!isBusy(e) || Date.now() + pause > until) throw e;
    } finally {
      db.pragma(`busy_timeout = ${timeout}`);
      if (autocheckpoint !== null) db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
