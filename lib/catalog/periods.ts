/**
 * The periods of "most popular today" and "top rated this week", on either store: which listings
 * rank by a period's own numbers, and how a day and a score are reckoned (sqlite/period-stats.ts
 * explains how the sums are kept).
 */
import { sortHasDate, type DateFilter, type DateSort, type Sort } from '@/lib/types';
import { DAY_SECONDS, durationClassSql } from './filters';

export type Period = Exclude<DateFilter, 'all'>;

/** Full days before the current one that a period covers. */
export const PERIOD_DAYS: Record<Period, number> = { day: 1, week: 7, month: 30 };

/**
 * The sort and period of a listing that ranks by the period's own numbers (a date filter on the
 * sorts the spec offers it for), or null: other sorts keep "posted within the period".
 */
export function periodOf(sort: Sort, date: DateFilter): { sort: DateSort; period: Period } | null {
  if (date === 'all' || !sortHasDate(sort)) return null;
  return { sort, period: date };
}

export const dayOf = (unixSeconds: number): number => Math.floor(unixSeconds / DAY_SECONDS);

/**
 * Lower bound of the Wilson score interval (95%) of the share of likes: a period's top rated is
 * not won by a video with a single like. Scaled to 0..5 like the rating.
 */
export function wilsonScore(likes: number, dislikes: number): number {
  const n = likes + dislikes;
  if (n <= 0) return 0;
  const z = 1.96;
  const p = Math.min(1, Math.max(0, likes / n));
  const lower = (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
  return Math.round(lower * 5 * 10_000) / 10_000;
}

/** The periods, in period number order. */
export const PERIODS = Object.keys(PERIOD_DAYS) as Period[];
/** A period's number in period_stats and period_counts. */
export const periodNo = (p: Period): number => PERIODS.indexOf(p) + 1;

/**
 * SQL (either store) of the listing totals a set of videos belongs to: all videos, its duration
 * class, each of its categories, and each category's duration class, as `keys(category_id,
 * dur_class)` over `ids(id)` from `idsSql`; the caller adds to period_counts from it.
 */
export function periodCountKeysSql(idsSql: string): string {
  return `WITH ids(id) AS (${idsSql}),
     keys(category_id, dur_class) AS (
       SELECT 0, 0 FROM ids
       UNION ALL SELECT 0, ${durationClassSql('v.duration')} FROM ids JOIN videos v ON v.id = ids.id
       UNION ALL SELECT c.category_id, 0 FROM ids JOIN video_categories c ON c.video_id = ids.id
       UNION ALL SELECT c.category_id, ${durationClassSql('c.duration')} FROM ids JOIN video_categories c ON c.video_id = ids.id
     )`;
}
