/**
 * Display formatting, docs/spec.md §5. Pure functions, used on the server and in the browser.
 */

export const DEFAULT_LOCALE = 'en-US';

/** Counts with 4 to 6 digits gain K, 7 or more digits gain M (1234 -> 1.2K, 1234567 -> 1.2M). */
export function formatCount(value: number): string {
  const n = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  const digits = String(n).length;
  if (digits >= 7) return `${trim(n / 1_000_000)}M`;
  if (digits >= 4) return `${trim(n / 1_000)}K`;
  return String(n);
}

function trim(x: number): string {
  // One decimal below 100 (1.2K, 45.6K), none above (123K); never round up into a wrong unit label.
  const v = x < 100 ? Math.floor(x * 10) / 10 : Math.floor(x);
  return v.toLocaleString(DEFAULT_LOCALE, { maximumFractionDigits: 1 });
}

/** Rating percent: the value divided by 0.05, rounded, capped at 100. */
export function ratingPercent(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, Math.round(value / 0.05));
}

export type VideoAge =
  | { unit: 'today'; count: 0 }
  | { unit: 'years' | 'months' | 'days'; count: number };

const DAY_MS = 86_400_000;

/** Video age in years (365 days), months (30 days), days, or 'today'. */
export function videoAge(postDate: string | Date, now: Date = new Date()): VideoAge {
  const t = typeof postDate === 'string' ? Date.parse(postDate) : postDate.getTime();
  if (!Number.isFinite(t)) return { unit: 'today', count: 0 };
  const days = Math.floor(Math.max(0, now.getTime() - t) / DAY_MS);
  if (days >= 365) return { unit: 'years', count: Math.floor(days / 365) };
  if (days >= 30) return { unit: 'months', count: Math.floor(days / 30) };
  if (days >= 1) return { unit: 'days', count: days };
  return { unit: 'today', count: 0 };
}

/** 754 -> "12:34", 3723 -> "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** ISO 8601 duration for structured data: 754 -> "PT12M34S". */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sec || (!h && !m) ? `${sec}S` : ''}`;
}

/** Parses "12:34", "1:02:03" or a number of seconds. */
export function parseDuration(value: number | string | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  if (typeof value !== 'string') return 0;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.floor(Number(v));
  if (!/^\d+(:\d{1,2}){1,2}$/.test(v)) return 0;
  return v.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
}
