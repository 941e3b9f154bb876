import 'server-only';
/**
 * "Most popular today" and "top rated this week", as a tube ranks them: by the views and votes a
 * video got *during* the period, not by the all-time counts of the videos posted in it.
 *
 * Views and votes are counted per video and day (video_days, fed by the view and vote stats and
 * by the demo seed's history). Summing a month of those rows for every listing request would cost
 * far more than the 10 ms a list query may take at 1,000,000 videos, and so would rebuilding the
 * sums every few minutes (seconds of a blocked event loop and a held write lock), so the sums of
 * the three periods live in period_stats (filter columns copied in: each sort is one index walk)
 * and their listing totals in period_counts, both kept up to date incrementally: each view or vote
 * adds to them at once, and once a day the windows move by taking out the day that left and adding
 * the day that entered. A period is the current day and the N full days before it (day: 1, week:
 * 7, month: 30): at one minute past midnight "today" alone would hold almost nothing.
 */
import type Database from 'better-sqlite3';
import type { DurationFilter, Orientation } from '@/lib/contract/types';
import { type EntityRef, genderNo } from '../entity-kinds';
import { durationFilterClass, durationRange } from '../filters';
import { dayOf, PERIOD_DAYS, periodCountKeysSql, PERIODS, periodNo, periodSection, type Period, wilsonScore } from '../periods';
import { VISIBLE_STATUS_SQL } from '../status';
import type { PeriodListFilter } from '../store';
import { prepared } from './statements';


function registerFunctions(db: Database.Database): void {
  db.function('wilson_score', { deterministic: true }, (likes, dislikes) => wilsonScore(Number(likes), Number(dislikes)));
}

/**
 * Adds `sign` times the counts of the given videos' rows of video_days on `day` to a period's
 * sums, keeping period_counts in step: a video entering the period counts once in its listing
 * totals (all videos, its duration class, each of its categories), a video whose sums fall to
 * zero leaves them.
 */
function applyDay(db: Database.Database, period: number, day: number, sign: 1 | -1, videoId?: number): void {
  const only = videoId === undefined ? '' : 'AND d.video_id = @videoId';
  const args = { period, day, sign, videoId };
  // Newcomers: counted in the totals before their sums exist.
  if (sign === 1) {
    bumpCounts(db, period, 1, `SELECT d.video_id FROM video_days d JOIN videos v ON v.id = d.video_id
      WHERE d.day = @day ${only} AND v.${VISIBLE_STATUS_SQL}
        AND NOT EXISTS (SELECT 1 FROM period_stats p WHERE p.period = @period AND p.video_id = d.video_id)`, args);
  }
  prepared(
    db,
    `INSERT INTO period_stats (period, video_id, views, likes, dislikes, score, post_date, duration, gender)
     SELECT @period, d.video_id, @sign * d.views, @sign * d.likes, @sign * d.dislikes, 0, v.post_date, v.duration, v.gender
     FROM video_days d JOIN videos v ON v.id = d.video_id
     WHERE d.day = @day ${only} AND v.${VISIBLE_STATUS_SQL}
     ON CONFLICT (period, video_id) DO UPDATE SET views = views + excluded.views, likes = likes + excluded.likes,
       dislikes = dislikes + excluded.dislikes`,
  ).run(args);
  prepared(
    db,
    `UPDATE period_stats SET score = wilson_score(likes, dislikes)
     WHERE period = @period AND video_id IN (SELECT d.video_id FROM video_days d WHERE d.day = @day ${only})`,
  ).run(args);
  if (sign === -1) {
    const gone = `SELECT p.video_id FROM period_stats p WHERE p.period = @period AND p.views <= 0 AND p.likes <= 0
      AND p.dislikes <= 0 AND p.video_id IN (SELECT d.video_id FROM video_days d WHERE d.day = @day ${only})`;
    bumpCounts(db, period, -1, gone, args);
    prepared(db, `DELETE FROM period_stats WHERE period = @period AND video_id IN (${gone})`).run(args);
  }
}

/** Adds `delta` to every listing total that the videos selected by `idsSql` belong to. */
function bumpCounts(db: Database.Database, period: number, delta: 1 | -1, idsSql: string, args: Record<string, unknown>): void {
  prepared(
    db,
    `${periodCountKeysSql(idsSql)}
     INSERT INTO period_counts (period, kind, entity_id, gender, dur_class, count)
     SELECT @period, kind, entity_id, gender, dur_class, @delta * count(*) FROM keys WHERE true GROUP BY kind, entity_id, gender, dur_class
     ON CONFLICT (period, kind, entity_id, gender, dur_class) DO UPDATE SET count = count + excluded.count`,
  ).run({ ...args, period, delta });
}

const statsDay = (db: Database.Database): number | null => {
  const v = prepared(db, "SELECT value FROM meta WHERE key = 'period_stats_day'").pluck().get();
  return v === undefined ? null : Number(v);
};

/** Rebuilds every period's sums for the windows ending on `today` (a new file, or after a long pause). */
export function rebuildPeriodStats(db: Database.Database, now: number): void {
  registerFunctions(db);
  const today = dayOf(now);
  db.transaction(() => {
    db.exec('DELETE FROM period_stats; DELETE FROM period_counts;');
    for (const p of PERIODS) {
      for (let day = today - PERIOD_DAYS[p]; day <= today; day++) applyDay(db, periodNo(p), day, 1);
    }
    prepared(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('period_stats_day', ?)").run(String(today));
  })();
}

/**
 * Moves every period's window to the day of `now`: the days that left a window are taken out of
 * its sums and the days that entered are added (with the demo's history, a new day already has
 * views), a few thousand rows a day even at 1,000,000 videos. Views and votes of the current day
 * are added as they come (countDay), so once a day is the only time this has work to do.
 */
export function ensurePeriodStats(db: Database.Database, now: number): void {
  const today = dayOf(now);
  const last = statsDay(db);
  if (last === today) return;
  if (last === null || today < last || today - last > PERIOD_DAYS.month) {
    rebuildPeriodStats(db, now);
    return;
  }
  registerFunctions(db);
  db.transaction(() => {
    for (const p of PERIODS) {
      const n = PERIOD_DAYS[p];
      for (let day = last - n; day <= Math.min(last, today - n - 1); day++) applyDay(db, periodNo(p), day, -1);
      for (let day = Math.max(last + 1, today - n); day <= today; day++) applyDay(db, periodNo(p), day, 1);
    }
    prepared(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('period_stats_day', ?)").run(String(today));
  })();
}

/**
 * Adds views and votes to today's row of a video, and to the sums of every period (the view and
 * vote stats call this inside their transaction).
 */
export function countDay(db: Database.Database, videoId: number, now: number, views: number, likes: number, dislikes: number): void {
  ensurePeriodStats(db, now);
  const day = dayOf(now);
  prepared(
    db,
    `INSERT INTO video_days (video_id, day, views, likes, dislikes) VALUES (@videoId, @day, @views, @likes, @dislikes)
     ON CONFLICT (video_id, day) DO UPDATE SET views = views + excluded.views, likes = likes + excluded.likes,
       dislikes = dislikes + excluded.dislikes`,
  ).run({ videoId, day, views, likes, dislikes });
  registerFunctions(db);
  // Apply only this event: take the day's row out of the sums as it was, put it back as it is.
  const delta = { views, likes, dislikes };
  for (const p of PERIODS) {
    const period = periodNo(p);
    const exists = prepared(db, 'SELECT 1 FROM period_stats WHERE period = ? AND video_id = ?').pluck().get(period, videoId);
    if (!exists) {
      bumpCounts(db, period, 1, 'SELECT @videoId', { videoId });
      prepared(
        db,
        `INSERT INTO period_stats (period, video_id, views, likes, dislikes, score, post_date, duration, gender)
         SELECT @period, id, 0, 0, 0, 0, post_date, duration, gender FROM videos WHERE id = @videoId`,
      ).run({ period, videoId });
    }
    prepared(
      db,
      `UPDATE period_stats SET views = views + @views, likes = likes + @likes, dislikes = dislikes + @dislikes,
         score = wilson_score(likes + @likes, dislikes + @dislikes)
       WHERE period = @period AND video_id = @videoId`,
    ).run({ ...delta, period, videoId });
  }
}

/** Takes a video out of every period (a takedown): its sums and its place in the totals. */
export function forgetPeriods(db: Database.Database, videoId: number): void {
  for (const p of PERIODS) {
    const period = periodNo(p);
    bumpCounts(db, period, -1, 'SELECT video_id FROM period_stats WHERE period = @period AND video_id = @videoId', { videoId });
    prepared(db, 'DELETE FROM period_stats WHERE period = ? AND video_id = ?').run(period, videoId);
  }
}

const ANY_DURATION: [number, number] = [0, Number.MAX_SAFE_INTEGER];

/**
 * One page of a period listing. All videos, a category or a tag (thousands of videos): a reverse
 * walk of the sort's index in the orientation's part, filtered in place (a tag's membership by its
 * primary key). A model or a channel (a few dozen videos): its members' sums, sorted; walking the
 * period's index for them would read most of it.
 */
export function listPeriodIds(db: Database.Database, f: PeriodListFilter, now: number): number[] {
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const [index, order] =
    f.sort === 'most-popular'
      ? ['idx_ps_views', 'p.views DESC, p.video_id DESC']
      : ['idx_ps_score', 'p.score DESC, p.likes DESC, p.video_id DESC'];
  const base = [periodNo(f.period), genderNo(f.gender), now, minDur, maxDur];
  const filters = 'p.period = ? AND p.gender = ? AND p.post_date <= ? AND p.duration BETWEEN ? AND ?';
  const kind = f.entity?.kind;
  if (kind === 'model' || kind === 'channel') {
    const members =
      kind === 'model'
        ? 'SELECT video_id FROM video_models INDEXED BY idx_vm_latest WHERE model_id = ? AND gender = ?'
        : 'SELECT id FROM videos INDEXED BY idx_vch_latest WHERE channel_id = ? AND gender = ?';
    const sql = `SELECT p.video_id FROM (${members}) m CROSS JOIN period_stats p ON p.period = ? AND p.video_id = m.${kind === 'model' ? 'video_id' : 'id'}
      WHERE ${filters} ORDER BY ${order} LIMIT ? OFFSET ?`;
    return prepared(db, sql).pluck().all(f.entity!.id, genderNo(f.gender), periodNo(f.period), ...base, f.limit, f.offset) as number[];
  }
  const member =
    kind === 'tag'
      ? 'AND EXISTS (SELECT 1 FROM video_tags t WHERE t.video_id = p.video_id AND t.tag_id = ?)'
      : f.categoryId !== 0
        ? 'AND EXISTS (SELECT 1 FROM video_categories c WHERE c.video_id = p.video_id AND c.category_id = ?)'
        : '';
  const sql = `SELECT p.video_id FROM period_stats p INDEXED BY ${index} WHERE ${filters} ${member} ORDER BY ${order} LIMIT ? OFFSET ?`;
  const section = kind === 'tag' ? [f.entity!.id] : f.categoryId !== 0 ? [f.categoryId] : [];
  return prepared(db, sql).pluck().all(...base, ...section, f.limit, f.offset) as number[];
}

/** How many videos a period listing has (kept with the sums). */
export function countPeriod(db: Database.Database, period: Period, categoryId: number, duration: DurationFilter, gender: Orientation, entity: EntityRef | null): number {
  const [kind, entityId] = periodSection(categoryId, entity);
  return (
    (prepared(db, 'SELECT count FROM period_counts WHERE period = ? AND kind = ? AND entity_id = ? AND gender = ? AND dur_class = ?')
      .pluck()
      .get(periodNo(period), kind, entityId, genderNo(gender), durationFilterClass(duration)) as number | undefined) ?? 0
  );
}
