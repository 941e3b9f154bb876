import 'server-only';
import type Database from 'better-sqlite3';
import { DAY_SECONDS, dateFrom, durationFilterClass } from '../filters';
import { genderNo } from '../entity-kinds';
import type { CountFilter } from '../store';
import { listTableOf, listWhere } from './list-query';
import { prepared } from './statements';

/** Listable videos of a listing posted in [from, to], counted inside its covering latest index. */
function countWindow(db: Database.Database, f: CountFilter, from: number, to: number): number {
  const { t } = listTableOf(f);
  const { where, args } = listWhere(f, to, [from, to]);
  return prepared(db, `SELECT count(*) FROM ${t.table} INDEXED BY ${t.prefix}_latest WHERE ${where}`).pluck().get(...args) as number;
}

/**
 * How many videos a listing has. With a date filter the window is at most 30 days, counted
 * directly; without one, for all videos or a category, the precomputed cumulative count up to
 * yesterday (one index seek) plus today's videos so far. A model's, channel's or tag's listing is
 * counted in its own part of its latest index (a tag's, the largest, is tens of thousands of
 * index entries at 1,000,000 videos, a few milliseconds, and the source keeps the total).
 */
export function countListable(db: Database.Database, f: CountFilter, now: number): number {
  const from = dateFrom(f.date, now);
  if (from !== null) return countWindow(db, f, from, now);
  if (f.entity) return countWindow(db, f, 0, now);
  const today = Math.floor(now / DAY_SECONDS);
  const before =
    (prepared(
      db,
      `SELECT cum FROM video_day_counts WHERE category_id = ? AND gender = ? AND dur_class = ? AND day < ?
       ORDER BY day DESC LIMIT 1`,
    )
      .pluck()
      .get(f.categoryId, genderNo(f.gender), durationFilterClass(f.duration), today) as number | undefined) ?? 0;
  return before + countWindow(db, f, today * DAY_SECONDS, now);
}
