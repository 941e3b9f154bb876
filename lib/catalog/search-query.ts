import 'server-only';
import type Database from 'better-sqlite3';
import type { DateFilter, DurationFilter } from '@/lib/types';
import { dateFrom, durationFilterClass } from './filters';
import { type FtsTable, searchMatch, searchTokens } from './fts-query';
import { byScore, titleScore } from './relevance';
import { prepared } from './statements';

/**
 * A search ranks at most SEARCH_WINDOW videos, newest matches first: FTS5 walks its index in
 * rowid order and stops there (rowid order is post_date order), so a word matching 100,000
 * videos costs no more than a rare one. total_count is capped at the window (10 pages of 60). The
 * window was 1,200: ranking costs about 2 µs a candidate (its title is read and scored), and
 * 600 keeps every search under 10 ms on a busy machine.
 *
 * Titles are searched first, in title_fts: its doclists are a fraction of video_fts's, so an
 * AND of common words that has to walk them to the end (few videos have all three) stays
 * cheap. When at least TITLE_ENOUGH videos have every word in their title, those are the
 * answer; otherwise the words are looked up in every text column too, and the title matches
 * still rank first.
 */
export const SEARCH_WINDOW = 600;
/** Title matches that make the every-column lookup unnecessary: one full page. */
export const TITLE_ENOUGH = 60;
/**
 * Doclist entries one search may read in FTS5 (about 30 ns each on a busy 2-core machine).
 * An AND of common words that few videos share has no early exit: FTS5 reads the doclists on
 * until the next match, and a lower rowid bound does not stop it. So a walk is limited to the
 * newest part of the catalogue where the words' doclists hold WALK_BUDGET entries, and the
 * answer is the newest matches in that part. When the title walk found nothing below that
 * part it read its doclists to the end; the every-column walk then gets what is left of
 * 2 * WALK_BUDGET, and at least MIN_WALK.
 */
export const WALK_BUDGET = 60_000;
export const MIN_WALK = 20_000;
/**
 * Title doclist entries above which the title walk is skipped: with no match it would read
 * all of them (200,000 entries: about 6 ms).
 */
export const MAX_TITLE_WALK = 200_000;

export interface SearchFilter {
  term: string;
  duration: DurationFilter;
  date: DateFilter;
}

/**
 * Highest id published by `now` (seeded ids follow post_date), or 0 when none. Imported videos
 * take ids above every seeded one whatever their date, so the newest imported id is the bound
 * when there is one: a not yet published video inside the range is dropped when rows are loaded.
 */
export function maxPublishedId(db: Database.Database, now: number): number {
  const seeded =
    (prepared(db, 'SELECT id FROM videos INDEXED BY idx_v_latest WHERE post_date <= ? ORDER BY post_date DESC, id DESC LIMIT 1')
      .pluck()
      .get(now) as number | undefined) ?? 0;
  const imported = (prepared(db, 'SELECT max(video_id) FROM video_sources').pluck().get() as number | null) ?? 0;
  return Math.max(seeded, imported);
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
 * Newest-first ids matching an FTS expression within [lo, hi], at most `limit`; reachedFloor
 * is set when the walk stopped before the end of the doclists.
 * The lower bound is applied here, not in SQL: FTS5 reaches a rowid bound by walking the
 * doclist rather than seeking (measured: 8 ms to start at rowid 950,000 of "walk"), while a
 * newest-first walk that simply stops below `lo` only reads the rows it returns.
 */
export function newestMatches(
  db: Database.Database,
  table: FtsTable,
  match: string,
  lo: number,
  hi: number,
  limit: number,
  excludeId = 0,
): number[] & { reachedFloor?: boolean } {
  const out: number[] & { reachedFloor?: boolean } = [];
  const rows = prepared(db, `SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND rowid <= ? ORDER BY rowid DESC`)
    .pluck()
    .iterate(match, hi) as IterableIterator<number>;
  for (const id of rows) {
    // Stopped by a match below `lo` or at the limit, not by the end of the doclists.
    if (id < lo) {
      out.reachedFloor = true;
      break;
    }
    if (id !== excludeId) out.push(id);
    // Stop here: asking for one more row would walk on to the next match.
    if (out.length >= limit) {
      out.reachedFloor = true;
      break;
    }
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

/** Documents holding `term` (any token starting with it when `prefix`) in one FTS table. */
function termDocs(db: Database.Database, table: FtsTable, term: string, prefix: boolean): number {
  const col = table === 'title_fts' ? 'title_docs' : 'all_docs';
  if (!prefix) {
    return (prepared(db, `SELECT ${col} FROM fts_terms WHERE term = ?`).pluck().get(term) as number | undefined) ?? 0;
  }
  return prepared(db, `SELECT coalesce(sum(${col}), 0) FROM fts_terms WHERE term >= ? AND term < ?`)
    .pluck()
    .get(term, `${term}\u{10FFFF}`) as number;
}

interface WalkOptions {
  durationClass?: number;
  prefixLast: boolean;
}

/** Doclist entries of all `tokens` (and the duration facet) in `table`, per rowid of the catalogue. */
function entriesPerRowid(db: Database.Database, table: FtsTable, tokens: readonly string[], options: WalkOptions): number {
  const size = (prepared(db, 'SELECT max(id) FROM videos').pluck().get() as number | null) ?? 0;
  if (size === 0) return 0;
  let entries = options.durationClass ? termDocs(db, table, `d${options.durationClass}`, false) : 0;
  tokens.forEach((t, i) => {
    entries += termDocs(db, table, t, options.prefixLast && i === tokens.length - 1);
  });
  return entries / size;
}

/**
 * The lowest rowid a newest-first walk down from `hi` may reach so that it reads about `budget`
 * doclist entries. Assumes words are spread evenly over the rowids, which they are to within a
 * few per cent (the seed favours neither old nor new videos).
 */
export function walkFloor(perRowid: number, budget: number, lo: number, hi: number): number {
  if (perRowid * (hi - lo + 1) <= budget) return lo;
  return Math.max(lo, hi - Math.floor(budget / perRowid) + 1);
}

/**
 * Ranked ids for the words of a search within the rowid range [lo, hi]: title matches alone
 * when there are enough of them, else matches in any text column (title matches first).
 */
function rankedMatches(db: Database.Database, tokens: readonly string[], lo: number, hi: number, options: WalkOptions): number[] {
  let inTitle: number[] = [];
  let spent = 0;
  const titlePerRowid = entriesPerRowid(db, 'title_fts', tokens, options);
  if (titlePerRowid * (hi - lo + 1) <= MAX_TITLE_WALK) {
    const floor = walkFloor(titlePerRowid, WALK_BUDGET, lo, hi);
    const walk = newestMatches(db, 'title_fts', searchMatch(tokens, { ...options, titleOnly: true }), floor, hi, SEARCH_WINDOW);
    inTitle = walk;
    if (inTitle.length >= TITLE_ENOUGH) return rankByTitle(db, inTitle, tokens, options.prefixLast);
    // Nothing found below the floor means the walk read the doclists to their start.
    spent = titlePerRowid * (hi - (walk.reachedFloor ? floor : 1) + 1);
  }
  const budget = Math.max(MIN_WALK, 2 * WALK_BUDGET - spent);
  const floor = walkFloor(entriesPerRowid(db, 'video_fts', tokens, options), budget, lo, hi);
  const anywhere = newestMatches(db, 'video_fts', searchMatch(tokens, options), floor, hi, SEARCH_WINDOW);
  // Every title match is a match anywhere, but the window may have cut older ones off.
  const ids = [...new Set([...inTitle, ...anywhere])];
  return rankByTitle(db, ids, tokens, options.prefixLast).slice(0, SEARCH_WINDOW);
}

/** All ranked ids of a search (at most SEARCH_WINDOW); the caller pages through them. */
export function searchIds(db: Database.Database, f: SearchFilter, now: number): number[] {
  const tokens = searchTokens(f.term);
  if (tokens.length === 0) return [];
  const hi = maxPublishedId(db, now);
  const from = dateFrom(f.date, now);
  // ids follow post_date, so a date filter is a rowid range of the FTS index.
  const lo = from === null ? 1 : minIdFrom(db, from);
  if (lo === null || hi < lo) return [];
  const durationClass = durationFilterClass(f.duration) || undefined;
  const found = rankedMatches(db, tokens, lo, hi, { durationClass, prefixLast: false });
  if (found.length > 0) return found;
  // A half-typed last word ("harbo") still finds something.
  const last = tokens[tokens.length - 1] ?? '';
  if (last.length < 3) return [];
  return rankedMatches(db, tokens, lo, hi, { durationClass, prefixLast: true });
}
