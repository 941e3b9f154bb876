import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * The secret that authenticates catalogue tools to the running site's change endpoint:
 * REVALIDATE_SECRET when set, else one kept in the catalogue's meta table, created by the first
 * tool that needs it. Whoever can read the catalogue file can change the catalogue anyway; the
 * site's visitors cannot read it.
 */
export function changeSecret(db: Database.Database, configured: string, create: boolean): string | null {
  if (configured) return configured;
  const get = () => db.prepare("SELECT value FROM meta WHERE key = 'revalidate_secret'").pluck().get() as string | undefined;
  const stored = get();
  if (stored || !create) return stored ?? null;
  db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('revalidate_secret', ?)").run(randomBytes(24).toString('base64url'));
  return get() ?? null;
}
