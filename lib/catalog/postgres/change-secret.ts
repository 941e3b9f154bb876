import { randomBytes } from 'node:crypto';
import type { Queryable } from './db';

/**
 * The secret of the site's change endpoint on the PostgreSQL catalogue (changeSecret in
 * lib/catalog/sqlite/change-secret.ts): REVALIDATE_SECRET when set, else one kept in the catalogue's meta
 * table, created by the first tool that needs it.
 */
export async function pgChangeSecret(db: Queryable, configured: string, create: boolean): Promise<string | null> {
  if (configured) return configured;
  const get = async () =>
    (await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'revalidate_secret'")).rows[0]?.value ?? null;
  const stored = await get();
  if (stored || !create) return stored;
  await db.query("INSERT INTO meta (key, value) VALUES ('revalidate_secret', $1) ON CONFLICT (key) DO NOTHING", [
    randomBytes(24).toString('base64url'),
  ]);
  return get();
}
