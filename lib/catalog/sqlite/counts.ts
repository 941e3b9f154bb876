import 'server-only';
import type Database from 'better-sqlite3';
import type { DateFilter, DurationFilter } from '@/lib/types';
import { DAY_SECONDS, dateFrom, durationFilterClass, durationRange } from '../filters';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';

export interface CountFilter {
  /** 0 for all videos. */
  categoryId: number;
  duration: DurationFilter;
  date: DateFilter;
}

const ANY_DURATION: [number, number] = [0, Number.MAX_SAFE_INTEGER];

/** Listable videos posted in [from, to], counted inside a covering index (windows are small). */
function countWindow(db: Database.Database, f: CountFilter, from: number, to: number): number {
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const sql =
    f.categoryId === 0
      ? `SELECT count(*) FROM videos INDEXED BY idx_v_latest
         WHERE post_date BETWEEN ? AND ? AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN ? AND ?`
      : `SELECT count(*) FROM video_categories INDEXED BY idx_vc_latest
         WHERE category_id = ? AND post_date BETWEEN ? AND ? AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN ? AND ?`;
  const args = f.categoryId === 0 ? [from, to, minDur, maxDur] : [f.categoryId, from, to, minDur, maxDur];
  return prepared(db, sql).pluck().get(...args) as number;
}

/**
 * How many videos a listing has. With a date filter the window is at most 30 days, counted
 * directly; without one, the precomputed cumulative count up to yesterday (one index seek)
 * plus today's videos so far.
 */
export function countListable(db: Database.Database, f: CountFilter, now: number): number {
  const from = dateFrom(f.date, now);
  if (from !== null) return countWindow(db, f, from, now);
  const today = Math.floor(now / DAY_SECONDS);
  const before =
    (prepared(
      db,
      `SELECT cum FROM video_day_counts WHERE category_id = ? AND dur_class = ? AND day < ?
       ORDER BY day DESC LIMIT 1`,
    )
      .pluck()
      .get(f.categoryId, durationFilterClass(f.duration), today) as number | undefined) ?? 0;
  return before + countWindow(db, f, today * DAY_SECONDS, now);
}
