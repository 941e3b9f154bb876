/**
 * How much the catalogues (SQLite and PostgreSQL) put in an answer, written once so that both
 * answer alike (npm run test:pg compares them).
 */
export const TOP_KEYWORDS = 30;
export const SUGGEST_KEYWORDS = 10;
export const SUGGEST_CATEGORIES = 5;
export const MAX_SUGGESTER_COUNT = 5000;

/** A whole number within [min, max]; anything not finite is min. */
export function clampInt(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

/** Page `pageNo` (from 1) of `count` items. */
export function page<T>(items: readonly T[], pageNo: number, count: number): T[] {
  const start = (pageNo - 1) * count;
  return items.slice(start, start + count);
}
