import 'server-only';
/**
 * The catalogue's read queries on PostgreSQL, one for each of lib/catalog's SQLite queries
 * (list-query, counts, video-rows, video-detail, sitemap-query, suggest-query, related-query,
 * search-query), with the same answers.
 */
import type { RawSitemapRange, RawSitemapVideo, RawVideoDetail } from '@/lib/contract/raw';
import type { DateFilter, DurationFilter, Sort } from '@/lib/types';
import { DAY_SECONDS, dateFrom, durationFilterClass, durationRange, formatPostDate } from '../filters';
import { searchTokens } from '../fts-query';
import { byScore, titleScore } from '../relevance';
import type { ListFilter } from '../list-query';
import { RELATED_WINDOW } from '../related-query';
import { SEARCH_WINDOW, TITLE_ENOUGH } from '../search-query';
import { VISIBLE_STATUS_SQL } from '../schema';
import { normaliseKeyword } from '../suggest-query';
import { toRawVideo, type VideoListRow } from '../video-rows';
import { type DetailRow, toRawVideoDetail } from '../video-detail';
import { STOPWORDS } from '../words';
import type { Queryable } from './db';
import { SEARCH_SLICE, searchSliceOf } from './schema';
import { titlePairQuery, tsquery } from './tsv';

const INT_MAX = 2_147_483_647;

/** A duration filter's inclusive range, within the int4 columns. */
function durationBounds(filter: DurationFilter): [number, number] {
  const [lo, hi] = durationRange(filter) ?? [0, INT_MAX];
  return [lo, Math.min(hi, INT_MAX)];
}

export interface CategoryRow {
  id: number;
  dir: string;
  title: string;
  description: string;
}

export async function pgCategories(db: Queryable): Promise<CategoryRow[]> {
  return (await db.query<CategoryRow>('SELECT id, dir, title, description FROM categories ORDER BY id')).rows;
}

export async function pgContentVersion(db: Queryable): Promise<string> {
  const r = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'content_version'");
  return r.rows[0]?.value ?? '0';
}

// --- listings -----------------------------------------------------------------------------------

const ORDERS: Record<Sort, string> = {
  'latest-updates': 'post_date DESC, {id} DESC',
  'most-popular': 'views DESC, {id} DESC',
  'most-viewed': 'views DESC, {id} DESC',
  'top-rated': 'rating DESC, likes DESC, {id} DESC',
  longest: 'duration DESC, {id} DESC',
  'most-commented': 'comments DESC, {id} DESC',
};

/** The ids of one page of a listing (listVideoIds in lib/catalog/list-query.ts). */
export async function pgListIds(db: Queryable, f: ListFilter, now: number): Promise<number[]> {
  const from = dateFrom(f.date, now);
  const [minDur, maxDur] = durationBounds(f.duration);
  const inCategory = f.categoryId !== 0;
  const idCol = inCategory ? 'video_id' : 'id';
  const args: number[] = [from ?? 0, now, minDur, maxDur, f.limit, f.offset];
  if (inCategory) args.push(f.categoryId);
  const sql = `SELECT ${idCol} AS id FROM ${inCategory ? 'video_categories' : 'videos'}
    WHERE ${inCategory ? 'category_id = $7 AND ' : ''}${from !== null ? 'post_date BETWEEN $1 AND $2' : 'post_date <= $2 AND $1 = 0'}
      AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN $3 AND $4
    ORDER BY ${ORDERS[f.sort].replaceAll('{id}', idCol)} LIMIT $5 OFFSET $6`;
  return (await db.query<{ id: number }>(sql, args)).rows.map((r) => r.id);
}

export interface PgCountFilter {
  categoryId: number;
  duration: DurationFilter;
  date: DateFilter;
}

async function countWindow(db: Queryable, f: PgCountFilter, from: number, to: number): Promise<number> {
  const [minDur, maxDur] = durationBounds(f.duration);
  const r =
    f.categoryId === 0
      ? await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM videos WHERE post_date BETWEEN $1 AND $2 AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN $3 AND $4`,
          [from, to, minDur, maxDur],
        )
      : await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM video_categories
           WHERE category_id = $5 AND post_date BETWEEN $1 AND $2 AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN $3 AND $4`,
          [from, to, minDur, maxDur, f.categoryId],
        );
  return r.rows[0]?.n ?? 0;
}

/** How many videos a listing has (countListable in lib/catalog/counts.ts). */
export async function pgCountListable(db: Queryable, f: PgCountFilter, now: number): Promise<number> {
  const from = dateFrom(f.date, now);
  if (from !== null) return countWindow(db, f, from, now);
  const today = Math.floor(now / DAY_SECONDS);
  const r = await db.query<{ cum: number }>(
    'SELECT cum FROM video_day_counts WHERE category_id = $1 AND dur_class = $2 AND day < $3 ORDER BY day DESC LIMIT 1',
    [f.categoryId, durationFilterClass(f.duration), today],
  );
  return (r.rows[0]?.cum ?? 0) + (await countWindow(db, f, today * DAY_SECONDS, now));
}

// --- videos ----------------------------------------------------------------------------------------

/** The listable videos among `ids`, in the order given (loadListRows in lib/catalog/video-rows.ts). */
export async function pgListRows(db: Queryable, ids: readonly number[], now: number): Promise<VideoListRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query<VideoListRow>(
    `SELECT id, dir, title, duration, post_date, views, rating, sg_id, s.thumb_url, s.thumbs, s.preview_url
     FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id
     WHERE v.id = ANY($1::int[]) AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [ids, now],
  );
  const byId = new Map(r.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export async function pgIsListable(db: Queryable, id: number, now: number): Promise<boolean> {
  const r = await db.query(`SELECT 1 FROM videos WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`, [id, now]);
  return (r.rowCount ?? 0) > 0;
}


/** The video page's data (loadVideoDetail in lib/catalog/video-detail.ts). */
export async function pgVideoDetail(db: Queryable, id: number, now: number): Promise<RawVideoDetail | null> {
  const r = await db.query<DetailRow>(
    `SELECT id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
       sg_id, ex_tube, ex_id, username, s.embed_url, s.thumb_url, s.thumbs, s.preview_url
     FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id WHERE v.id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [id, now],
  );
  const row = r.rows[0];
  if (!row) return null;
  const [categories, tags] = await Promise.all([
    db.query<{ title: string; dir: string }>(
      `SELECT c.title, c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = $1 ORDER BY c.id`,
      [id],
    ),
    db.query<{ title: string; dir: string }>(
      'SELECT t.title, t.dir FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = $1 ORDER BY t.id',
      [id],
    ),
  ]);
  return toRawVideoDetail(row, categories.rows, tags.rows);
}

// --- sitemaps ----------------------------------------------------------------------------------------

export async function pgSitemapRanges(db: Queryable, size: number, now: number): Promise<RawSitemapRange[]> {
  const r = await db.query<{ range: number; videos: number; last: number }>(
    `SELECT (id - 1) / $1::int + 1 AS range, count(*)::int AS videos, max(post_date) AS last
     FROM videos WHERE ${VISIBLE_STATUS_SQL} AND post_date <= $2 GROUP BY 1 ORDER BY 1`,
    [size, now],
  );
  return r.rows.map((x) => ({ range: x.range, videos: x.videos, last_post_date: formatPostDate(x.last) }));
}

export async function pgSitemapRange(db: Queryable, range: number, size: number, now: number): Promise<RawSitemapVideo[]> {
  const from = (range - 1) * size + 1;
  if (from > INT_MAX) return [];
  const r = await db.query<VideoListRow & { description: string }>(
    `SELECT id, dir, title, duration, post_date, views, rating, sg_id, description, s.thumb_url, s.thumbs, s.preview_url
     FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id
     WHERE id BETWEEN $1 AND $2 AND ${VISIBLE_STATUS_SQL} AND post_date <= $3 ORDER BY id`,
    [from, Math.min(range * size, INT_MAX), now],
  );
  return r.rows.map((row) => ({ ...toRawVideo(row), description: row.description }));
}

// --- keywords ----------------------------------------------------------------------------------------

/** Keywords starting with `text`, most popular first: a range of the C-collated unique index. */
export async function pgKeywordsByPrefix(db: Queryable, text: string, limit: number): Promise<string[]> {
  const prefix = normaliseKeyword(text);
  if (prefix === '') return [];
  const r = await db.query<{ keyword: string }>(
    `SELECT keyword FROM keywords WHERE keyword_lc >= $1 AND keyword_lc < $2
     ORDER BY popularity DESC, keyword_lc LIMIT $3`,
    [prefix, `${prefix}\u{10FFFF}`, limit],
  );
  return r.rows.map((x) => x.keyword);
}

export async function pgTopKeywords(db: Queryable, limit: number): Promise<string[]> {
  const r = await db.query<{ keyword: string }>('SELECT keyword FROM keywords ORDER BY popularity DESC, keyword DESC LIMIT $1', [limit]);
  return r.rows.map((x) => x.keyword);
}

// --- search and related -------------------------------------------------------------------------------

/**
 * Highest id published by `now` (maxPublishedId in lib/catalog/search-query.ts): newest-first walks
 * start there instead of walking the scheduled videos (the top 4% of ids) only to drop them.
 */
export async function pgMaxPublishedId(db: Queryable, now: number): Promise<number> {
  const r = await db.query<{ seeded: number | null; imported: number | null }>(
    `SELECT (SELECT id FROM videos WHERE post_date <= $1 ORDER BY post_date DESC, id DESC LIMIT 1) AS seeded,
       (SELECT max(video_id) FROM video_sources) AS imported`,
    [now],
  );
  return Math.max(r.rows[0]?.seeded ?? 0, r.rows[0]?.imported ?? 0);
}

interface MatchFilter {
  /** Lowest post_date (0: none). */
  from: number;
  now: number;
  /** Highest id worth walking (maxPublishedId). */
  hi: number;
  minDur: number;
  maxDur: number;
}

/** Lexeme frequencies (share of videos holding it) of one vector column, and the rarest one's. */
interface LexemeStats {
  freq: Map<string, number>;
  min: number;
}

/** A column's distribution as ANALYZE keeps it: its most common values, then a histogram of the rest. */
interface ColumnStats {
  vals: number[];
  freqs: number[];
  bounds: number[];
  nullFrac: number;
}

interface SearchStats {
  tsv: LexemeStats;
  title_tsv: LexemeStats;
  duration: ColumnStats | null;
  post_date: ColumnStats | null;
}

/** The estimated share of rows with a value in [lo, hi]. */
function shareBetween(c: ColumnStats | null, lo: number, hi: number): number {
  if (!c) return 1;
  let common = 0;
  let inRange = 0;
  c.vals.forEach((v, i) => {
    common += c.freqs[i] ?? 0;
    if (v >= lo && v <= hi) inRange += c.freqs[i] ?? 0;
  });
  let buckets = 0;
  for (let i = 1; i < c.bounds.length; i++) {
    const a = c.bounds[i - 1]!;
    const b = c.bounds[i]!;
    buckets += b > a ? Math.max(0, Math.min(b, hi) - Math.max(a, lo)) / (b - a) : Number(a >= lo && a <= hi);
  }
  const rest = c.bounds.length > 1 ? buckets / (c.bounds.length - 1) : 0;
  return Math.min(1, inRange + Math.max(0, 1 - common - c.nullFrac) * rest);
}

const STATS_TTL_MS = 10 * 60_000;
const statsCache = new WeakMap<object, { at: number; stats: Promise<SearchStats> }>();

/**
 * The planner's statistics of video_search's vectors (ANALYZE's most common lexemes and their
 * frequencies over all slices) and of its duration and post_date (most common values and
 * histogram), read at most every 10 minutes. They only choose how a search reads
 * its slices, never what it finds: stale ones cost time, not answers.
 */
function lexemeStats(db: Queryable): Promise<SearchStats> {
  const hit = statsCache.get(db);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.stats;
  const stats = db
    .query<{
      attname: keyof SearchStats;
      elems: string[] | null;
      freqs: number[] | null;
      vals: number[] | null;
      vfreqs: number[] | null;
      bounds: number[] | null;
      null_frac: number | null;
    }>(
      `SELECT attname, most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs,
         CASE WHEN attname IN ('duration', 'post_date') THEN most_common_vals::text::int[] END AS vals, most_common_freqs AS vfreqs,
         CASE WHEN attname IN ('duration', 'post_date') THEN histogram_bounds::text::int[] END AS bounds, null_frac
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'video_search' AND inherited
         AND attname IN ('tsv', 'title_tsv', 'duration', 'post_date')`,
    )
    .then((r) => {
      const out: SearchStats = { tsv: { freq: new Map(), min: 0 }, title_tsv: { freq: new Map(), min: 0 }, duration: null, post_date: null };
      for (const row of r.rows) {
        if (row.attname === 'duration' || row.attname === 'post_date') {
          out[row.attname] = { vals: row.vals ?? [], freqs: row.vfreqs ?? [], bounds: row.bounds ?? [], nullFrac: row.null_frac ?? 0 };
          continue;
        }
        const elems = row.elems ?? [];
        const freqs = row.freqs ?? [];
        // After the lexemes' frequencies: the lowest and highest of them, and the share of nulls.
        out[row.attname] = { freq: new Map(elems.map((e, i) => [e, freqs[i] ?? 0])), min: freqs[elems.length] ?? 0 };
      }
      return out;
    });
  statsCache.set(db, { at: Date.now(), stats });
  stats.catch(() => statsCache.delete(db));
  return stats;
}

/**
 * Expected matches of all tokens among `ids` videos, as if the words were independent; a word
 * ANALYZE did not keep is taken as half as common as the rarest it kept.
 */
function expectedMatches(stats: LexemeStats, tokens: readonly string[], prefixLast: boolean, ids: number): number {
  let share = 1;
  tokens.forEach((t, i) => {
    let f = stats.freq.get(t) ?? 0;
    if (prefixLast && i === tokens.length - 1) {
      f = 0;
      for (const [lexeme, lf] of stats.freq) if (lexeme.startsWith(t)) f += lf;
    }
    share *= Math.min(1, f > 0 ? f : stats.min / 2);
  });
  return share * ids;
}

/**
 * fewMatches: searches expected to match no more than this read every slice in one statement (each
 * slice's GIN index, then one sort): walking slices would not stop early anyway. Tests set it below
 * zero to walk the slices of every search. titleFirst: searches expected to match more than this in
 * every column, within their filters, read titles first (see rankedMatches); tests set it below zero
 * for titles first always, or to Infinity for every column first (but for a prefix). titlePairs:
 * title reads look up word pairs (tsv.ts titlePairQuery); tests turn it off to look up the words.
 * sliceMargin: a walk reads this many times the slices its expected density needs in one
 * statement (at least one); tests set 0 for one slice a statement.
 */
export const searchTuning = { fewMatches: 2 * SEARCH_WINDOW, titleFirst: SEARCH_WINDOW, titlePairs: true, sliceMargin: 2 };

/** A match, with what ranks it (see ranked). */
interface Match {
  id: number;
  /** Every token is in its title (when asked). */
  t: boolean;
  /** ts_rank of its document. */
  r: number;
  /** null: no such video (dropped, as a join would). */
  views: number | null;
}

interface Matches {
  /** Newest first. */
  rows: Match[];
  /** Every match at or below `hi` is in rows (else every match from the lowest of them up). */
  complete: boolean;
}

/**
 * Newest listable videos matching a tsquery in one tsvector column, at most `limit`, each with what
 * ranks it (read from the row just found) and, with `titles`, whether its title holds every token
 * (column tsv only: see tsquery's weight). The vectors are in video_search, by slices of ids
 * (schema.ts SEARCH_SLICE). A search expected to find few reads all slices at once. Otherwise
 * slices are read from the newest, as many in a statement as the expected density needs for
 * `limit` times searchTuning.sliceMargin, until `limit` are found. Within a statement the slices
 * are a UNION ALL, each newest first, under one LIMIT: PostgreSQL runs them in order and stops at
 * the limit (no parallel append: the pool turns parallel workers off), so slices past it cost
 * their planning only (a second statement costs a round trip, planning and its own start), and
 * each slice is planned alone, by its own statistics: an ordered walk of its ids for a common word, its GIN index for a
 * rarer one, its post_date index for a recent date. The rank, views and title test are computed
 * above the LIMIT, for the rows returned only.
 */
async function newestMatches(
  db: Queryable,
  column: 'tsv' | 'title_tsv',
  tokens: readonly string[],
  prefixLast: boolean,
  f: MatchFilter,
  limit: number,
  titles = false,
): Promise<Matches> {
  // $1 ranks, and a read of every column matches it; $8 tests its titles (the words with weight A)
  // when asked. A title read matches the words' pairs ($8) and the other words ($9), or the words ($1).
  const query = tsquery(tokens, { prefixLast });
  const pairs = column === 'title_tsv' && searchTuning.titlePairs ? titlePairQuery(tokens, { prefixLast }) : null;
  const match = pairs ? `title_pairs @@ $8::tsquery${pairs.rest ? ' AND title_tsv @@ $9::tsquery' : ''}` : `${column} @@ $1::tsquery`;
  const filter = `${match} AND ${VISIBLE_STATUS_SQL} AND post_date BETWEEN $2 AND $3 AND duration BETWEEN $4 AND $5`;
  const cols = `u.id, ${titles ? 'u.tsv @@ $8::tsquery' : 'false'} AS t, ${RANK_SQL} AS r,
    (SELECT views FROM videos v WHERE v.id = u.id) AS views`;
  const extra = pairs ? [pairs.pairs, ...(pairs.rest ? [pairs.rest] : [])] : titles ? [tsquery(tokens, { prefixLast, weight: 'A' })] : [];
  const expected = expectedMatches((await lexemeStats(db))[column], tokens, prefixLast, f.hi);
  if (expected <= searchTuning.fewMatches) {
    const r = await db.query<Match>(
      `SELECT ${cols} FROM (SELECT id, tsv FROM video_search WHERE id <= $7 AND ${filter} ORDER BY id DESC LIMIT $6) u ORDER BY u.id DESC`,
      [query, f.from, f.now, f.minDur, f.maxDur, limit, f.hi, ...extra],
    );
    return { rows: r.rows, complete: r.rows.length < limit };
  }
  const out: Match[] = [];
  let top = searchSliceOf(f.hi);
  let perSlice = (expected / Math.max(1, f.hi)) * SEARCH_SLICE;
  while (top >= 0 && out.length < limit) {
    // Slices past the LIMIT are never read (see above): a few too many cost their planning only.
    const take = Math.max(1, Math.ceil((searchTuning.sliceMargin * (limit - out.length)) / Math.max(perSlice, 1)));
    const slices = Array.from({ length: Math.min(take, top + 1) }, (_, i) => top - i);
    const parts = slices.map(
      (k) => `(SELECT id, tsv FROM video_search WHERE id BETWEEN ${k * SEARCH_SLICE} AND ${(k + 1) * SEARCH_SLICE - 1} AND id <= $7 AND ${filter}
        ORDER BY id DESC LIMIT $6)`,
    );
    const args = [query, f.from, f.now, f.minDur, f.maxDur, limit - out.length, f.hi, ...extra];
    let rows = (await db.query<Match>(`SELECT ${cols} FROM (${parts.join(' UNION ALL ')}) u LIMIT $6`, args)).rows;
    // The early stop needs the slices in the order written; were they not, read them all and sort.
    if (rows.some((r, i) => i > 0 && r.id >= rows[i - 1]!.id)) {
      rows = (await db.query<Match>(`SELECT ${cols} FROM (${parts.join(' UNION ALL ')}) u ORDER BY u.id DESC LIMIT $6`, args)).rows;
    }
    out.push(...rows);
    const lowest = top - slices.length + 1;
    // The density found so far decides the next statement (all the rest when it found nothing).
    const walked = f.hi - lowest * SEARCH_SLICE + 1;
    perSlice = (out.length / walked) * SEARCH_SLICE;
    top = lowest - 1;
  }
  return { rows: out, complete: out.length < limit };
}

/**
 * The rank of a match: ts_rank of its weighted document, title A 1.0, tags and categories B 0.4,
 * description C 0.2, divided by 1 + log(length) (a tight title beats a long one).
 */
const RANK_SQL = "ts_rank('{0.1, 0.2, 0.4, 1.0}', u.tsv, $1::tsquery, 1)";

/**
 * Candidates by rank, best first; ties go to the more watched video, then the newer. ts_rank is
 * a float4: equal ranks read as equal numbers, and different ones in the same order.
 */
function ranked(...lists: readonly Match[][]): number[] {
  const byId = new Map<number, Match>();
  for (const list of lists) for (const m of list) if (m.views !== null) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => b.r - a.r || b.views! - a.views! || b.id - a.id).map((m) => m.id);
}

/**
 * The newest SEARCH_WINDOW matches in titles; when fewer than TITLE_ENOUGH, ranked with the newest
 * SEARCH_WINDOW matches in every column.
 *
 * Titles are read first (the smaller index), unless every column is expected to hold fewer than
 * searchTuning.titleFirst matches within the filters (not for a prefix: its expansions make
 * every-column reads dear). Then every column is read first, each match tested for the words in its
 * title on the row already read: a title match is a match in every column, so this finds all title
 * matches down to the lowest id read, and titles are read only below it, not at all when every
 * match was read (as expected): a title read that would find few costs as much as it would find
 * nothing, every slice's GIN index. Were titles read first when they have many matches too, those
 * would be found in the newest slices alone.
 */
async function rankedMatches(db: Queryable, tokens: readonly string[], f: MatchFilter, prefixLast: boolean): Promise<number[]> {
  const stats = await lexemeStats(db);
  // Expected matches in every column, within the duration and dates asked for.
  const dated = f.from > 0 ? shareBetween(stats.post_date, f.from, f.now) / Math.max(1e-9, shareBetween(stats.post_date, 0, f.now)) : 1;
  const expected = expectedMatches(stats.tsv, tokens, prefixLast, f.hi) * shareBetween(stats.duration, f.minDur, f.maxDur) * Math.min(1, dated);
  const titleFirst = prefixLast || expected > searchTuning.titleFirst;
  let inTitle: Match[];
  let anywhere: Matches | null = null;
  if (titleFirst) {
    inTitle = (await newestMatches(db, 'title_tsv', tokens, prefixLast, f, SEARCH_WINDOW)).rows;
  } else {
    anywhere = await newestMatches(db, 'tsv', tokens, prefixLast, f, SEARCH_WINDOW, true);
    inTitle = anywhere.rows.filter((m) => m.t);
    const lowest = Math.min(...anywhere.rows.map((m) => m.id));
    if (!anywhere.complete && lowest > 0 && inTitle.length < SEARCH_WINDOW) {
      const below = await newestMatches(db, 'title_tsv', tokens, prefixLast, { ...f, hi: lowest - 1 }, SEARCH_WINDOW - inTitle.length);
      inTitle = [...inTitle, ...below.rows];
    }
  }
  if (inTitle.length >= TITLE_ENOUGH) return ranked(inTitle);
  anywhere ??= await newestMatches(db, 'tsv', tokens, prefixLast, f, SEARCH_WINDOW);
  return ranked(inTitle, anywhere.rows).slice(0, SEARCH_WINDOW);
}

export interface PgSearchFilter {
  term: string;
  duration: DurationFilter;
  date: DateFilter;
}

/**
 * All ranked ids of a search, at most SEARCH_WINDOW (searchIds in lib/catalog/search-query.ts):
 * the newest matches of every word (title matches alone when there are a page of them), a prefix
 * search of the last word when the whole words find nothing.
 */
export async function pgSearchIds(db: Queryable, f: PgSearchFilter, now: number): Promise<number[]> {
  const tokens = searchTokens(f.term);
  if (tokens.length === 0) return [];
  const [minDur, maxDur] = durationBounds(f.duration);
  const filter: MatchFilter = { from: dateFrom(f.date, now) ?? 0, now, minDur, maxDur, hi: await pgMaxPublishedId(db, now) };
  const found = await rankedMatches(db, tokens, filter, false);
  if (found.length > 0) return found;
  const last = tokens[tokens.length - 1] ?? '';
  if (last.length < 3) return [];
  return rankedMatches(db, tokens, filter, true);
}

/**
 * Related videos (relatedIds in lib/catalog/related-query.ts): the newest RELATED_WINDOW videos
 * sharing a title word and a category, ranked by shared title words as SQLite ranks them, then
 * the newest of the video's first category.
 *
 * The candidates come from related_words, one index range per (word, category) pair read newest
 * first and stopped at RELATED_WINDOW: at most 8 words times a few categories, a few thousand index
 * entries whatever the words. (A GIN match of any word and any category has no order: a common
 * word in a big category matched tens of thousands of videos, each fetched to keep the newest.)
 */
export async function pgRelatedIds(db: Queryable, videoId: number, now: number): Promise<number[]> {
  const self = await db.query<{ title: string; categories: number[]; hi: number | null; imported: number | null }>(
    `SELECT title, array(SELECT category_id FROM video_categories WHERE video_id = v.id ORDER BY category_id) AS categories,
       (SELECT id FROM videos WHERE post_date <= $2 ORDER BY post_date DESC, id DESC LIMIT 1) AS hi,
       (SELECT max(video_id) FROM video_sources) AS imported
     FROM videos v WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [videoId, now],
  );
  const row = self.rows[0];
  if (!row || row.categories.length === 0) return [];
  const { title, categories } = row;
  // pgMaxPublishedId, read in the same round trip.
  const hi = Math.max(row.hi ?? 0, row.imported ?? 0);
  const words = searchTokens(title).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  let ids: number[] = [];
  if (words.length > 0) {
    const r = await db.query<{ id: number; title: string }>(
      `SELECT v.id, v.title FROM (
         SELECT DISTINCT m.video_id FROM unnest($1::text[]) AS w(word) CROSS JOIN unnest($2::int[]) AS c(category_id)
         CROSS JOIN LATERAL (
           SELECT r.video_id FROM related_words r
           WHERE r.word = w.word AND r.category_id = c.category_id AND r.video_id <= $3 AND r.video_id <> $4
             AND r.${VISIBLE_STATUS_SQL} AND r.post_date <= $5
           ORDER BY r.video_id DESC LIMIT $6
         ) m
         ORDER BY m.video_id DESC LIMIT $6
       ) c JOIN videos v ON v.id = c.video_id`,
      [words, categories, hi, videoId, now, RELATED_WINDOW],
    );
    ids = r.rows
      .map((x) => ({ id: x.id, score: titleScore(words, x.title) }))
      .sort(byScore)
      .map((x) => x.id);
  }
  if (ids.length < RELATED_WINDOW) {
    const seen = new Set([videoId, ...ids]);
    const fill = await db.query<{ video_id: number }>(
      `SELECT video_id FROM video_categories WHERE category_id = $1 AND post_date <= $2 AND ${VISIBLE_STATUS_SQL}
       ORDER BY post_date DESC, video_id DESC LIMIT $3`,
      [categories[0], now, RELATED_WINDOW + 1],
    );
    for (const { video_id: id } of fill.rows) {
      if (ids.length >= RELATED_WINDOW) break;
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    }
  }
  return ids;
}
