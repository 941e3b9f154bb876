import 'server-only';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { visitorKey } from '@/lib/net/visitor-key';
import { DAY_SECONDS } from '../filters';
import { importCheckpoints } from './import-checkpoints';
import { dayOf } from '../periods';
import { VOTES_TABLE_SQL } from './schema';

/**
 * Who voted, as the catalogue keeps it: a keyed hash of the visitor (lib/net/visitor-key.ts) under
 * a key that changes every UTC day, so that a second vote on the same video the same day is
 * refused ('You have already voted'), and nothing links two days.
 *
 * The secret is VOTE_SALT when the operator set one, else a random one made by the first vote and
 * kept in the catalogue's meta table, so that every server on one catalogue keys a visitor alike
 * and no public default exists. Whoever holds a copy of the catalogue holds that secret too: the
 * keys of the current day could be tested against every address. So once a day is over, its rows
 * lose their keys (forgetPastVoters): the counts live in videos and video_days, and a key of a past
 * day can never refuse a vote again.
 */
const secrets = new WeakMap<Database.Database, string>();

export function voteSecret(db: Database.Database, configured: string): string {
  if (configured) return configured;
  const known = secrets.get(db);
  if (known) return known;
  const get = () => db.prepare("SELECT value FROM meta WHERE key = 'vote_secret'").pluck().get() as string | undefined;
  let stored = get();
  if (!stored) {
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('vote_secret', ?)").run(randomBytes(32).toString('base64url'));
    stored = get();
  }
  if (!stored) throw new Error('the catalogue keeps no vote secret');
  secrets.set(db, stored);
  return stored;
}

/** The key a vote of `visitor` at `now` (unix seconds) is stored under: its day is the vote's own. */
export function voterKey(db: Database.Database, configured: string, visitor: string, now: number): string {
  return visitorKey(voteSecret(db, configured), visitor, now * 1000);
}

/**
 * Drops the votes of the days before `now`'s, keys and all: they were kept only to refuse a
 * second vote that day. The table is copied without them and the old one dropped, with
 * secure_delete on: a plain DELETE leaves copies of keys in the b-tree's interior pages and in
 * the freed pages of the file, where a copy of the file would still show them. Then the WAL is
 * emptied when nothing holds it (never waiting: busy_timeout is the caller's, 0 in writeWhenFree),
 * since its older frames hold the pages as they were (an import's thread empties it otherwise).
 * Returns the number of votes dropped.
 */
export function forgetPastVoters(db: Database.Database, now: number): number {
  const since = dayOf(now) * DAY_SECONDS;
  const dropped = db.transaction(() => {
    const old = db.prepare('SELECT count(*) FROM votes WHERE created_at < ?').pluck().get(since) as number;
    if (old === 0) return 0;
    const secure = db.pragma('secure_delete', { simple: true });
    db.pragma('secure_delete = ON');
    try {
      db.exec(VOTES_TABLE_SQL('votes_today'));
      db.prepare('INSERT INTO votes_today SELECT video_id, voter, vote, created_at FROM votes WHERE created_at >= ?').run(since);
      db.exec('DROP TABLE votes; ALTER TABLE votes_today RENAME TO votes');
    } finally {
      db.pragma(`secure_delete = ${Number(secure)}`);
    }
    return old;
  })();
  // While an import runs, its own thread checkpoints (import-checkpoints.ts).
  if (dropped > 0 && !importCheckpoints(db)) {
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy: later writes overwrite those frames.
    }
  }
  return dropped;
}
