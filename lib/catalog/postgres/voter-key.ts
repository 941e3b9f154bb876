import 'server-only';
import { randomBytes } from 'node:crypto';
import { visitorKey } from '@/lib/net/visitor-key';
import { DAY_SECONDS } from '../filters';
import { dayOf } from '../periods';
import type { Queryable } from './db';

/**
 * Who voted, on the PostgreSQL catalogue: as lib/catalog/sqlite/voter-key.ts explains for the SQLite one.
 * The secret is VOTE_SALT, else a random one kept in the catalogue's meta table, made by the first
 * server that needs it and read by every other one, so that they all key a visitor alike.
 */
const secrets = new WeakMap<object, string>();

export async function pgVoteSecret(db: Queryable, configured: string): Promise<string> {
  if (configured) return configured;
  const known = secrets.get(db);
  if (known) return known;
  const get = async () => (await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'vote_secret'")).rows[0]?.value;
  let stored = await get();
  if (!stored) {
    await db.query("INSERT INTO meta (key, value) VALUES ('vote_secret', $1) ON CONFLICT (key) DO NOTHING", [randomBytes(32).toString('base64url')]);
    stored = await get();
  }
  if (!stored) throw new Error('the catalogue keeps no vote secret');
  secrets.set(db, stored);
  return stored;
}

/** The key a vote of `visitor` at `now` (unix seconds) is stored under. */
export async function pgVoterKey(db: Queryable, configured: string, visitor: string, now: number): Promise<string> {
  return visitorKey(await pgVoteSecret(db, configured), visitor, now * 1000);
}

/**
 * Drops the votes of the days before `now`'s, keys and all (they only refused a second vote that
 * day), then rewrites the table (VACUUM FULL: a day's votes at most, a moment's lock), so that its
 * files hold no deleted row either. Returns the number of votes dropped.
 */
export async function pgForgetPastVoters(db: Queryable, now: number): Promise<number> {
  const dropped = (await db.query('DELETE FROM votes WHERE created_at < $1', [dayOf(now) * DAY_SECONDS])).rowCount ?? 0;
  if (dropped > 0) {
    try {
      await db.query('VACUUM FULL votes');
    } catch {
      // Autovacuum frees the rows later.
    }
  }
  return dropped;
}
