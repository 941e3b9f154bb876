import 'server-only';
import type Database from 'better-sqlite3';
import type { DateFilter, DurationFilter } from '@/lib/types';
import { dateFrom, durationFilterClass } from './filters';
import { searchMatch, searchTokens } from './fts-query';
import { byScore, titleScore } from './relevance';
import { prepared } from './statements';

/**
 * A search ranks the newest SEARCH_WINDOW matches: FTS5 walks its index in rowid order and
 * stops there (rowid order is post_date order), so a word matching 100,000 videos costs no
 * more than a rare one. Rare terms are ranked completely; for common ones the result is "most
 * relevant among the 1,200 newest matches", and total_count is capped at the window (20 pages
 * of 60).
 */
export const SEARCH_WINDOW = 1200;

export interface SearchFilter {
  term: string;
  duration: DurationFilter;
  date: DateFilter;
}

/** Highest id published by `now` (ids follow post_date), or 0 when none. */
export function maxPublishedId(db: Database.Database, now: number): number {
  return (
    (prepared(db, 'SELECT id FROM videos INDEXED BY idx_v_latest WHERE post_date <= ? ORDER BY post_date DESC, id DESC LIMIT 1')
      .pluck()
      .get(now) as number | undefined) ?? 0
  );
}

/** Lowest id posted at or after `from`, or null when none. */
function minIdFrom(db: Database.Database, from: number): number | null {
  return (
    (prepared(db, 'SELECT id FROM videos INDEXED BY idx_v_latest WHERE post_date >= ? ORDER BY post_date, id LIMIT 1')
      .pluck()
      .get(from) as number | undefined) ?? null
  );
}

/**
 * Newest-first ids matching an FTS expression within [lo, hi], at most `limit`.
 * The lower bound is applied here, not in SQL: FTS5 reaches a rowid bound by walking the
 * doclist rather than seeking (measured: 8 ms to start at rowid 950,000 of "walk"), while a
 * newest-first walk that simply stops below `lo` only reads the rows it returns.
 */
export function newestMatches(
  db: Database.Database,
  match: string,
  lo: number,
  hi: number,
  limit: number,
  excludeId = 0,
): number[] {
  const out: number[] = [];
  const rows = prepared(db, 'SELECT rowid FROM video_fts WHERE video_fts MATCH ? AND rowid <= ? ORDER BY rowid DESC')
    .pluck()
    .iterate(match, hi) as IterableIterator<number>;
  for (const id of rows) {
    if (id < lo || out.length >= limit) break;
    if (id !== excludeId) out.push(id);
  }
  return out;
}

export function loadTitles(db: Database.Database, ids: readonly number[]): Map<number, string> {
  const rows = prepared(db, 'SELECT id, title FROM videos WHERE id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(ids),
  ) as { id: number; title: string }[];
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Orders candidate ids by title relevance to `words`. */
export function rankByTitle(
  db: Database.Database,
  ids: readonly number[],
  words: readonly string[],
  prefixLast = false,
): number[] {
  const titles = loadTitles(db, ids);
  return ids
    .map((id) => ({ id, score: titleScore(words, titles.get(id) ?? '', { prefixLast }) }))
    .sort(byScore)
    .map((s) => s.id);
}

/** All ranked ids of a search (at most SEARCH_WINDOW); the caller pages through them. */
export function searchIds(db: Database.Database, f: SearchFilter, now: number): number[] {
  const tokens = searchTokens(f.term);
  if (tokens.length === 0) return [];
  const hi = maxPublishedId(db, now);
  const from = dateFrom(f.date, now);
  // ids follow post_date, so a date filter is a rowid range that FTS5 seeks to directly.
  const lo = from === null ? 1 : minIdFrom(db, from);
  if (lo === null || hi < lo) return [];
  const durationClass = durationFilterClass(f.duration) || undefined;
  const found = newestMatches(db, searchMatch(tokens, { durationClass }), lo, hi, SEARCH_WINDOW);
  if (found.length > 0) return rankByTitle(db, found, tokens);
  // A half-typed last word ("harbo") still finds something.
  const last = tokens[tokens.length - 1] ?? '';
  if (last.length < 3) return [];
  const prefixed = newestMatches(db, searchMatch(tokens, { durationClass, prefixLast: true }), lo, hi, SEARCH_WINDOW);
  return rankByTitle(db, prefixed, tokens, true);
}
