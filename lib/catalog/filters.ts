import type { DateFilter, DurationFilter } from '@/lib/types';

/** Duration classes of the filter: 1 under 10 minutes, 2 from 10 to 40 minutes, 3 over 40. */
export type DurationClass = 1 | 2 | 3;

export const DAY_SECONDS = 86_400;

export function durationClass(seconds: number): DurationClass {
  if (seconds < 600) return 1;
  if (seconds <= 2400) return 2;
  return 3;
}

/** 0 for 'all', else the class number. */
export function durationFilterClass(filter: DurationFilter): 0 | DurationClass {
  return filter === 'all' ? 0 : (Number(filter) as DurationClass);
}

/** Inclusive seconds range of a duration filter, for index range scans on `duration`. */
export function durationRange(filter: DurationFilter): [number, number] | null {
  switch (filter) {
    case '1':
      return [0, 599];
    case '2':
      return [600, 2400];
    case '3':
      return [2401, Number.MAX_SAFE_INTEGER];
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
