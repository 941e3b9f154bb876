import 'server-only';
/**
 * "Most popular today" and "top rated this week" on PostgreSQL: the same per-day history
 * (video_days), running sums (period_stats) and listing totals (period_counts) as the SQLite
 * catalogue, kept up to date the same way (lib/catalog/sqlite/period-stats.ts explains why): each view or
 * vote adds to them in its own transaction, and once a day the windows move by taking out the day
 * that left and adding the day that entered. The daily move runs under an advisory lock, so that
 * of several servers one moves the windows and the others find them moved.
 */
import type { DurationFilter } from '@/lib/types';
import { MAX_ID } from '../answer-limits';
import { durationFilterClass, durationRange } from '../filters';
import { dayOf, PERIOD_DAYS, periodCountKeysSql, PERIODS, periodNo, type Period } from '../periods';
import { VISIBLE_STATUS_SQL } from '../status';
import type { PeriodListFilter } from '../store';
import type { PgClient, Queryable } from './db';
import { PERIOD_LOCK_KEY, SYNC_COMMIT_SQL, vacuumStatements } from './schema';


/** Adds `delta` to every listing total that the videos selected by `idsSql` belong to ($1 period, $2 delta, then idsSql's own). */
async function bumpCounts(db: Queryable, period: number, delta: 1 | -1, idsSql: string, args: unknown[]): Promise<void> {
  await db.query(
    `${periodCountKeysSql(idsSql)}
     INSERT INTO period_counts AS pc (period, category_id, dur_class, count)
     SELECT $1::int, category_id, dur_class, $2::int * count(*)::int FROM keys GROUP BY category_id, dur_class
     ON CONFLICT (period, category_id, dur_class) DO UPDATE SET count = pc.count + excluded.count`,
    [period, delta, ...args],
  );
}

/**
 * Adds `sign` times the given videos' rows of video_days on `day` to a period's sums, keeping
 * period_counts in step (see applyDay in lib/catalog/sqlite/period-stats.ts).
 */
async function applyDay(db: Queryable, period: number, day: number, sign: 1 | -1): Promise<void> {
  if (sign === 1) {
    await bumpCounts(
      db,
      period,
      1,
      `SELECT d.video_id FROM video_days d JOIN videos v ON v.id = d.video_id
       WHERE d.day = $3 AND v.${VISIBLE_STATUS_SQL}
         AND NOT EXISTS (SELECT 1 FROM period_stats p WHERE p.period = $1 AND p.video_id = d.video_id)`,
      [day],
    );
  }
  await db.query(
    `INSERT INTO period_stats AS ps (period, video_id, views, likes, dislikes, score, post_date, duration)
     SELECT $1, d.video_id, $3 * d.views, $3 * d.likes, $3 * d.dislikes, 0, v.post_date, v.duration
     FROM video_days d JOIN videos v ON v.id = d.video_id
     WHERE d.day = $2 AND v.${VISIBLE_STATUS_SQL}
     ON CONFLICT (period, video_id) DO UPDATE SET views = ps.views + excluded.views, likes = ps.likes + excluded.likes,
       dislikes = ps.dislikes + excluded.dislikes`,
    [period, day, sign],
  );
  await db.query(
    `UPDATE period_stats SET score = wilson_score(likes, dislikes)
     WHERE period = $1 AND video_id IN (SELECT d.video_id FROM video_days d WHERE d.day = $2)`,
    [period, day],
  );
  if (sign === -1) {
    const gone = `SELECT p.video_id FROM period_stats p WHERE p.period = $1 AND p.views <= 0 AND p.likes <= 0
      AND p.dislikes <= 0 AND p.video_id IN (SELECT d.video_id FROM video_days d WHERE d.day = $3)`;
    await bumpCounts(db, period, -1, gone, [day]);
    await db.query(`DELETE FROM period_stats WHERE period = $1 AND video_id IN (${gone.replace('$3', '$2')})`, [period, day]);
  }
}

async function statsDay(db: Queryable): Promise<number | null> {
  const r = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'period_stats_day'");
  return r.rows[0] ? Number(r.rows[0].value) : null;
}

async function setStatsDay(db: Queryable, today: number): Promise<void> {
  await db.query(
    `INSERT INTO meta (key, value) VALUES ('period_stats_day', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [String(today)],
  );
}

/** Rebuilds every period's sums for the windows ending on the day of `now` (the caller holds a transaction). */
export async function rebuildPgPeriodStats(db: Queryable, now: number): Promise<void> {
  const today = dayOf(now);
  await db.query('DELETE FROM period_stats');
  await db.query('DELETE FROM period_counts');
  for (const p of PERIODS) {
    for (let day = today - PERIOD_DAYS[p]; day <= today; day++) await applyDay(db, periodNo(p), day, 1);
  }
  await setStatsDay(db, today);
}

/**
 * The last day the windows were moved to, per pool: asked again at most once a second (another
 * process may have rebuilt them, as an import's finish does).
 */
const known = new WeakMap<object, { day: number; at: number }>();

/**
 * Moves every period's window to the day of `now` (see ensurePeriodStats in lib/catalog/sqlite/period-stats.ts).
 * `connect` hands out a client for the transaction; one process moves the windows, others wait
 * for the lock and find them moved.
 */
export async function ensurePgPeriodStats(pool: { connect(): Promise<PgClient & { release?: () => void }> }, now: number): Promise<void> {
  const today = dayOf(now);
  const memo = known.get(pool);
  if (memo && memo.day === today && Date.now() - memo.at < 1000) return;
  const client = await pool.connect();
  try {
    if ((await statsDay(client)) !== today) {
      await client.query('BEGIN');
      try {
        await client.query(SYNC_COMMIT_SQL);
        await moveWindows(client, now);
        await client.query('COMMIT');
        await vacuumPeriods(client);
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    }
    known.set(pool, { day: today, at: Date.now() });
  } finally {
    client.release?.();
  }
}

/**
 * After the sums were rewritten (the daily move, an import's rebuild): VACUUM marks their pages
 * all-visible again, without which the period listings' index-only scans read the table for
 * every row they walk (a heap fetch per entry, even for a small category's page).
 * Outside any transaction; a failure only leaves the work to autovacuum. The transaction that
 * rewrote them commits with SYNC_COMMIT_SQL, and this vacuums both before analyzing either, else it
 * may mark nothing (schema.ts SYNC_COMMIT_SQL).
 */
export async function vacuumPeriods(db: Queryable): Promise<void> {
  try {
    for (const sql of vacuumStatements(['period_stats', 'period_counts'])) await db.query(sql);
  } catch {
    // left to autovacuum
  }
}

/** The windows' move itself, inside the caller's transaction (it takes the lock when there is work). */
export async function moveWindows(db: Queryable, now: number): Promise<void> {
  const today = dayOf(now);
  if ((await statsDay(db)) === today) return;
  // One transaction moves the windows; another server waits here and then finds them moved.
  await db.query('SELECT pg_advisory_xact_lock($1)', [PERIOD_LOCK_KEY]);
  const last = await statsDay(db);
  if (last === today) return;
  if (last === null || today < last || today - last > PERIOD_DAYS.month) {
    await rebuildPgPeriodStats(db, now);
    return;
  }
  for (const p of PERIODS) {
    const n = PERIOD_DAYS[p];
    for (let day = last - n; day <= Math.min(last, today - n - 1); day++) await applyDay(db, periodNo(p), day, -1);
    for (let day = Math.max(last + 1, today - n); day <= today; day++) await applyDay(db, periodNo(p), day, 1);
  }
  await setStatsDay(db, today);
}

/**
 * Locks both period tables, always in this order (followed by the mode): a view or a vote (ROW
 * EXCLUSIVE, countPgDay) and an import's finish rebuilding them (EXCLUSIVE, writer.ts) queue in
 * one order instead of deadlocking.
 */
export const PERIOD_TABLES_LOCK_SQL = 'LOCK TABLE period_stats, period_counts';

/**
 * Adds views and votes to today's row of a video and to every period's sums, inside the caller's
 * transaction (the view and vote stats). The windows must already be at today's day.
 */
export async function countPgDay(db: Queryable, videoId: number, now: number, views: number, likes: number, dislikes: number): Promise<void> {
  // Both period tables, in this order, before any of their rows (as an import's finish takes them
  // whole: PERIOD_TABLES_LOCK_SQL): the rows below go a period at a time, stats then totals, and a
  // rebuild taking them in another order deadlocked with a view. Views do not wait for each other here.
  await db.query(`${PERIOD_TABLES_LOCK_SQL} IN ROW EXCLUSIVE MODE`);
  await moveWindows(db, now);
  await db.query(
    `INSERT INTO video_days AS vd (video_id, day, views, likes, dislikes) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (video_id, day) DO UPDATE SET views = vd.views + excluded.views, likes = vd.likes + excluded.likes,
       dislikes = vd.dislikes + excluded.dislikes`,
    [videoId, dayOf(now), views, likes, dislikes],
  );
  for (const p of PERIODS) {
    const period = periodNo(p);
    // Insert first: of two servers counting the same new video at once, one inserts and counts it.
    const added = await db.query(
      `INSERT INTO period_stats (period, video_id, views, likes, dislikes, score, post_date, duration)
       SELECT $1, id, 0, 0, 0, 0, post_date, duration FROM videos WHERE id = $2
       ON CONFLICT (period, video_id) DO NOTHING`,
      [period, videoId],
    );
    if (added.rowCount) await bumpCounts(db, period, 1, 'SELECT $3::int', [videoId]);
    await db.query(
      `UPDATE period_stats SET views = views + $3, likes = likes + $4, dislikes = dislikes + $5,
         score = wilson_score(likes + $4, dislikes + $5)
       WHERE period = $1 AND video_id = $2`,
      [period, videoId, views, likes, dislikes],
    );
  }
}

/** Takes a video out of every period (a takedown): its sums and its place in the totals. */
export async function forgetPgPeriods(db: Queryable, videoId: number): Promise<void> {
  for (const p of PERIODS) {
    const period = periodNo(p);
    await bumpCounts(db, period, -1, 'SELECT video_id FROM period_stats WHERE period = $1 AND video_id = $3', [videoId]);
    await db.query('DELETE FROM period_stats WHERE period = $1 AND video_id = $2', [period, videoId]);
  }
}

const ANY_DURATION: [number, number] = [0, MAX_ID];

/** One page of a period listing: a reverse walk of the sort's index, filtered in place. */
export async function listPgPeriodIds(db: Queryable, f: PeriodListFilter, now: number): Promise<number[]> {
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const order = f.sort === 'most-popular' ? 'views DESC, video_id DESC' : 'score DESC, likes DESC, video_id DESC';
  const inCategory = f.categoryId !== 0;
  const r = await db.query<{ video_id: number }>(
    `SELECT video_id FROM period_stats p
     WHERE period = $1 AND post_date <= $2 AND duration BETWEEN $3 AND $4
     ${inCategory ? 'AND EXISTS (SELECT 1 FROM video_categories c WHERE c.video_id = p.video_id AND c.category_id = $7)' : ''}
     ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [periodNo(f.period), now, minDur, Math.min(maxDur, ANY_DURATION[1]), f.limit, f.offset, ...(inCategory ? [f.categoryId] : [])],
  );
  return r.rows.map((x) => x.video_id);
}

/** How many videos a period listing has. */
export async function countPgPeriod(db: Queryable, period: Period, categoryId: number, duration: DurationFilter): Promise<number> {
  const r = await db.query<{ count: number }>(
    'SELECT count FROM period_counts WHERE period = $1 AND category_id = $2 AND dur_class = $3',
    [periodNo(period), categoryId, durationFilterClass(duration)],
  );
  return r.rows[0]?.count ?? 0;
}
