/**
 * The periods of "most popular today" and "top rated this week", on either store: which listings
 * rank by a period's own numbers, and how a day and a score are reckoned (sqlite/period-stats.ts
 * explains how the sums are kept).
 */
import { sortHasDate, type DateFilter, type DateSort, type Sort } from '@/lib/contract/types';
import { type EntityRef, KIND } from './entity-kinds';
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
 * SQL (either store) of the listing totals a set of videos belongs to: for each section it is in
 * (all videos, each of its categories, models and tags, its channel: entity-kinds.ts KIND), its
 * orientation with any duration class and with its own, as `keys(kind, entity_id, gender,
 * dur_class)` over `ids(id)` from `idsSql`; the caller adds to period_counts from it.
 */
export function periodCountKeysSql(idsSql: string): string {
  return `WITH ids(id) AS (${idsSql}),
     sections(kind, entity_id, id) AS (
       SELECT ${KIND.category}, 0, id FROM ids
       UNION ALL SELECT ${KIND.category}, c.category_id, c.video_id FROM ids JOIN video_categories c ON c.video_id = ids.id
       UNION ALL SELECT ${KIND.model}, m.model_id, m.video_id FROM ids JOIN video_models m ON m.video_id = ids.id
       UNION ALL SELECT ${KIND.channel}, v.channel_id, v.id FROM ids JOIN videos v ON v.id = ids.id WHERE v.channel_id <> 0
       UNION ALL SELECT ${KIND.tag}, t.tag_id, t.video_id FROM ids JOIN video_tags t ON t.video_id = ids.id
     ),
     keys(kind, entity_id, gender, dur_class) AS (
       SELECT s.kind, s.entity_id, v.gender, 0 FROM sections s JOIN videos v ON v.id = s.id
       UNION ALL SELECT s.kind, s.entity_id, v.gender, ${durationClassSql('v.duration')} FROM sections s JOIN videos v ON v.id = s.id
     )`;
}

/** A listing's section in period_counts: (kind, entity_id). */
export function periodSection(categoryId: number, entity: EntityRef | null): [number, number] {
  return entity ? [KIND[entity.kind], entity.id] : [KIND.category, categoryId];
}
