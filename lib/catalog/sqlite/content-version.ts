import type Database from 'better-sqlite3';

const POLL_MS = 1000;
const seen = new WeakMap<Database.Database, { at: number; version: string }>();

/**
 * A counter in the catalogue's meta table that every import and takedown bumps in its own
 * transaction. Servers poll it (at most once a second) to drop what they keep in memory about
 * the catalogue (categories, listing counts, search results): the change reaches every process
 * that reads the file, whether or not the revalidation request reached it.
 */
export function bumpContentVersion(db: Database.Database): void {
  // This connection reads the new version at once (other connections within a second).
  seen.delete(db);
  db.prepare(
    `INSERT INTO meta (key, value) VALUES ('content_version', '1')
     ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`,
  ).run();
}


/** The catalogue's content version, read from the file at most once per second per connection. */
export function contentVersion(db: Database.Database, nowMs = Date.now()): string {
  const last = seen.get(db);
  if (last && nowMs - last.at < POLL_MS) return last.version;
  const version = (db.prepare("SELECT value FROM meta WHERE key = 'content_version'").pluck().get() as string | undefined) ?? '0';
  seen.set(db, { at: nowMs, version });
  return version;
}
