/**
 * How much the catalogues (SQLite and PostgreSQL) put in an answer, written once so that both
 * answer alike (npm run test:pg compares them).
 */
export const TOP_KEYWORDS = 30;
export const SUGGEST_KEYWORDS = 10;
export const SUGGEST_CATEGORIES = 5;
export const MAX_SUGGESTER_COUNT = 5000;
/** Videos in one sitemap file at the most (the sitemap protocol's limit). */
export const MAX_SITEMAP_SIZE = 50_000;
/**
 * The largest video id: PostgreSQL keeps ids (and durations, dates) in int4 columns, and SQLite's
 * ids never pass it either. An id above it is not found, without asking the database.
 */
export const MAX_ID = 2_147_483_647;

/** A whole number within [min, max]; anything not finite is min. */
export function clampInt(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

/** Page `pageNo` (from 1) of `count` items. */
export function page<T>(items: readonly T[], pageNo: number, count: number): T[] {
  const start = (pageNo - 1) * count;
  return items.slice(start, start + count);
}
