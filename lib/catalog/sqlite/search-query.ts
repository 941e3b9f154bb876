import 'server-only';
import type Database from 'better-sqlite3';
import { dateFrom, durationFilterClass } from '../filters';
import { contentVersion } from './content-version';
import { WindowBounds } from '../list-epoch';
import { type FtsTable, searchMatch } from './fts-query';
import { searchTokens } from '../relevance';
import { byScore, titleScore } from '../relevance';
import { partialCandidates, partialWords, withPartialMatches } from '../partial-matches';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';
import type { SearchFilter } from '../store';
import { ORIENTATIONS } from '@/lib/contract/types';
import { genderNo } from '../entity-kinds';
import { MAX_TITLE_WALK, MIN_WALK, SEARCH_WINDOW, TITLE_ENOUGH, WALK_BUDGET, walkFloor } from '../search-limits';


/**
 * Highest id published by `now` (seeded ids follow post_date), or 0 when none. Imported videos
 * take ids above every seeded one whatever their date, so the newest imported id is the bound
 * when there is one: a not yet published video inside the range is skipped by the walk (newestMatches).
 */
export function maxPublishedId(db: Database.Database, now: number): number {
  // The newest of each orientation's part of the latest index (one seek each).
  const newest = (g: number) => `SELECT id FROM (SELECT id FROM videos INDEXED BY idx_v_latest WHERE gender = ${g} AND post_date <= @now
    ORDER BY post_date DESC, id DESC LIMIT 1)`;
  const seeded =
    (prepared(db, `SELECT max(id) FROM (${ORIENTATIONS.map((_, g) => newest(g)).join(' UNION ALL ')})`).pluck().get({ now }) as number | null) ?? 0;
  const imported = (prepared(db, 'SELECT max(video_id) FROM video_sources').pluck().get() as number | null) ?? 0;
  return Math.max(seeded, imported);
}

/**
 * A lower bound of the ids posted in [from, now], or null when none is: every video of a date
 * filter's window has an id at or above it. Not the id of the earliest such video: an import gives
 * new, higher ids to videos with older dates, so ids follow post_date only within the demo seed.
 * The minimum is a scan of the window's part of the post_date index (a month at 1,000,000 videos:
 * some milliseconds), so it is taken over whole hours around the window (a wider window: a lower
 * bound still) and kept until the catalogue's content changes.
 */
function lowestIdFrom(db: Database.Database, from: number, now: number): number | null {
  const version = contentVersion(db);
  let memo = lowestIds.get(db);
  if (!memo || memo.version !== version) lowestIds.set(db, (memo = { version, bounds: new WindowBounds() }));
  const { start, end, key } = WindowBounds.hours(from, now);
  if (!memo.bounds.has(key)) {
    const genders = ORIENTATIONS.map((_, g) => g).join(', ');
    memo.bounds.set(key, prepared(db, `SELECT min(id) FROM videos INDEXED BY idx_v_latest WHERE gender IN (${genders}) AND post_date BETWEEN ? AND ?`).pluck().get(start, end) as number | null);
  }
  return memo.bounds.get(key);
}

const lowestIds = new WeakMap<Database.Database, { version: string; bounds: WindowBounds }>();

/** Which videos a walk may return: listable at `now`, of the orientation, posted at or after `from`, never `excludeId`. */
export interface WalkScope {
  now: number;
  /** The orientation's number (entity-kinds.ts). */
  gender: number;
  /** Lowest post_date (0: any). */
  from?: number;
  excludeId?: number;
}

/**
 * Newest-first ids matching an FTS expression within [lo, hi], at most `limit`, each a video that
 * is listable at `scope.now` (visible, published) and posted since `scope.from`; reachedFloor is
 * set when the walk stopped before the end of the doclists.
 *
 * Listability is tested in the walk, on each match's row (one primary-key lookup), not after the
 * list is cut: ids do not follow post_date once feeds are imported (new ids, old dates), so
 * scheduled and hidden videos lie anywhere in [lo, hi], and dropping them later left pages short
 * and total_count too high.
 * The lower bound is applied here, not in SQL: FTS5 reaches a rowid bound by walking the
 * doclist rather than seeking, while a newest-first walk that simply stops below `lo` only reads
 * the rows it returns.
 */
export function newestMatches(
  db: Database.Database,
  table: FtsTable,
  match: string,
  lo: number,
  hi: number,
  limit: number,
  scope: WalkScope,
): number[] & { reachedFloor?: boolean } {
  const out: number[] & { reachedFloor?: boolean } = [];
  const from = scope.from ?? 0;
  // CROSS JOIN keeps the FTS table outermost, so its rowid order is the walk's (no sort step). The
  // date window is tested here, not in SQL: a listable match below `lo` has to reach the loop to end
  // the walk, or the walk would read the doclists to their start.
  const rows = prepared(
    db,
    `SELECT f.rowid AS id, v.post_date AS at FROM ${table} f CROSS JOIN videos v ON v.id = f.rowid
     WHERE ${table} MATCH ? AND f.rowid <= ? AND v.${VISIBLE_STATUS_SQL} AND v.post_date <= ? AND v.gender = ?
     ORDER BY f.rowid DESC`,
  )
    .raw()
    .iterate(match, hi, scope.now, scope.gender) as IterableIterator<[number, number]>;
  for (const [id, at] of rows) {
    // Stopped by a match below `lo` or at the limit, not by the end of the doclists.
    if (id < lo) {
      out.reachedFloor = true;
      break;
    }
    if (at < from || id === scope.excludeId) continue;
    out.push(id);
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
  scope: WalkScope;
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
 * Ranked ids for the words of a search within the rowid range [lo, hi]: title matches alone
 * when there are enough of them, else matches in any text column (title matches first).
 */
function rankedMatches(db: Database.Database, tokens: readonly string[], lo: number, hi: number, options: WalkOptions): number[] {
  let inTitle: number[] = [];
  let spent = 0;
  const titlePerRowid = entriesPerRowid(db, 'title_fts', tokens, options);
  if (titlePerRowid * (hi - lo + 1) <= MAX_TITLE_WALK) {
    const floor = walkFloor(titlePerRowid, WALK_BUDGET, lo, hi);
    const walk = newestMatches(db, 'title_fts', searchMatch(tokens, { ...options, titleOnly: true }), floor, hi, SEARCH_WINDOW, options.scope);
    inTitle = walk;
    if (inTitle.length >= TITLE_ENOUGH) return rankByTitle(db, inTitle, tokens, options.prefixLast);
    // Nothing found below the floor means the walk read the doclists to their start.
    spent = titlePerRowid * (hi - (walk.reachedFloor ? floor : 1) + 1);
  }
  const budget = Math.max(MIN_WALK, 2 * WALK_BUDGET - spent);
  const floor = walkFloor(entriesPerRowid(db, 'video_fts', tokens, options), budget, lo, hi);
  const anywhere = newestMatches(db, 'video_fts', searchMatch(tokens, options), floor, hi, SEARCH_WINDOW, options.scope);
  // Every title match is a match anywhere, but the window may have cut older ones off.
  const ids = [...new Set([...inTitle, ...anywhere])];
  return rankByTitle(db, ids, tokens, options.prefixLast).slice(0, SEARCH_WINDOW);
}

/**
 * All ranked ids of a search (at most SEARCH_WINDOW); the caller pages through them. Fewer than a
 * page of videos with every word are followed by videos with some of them (partial-matches.ts).
 */
export function searchIds(db: Database.Database, f: SearchFilter, now: number): number[] {
  const tokens = searchTokens(f.term);
  if (tokens.length === 0) return [];
  const hi = maxPublishedId(db, now);
  const from = dateFrom(f.date, now);
  // A date filter is a range of ids too: none of its videos has an id below the lowest posted since.
  const lo = from === null ? 1 : lowestIdFrom(db, from, now);
  if (lo === null || hi < lo) return [];
  const durationClass = durationFilterClass(f.duration) || undefined;
  const scope: WalkScope = { now, gender: genderNo(f.gender), from: from ?? 0 };
  const options: WalkOptions = { durationClass, prefixLast: false, scope };
  let found = rankedMatches(db, tokens, lo, hi, options);
  // A half-typed last word ("harbo") still finds something.
  const last = tokens[tokens.length - 1] ?? '';
  if (found.length === 0 && last.length >= 3) found = rankedMatches(db, tokens, lo, hi, { ...options, prefixLast: true });
  const words = partialWords(tokens);
  const take = partialCandidates(found, words, TITLE_ENOUGH);
  if (take === 0) return found;
  // Each word's newest title matches (the same candidates PostgreSQL reads), then ranked.
  const candidates = words.flatMap((w) =>
    newestMatches(db, 'title_fts', searchMatch([w], { durationClass, titleOnly: true }), lo, hi, take, scope),
  );
  return withPartialMatches(found, candidates, loadTitles(db, [...new Set(candidates)]), words, TITLE_ENOUGH);
}
