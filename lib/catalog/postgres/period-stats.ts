import 'server-only';
/**
 * "Most popular today" and "top rated this week" on PostgreSQL: the same per-day history
 * (video_days), running sums (period_stats) and listing totals (period_counts) as the SQLite
 * catalogue, kept up to date the same way (lib/catalog/sqlite/period-stats.ts explains why): each view or
 * vote adds to them in its own transaction, and once a day the windows move by taking out the day
 * that left and adding the day that entered. The daily move runs under an advisory lock, so that
 * of several servers one moves the windows and the others find them moved.
 */
import type { DurationFilter, Orientation } from '@/lib/contract/types';
import { type EntityRef, genderNo, KIND } from '../entity-kinds';
import { MAX_ID } from '../answer-limits';
import { durationFilterClass, durationRange } from '../filters';
import { dayOf, PERIOD_DAYS, periodCountKeysSql, PERIODS, periodNo, periodSection, type Period } from '../periods';
import { VISIBLE_STATUS_SQL } from '../status';
import type { PeriodListFilter } from '../store';
import type { PgClient, Queryable } from './db';
import { PERIOD_LOCK_KEY, SYNC_COMMIT_SQL, vacuumStatements } from './schema';
import { type SectionName, SECTIONS, sectionWhere } from './sections';


/** Adds `delta` to every listing total that the videos selected by `idsSql` belong to ($1 period, $2 delta, then idsSql's own). */
async function bumpCounts(db: Queryable, period: number, delta: 1 | -1, idsSql: string, args: unknown[]): Promise<void> {
  await db.query(
    `${periodCountKeysSql(idsSql)}
     INSERT INTO period_counts AS pc (period, kind, entity_id, gender, dur_class, count)
     SELECT $1::int, kind, entity_id, gender, dur_class, $2::int * count(*)::int FROM keys GROUP BY kind, entity_id, gender, dur_class
     ON CONFLICT (period, kind, entity_id, gender, dur_class) DO UPDATE SET count = pc.count + excluded.count`,
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
    `INSERT INTO period_stats AS ps (period, video_id, views, likes, dislikes, score, post_date, duration, gender)
     SELECT $1, d.video_id, $3 * d.views, $3 * d.likes, $3 * d.dislikes, 0, v.post_date, v.duration, v.gender
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
 * After the sums were rewritten (the daily move, an import's rebuild; `also`: other tables it rewrote whole): VACUUM marks their pages
 * all-visible again, without which the period listings' index-only scans read the table for
 * every row they walk (a heap fetch per entry, even for a small category's page).
 * Outside any transaction; a failure only leaves the work to autovacuum. The transaction that
 * rewrote them commits with SYNC_COMMIT_SQL, and this vacuums both before analyzing either, else it
 * may mark nothing (schema.ts SYNC_COMMIT_SQL).
 */
export async function vacuumPeriods(db: Queryable, also: readonly string[] = []): Promise<void> {
  try {
    for (const sql of vacuumStatements(['period_stats', 'period_counts', ...also])) await db.query(sql);
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
      `INSERT INTO period_stats (period, video_id, views, likes, dislikes, score, post_date, duration, gender)
       SELECT $1, id, 0, 0, 0, 0, post_date, duration, gender FROM videos WHERE id = $2
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

/**
 * Counts every period listing's total again from the sums (migration 7, when the totals gained the
 * orientation and the model, channel and tag sections): a total is the number of its videos with
 * a row of the period's sums.
 */
export async function recountPgPeriodCounts(db: Queryable): Promise<void> {
  await db.query('DELETE FROM period_counts');
  for (const p of PERIODS) await bumpCounts(db, periodNo(p), 1, 'SELECT video_id FROM period_stats WHERE period = $1', []);
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

/**
 * Whether a period listing of `entity` is cheaper read from the entity's own videos (each looked up
 * in period_stats, then sorted) than by walking the period's sums in order until the page is
 * found: the walk reads about (offset + limit) times the period's videos per video of the entity's
 * listing, the lookups the entity's videos of the orientation. A small model's month ranking walked
 * would read most of the month's sums to find its few.
 */
async function readByMembers(db: Queryable, f: PeriodListFilter, entity: EntityRef, gender: number): Promise<boolean> {
  const r = await db.query<{ videos: number | null; listed: number | null; all: number | null }>(
    `SELECT (SELECT videos FROM entity_stats WHERE kind = $1 AND entity_id = $2 AND gender = $3) AS videos,
       (SELECT count FROM period_counts WHERE period = $4 AND kind = $1 AND entity_id = $2 AND gender = $3 AND dur_class = $5) AS listed,
       (SELECT count FROM period_counts WHERE period = $4 AND kind = ${KIND.category} AND entity_id = 0 AND gender = $3 AND dur_class = $5) AS all`,
    [KIND[entity.kind], entity.id, gender, periodNo(f.period), durationFilterClass(f.duration)],
  );
  const row = r.rows[0];
  const walk = ((f.offset + f.limit) * (row?.all ?? 0)) / Math.max(1, row?.listed ?? 0);
  return (row?.videos ?? 0) < walk;
}

/** One page of a period listing: a reverse walk of the sort's index in the orientation, filtered in place, or a small section's videos sorted. */
export async function listPgPeriodIds(db: Queryable, f: PeriodListFilter, now: number): Promise<number[]> {
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const order = f.sort === 'most-popular' ? 'p.views DESC, p.video_id DESC' : 'p.score DESC, p.likes DESC, p.video_id DESC';
  const gender = genderNo(f.gender);
  const args = [periodNo(f.period), now, minDur, Math.min(maxDur, ANY_DURATION[1]), f.limit, f.offset, gender];
  const filter = 'p.period = $1 AND p.gender = $7 AND p.post_date <= $2 AND p.duration BETWEEN $3 AND $4';
  const page = `ORDER BY ${order} LIMIT $5 OFFSET $6`;
  let sql: string;
  const name: SectionName = f.entity?.kind ?? (f.categoryId !== 0 ? 'category' : 'all');
  const { table, id } = SECTIONS[name];
  const members = sectionWhere(name, f.entity?.id ?? f.categoryId, gender, 's.');
  if (f.entity && (await readByMembers(db, f, f.entity, gender))) {
    sql = `SELECT p.video_id FROM ${table} s JOIN period_stats p ON p.period = $1 AND p.video_id = s.${id} WHERE ${members} AND ${filter} ${page}`;
  } else {
    const section = name === 'all' ? '' : `AND EXISTS (SELECT 1 FROM ${table} s WHERE s.${id} = p.video_id AND ${members})`;
    sql = `SELECT p.video_id FROM period_stats p WHERE ${filter} ${section} ${page}`;
  }
  return (await db.query<{ video_id: number }>(sql, args)).rows.map((x) => x.video_id);
}

/** How many videos a period listing has: of a category (0: all videos) or a model, channel or tag, in the orientation. */
export async function countPgPeriod(
  db: Queryable,
  period: Period,
  categoryId: number,
  duration: DurationFilter,
  gender: Orientation,
  entity: EntityRef | null,
): Promise<number> {
  const r = await db.query<{ count: number }>(
    'SELECT count FROM period_counts WHERE period = $1 AND kind = $2 AND entity_id = $3 AND gender = $4 AND dur_class = $5',
    [periodNo(period), ...periodSection(categoryId, entity), genderNo(gender), durationFilterClass(duration)],
  );
  return r.rows[0]?.count ?? 0;
}
