import type { DateFilter, DurationFilter } from '@/lib/types';

/** Duration classes of the filter: 1 under 10 minutes, 2 from 10 to 40 minutes, 3 over 40. */
export type DurationClass = 1 | 2 | 3;

export const DAY_SECONDS = 86_400;

/** Where the duration classes meet, in seconds: class 1 is below SHORT_BELOW, class 3 above LONG_ABOVE. */
const SHORT_BELOW = 600;
const LONG_ABOVE = 2400;

export function durationClass(seconds: number): DurationClass {
  if (seconds < SHORT_BELOW) return 1;
  if (seconds <= LONG_ABOVE) return 2;
  return 3;
}

/** durationClass as an SQL expression of the column `col` (either store). */
export function durationClassSql(col: string): string {
  return `CASE WHEN ${col} < ${SHORT_BELOW} THEN 1 WHEN ${col} <= ${LONG_ABOVE} THEN 2 ELSE 3 END`;
}

/** 0 for 'all', else the class number. */
export function durationFilterClass(filter: DurationFilter): 0 | DurationClass {
  return filter === 'all' ? 0 : (Number(filter) as DurationClass);
}

/** Inclusive seconds range of a duration filter, for index range scans on `duration`. */
export function durationRange(filter: DurationFilter): [number, number] | null {
  switch (filter) {
    case '1':
      return [0, SHORT_BELOW - 1];
    case '2':
      return [SHORT_BELOW, LONG_ABOVE];
    case '3':
      return [LONG_ABOVE + 1, Number.MAX_SAFE_INTEGER];
    default:
      return null;
  }
}

const DATE_DAYS: Record<DateFilter, number> = { all: 0, day: 1, week: 7, month: 30 };

/** Earliest post_date (unix seconds) a date filter lets through, or null for 'all'. */
export function dateFrom(filter: DateFilter, now: number): number | null {
  const days = DATE_DAYS[filter];
  return days === 0 ? null : now - days * DAY_SECONDS;
}

/** "YYYY-MM-DD HH:MM:SS" in UTC, as the KVS API writes dates. */
export function formatPostDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
