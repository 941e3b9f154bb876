import 'server-only';
/**
 * The catalogue's read queries on PostgreSQL, one for each of lib/catalog's SQLite queries
 * (list-query, counts, video-rows, video-detail, sitemap-query, suggest-query, related-query,
 * search-query), with the same answers.
 */
import type { RawSitemapRange, RawSitemapVideo, RawVideoDetail } from '@/lib/contract/raw';
import type { DurationFilter, Orientation, Sort } from '@/lib/contract/types';
import { MAX_ID } from '../answer-limits';
import { DAY_SECONDS, dateFrom, durationFilterClass, durationRange, formatPostDate } from '../filters';
import { searchTokens } from '../relevance';
import { byScore, titleScore } from '../relevance';
import type { CountFilter, ListFilter, SearchFilter } from '../store';
import { type EntityRef, genderNo, KIND } from '../entity-kinds';
import { RECOUNT_DUE_KEY } from '../recount-due';
import { ENTITY_STATS_AT_KEY } from './entity-stats';
import { WindowBounds } from '../list-epoch';
import { partialCandidates, partialWords, withPartialMatches } from '../partial-matches';
import { RELATED_WINDOW } from '../search-limits';
import { MAX_TITLE_WALK, MIN_WALK, SEARCH_WINDOW, TITLE_ENOUGH, WALK_BUDGET, walkFloor } from '../search-limits';
import { VISIBLE_STATUS_SQL } from '../status';
import { normaliseKeyword } from '../keywords';
import { toRawVideo, type VideoListRow } from '../raw-rows';
import { type DetailRow, toRawVideoDetail } from '../raw-rows';
import { STOPWORDS } from '../keywords';
import type { Queryable } from './db';
import { SEARCH_SLICE, searchSliceOf } from './schema';
import { type SectionName, SECTIONS, sectionWhere } from './sections';
import { titlePairQuery, tsquery } from './tsv';


/** A duration filter's inclusive range, within the int4 columns. */
function durationBounds(filter: DurationFilter): [number, number] {
  const [lo, hi] = durationRange(filter) ?? [0, MAX_ID];
  return [lo, Math.min(hi, MAX_ID)];
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

/** A listing's section, its key (0: none) and its rows' condition (of its orientation, always). */
function listPlace(f: Pick<CountFilter, 'categoryId' | 'entity' | 'gender'>): { table: string; idCol: string; where: string } {
  const name: SectionName = f.entity?.kind ?? (f.categoryId !== 0 ? 'category' : 'all');
  const section = SECTIONS[name];
  return { table: section.table, idCol: section.id, where: sectionWhere(name, f.entity?.id ?? f.categoryId, genderNo(f.gender)) };
}

/** The ids of one page of a listing (listVideoIds in lib/catalog/sqlite/list-query.ts). */
export async function pgListIds(db: Queryable, f: ListFilter, now: number): Promise<number[]> {
  const from = dateFrom(f.date, now);
  const [minDur, maxDur] = durationBounds(f.duration);
  const { table, idCol, where } = listPlace(f);
  const sql = `SELECT ${idCol} AS id FROM ${table}
    WHERE ${where} AND ${from !== null ? 'post_date BETWEEN $1 AND $2' : 'post_date <= $2 AND $1 = 0'}
      AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN $3 AND $4
    ORDER BY ${ORDERS[f.sort].replaceAll('{id}', idCol)} LIMIT $5 OFFSET $6`;
  return (await db.query<{ id: number }>(sql, [from ?? 0, now, minDur, maxDur, f.limit, f.offset])).rows.map((r) => r.id);
}

async function countWindow(db: Queryable, f: CountFilter, from: number, to: number): Promise<number> {
  const [minDur, maxDur] = durationBounds(f.duration);
  const { table, where } = listPlace(f);
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table}
     WHERE ${where} AND post_date BETWEEN $1 AND $2 AND ${VISIBLE_STATUS_SQL} AND duration BETWEEN $3 AND $4`,
    [from, to, minDur, maxDur],
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * A model's, channel's or tag's listing without a date filter: its videos of the orientation as
 * entity_stats counted them, plus those posted since, when the duration is any and no import has
 * written since the count (RECOUNT_DUE_KEY); else counted in its list index (a tag's is tens of
 * thousands of entries at 1,000,000 videos).
 */
async function countEntityListing(db: Queryable, f: CountFilter & { entity: EntityRef }, now: number): Promise<number> {
  if (f.duration === 'all') {
    const r = await db.query<{ videos: number | null; at: string | null; due: number | null }>(
      `SELECT (SELECT videos FROM entity_stats WHERE kind = $1 AND entity_id = $2 AND gender = $3) AS videos,
         (SELECT value FROM meta WHERE key = $4) AS at, (SELECT 1 FROM meta WHERE key = $5) AS due`,
      [KIND[f.entity.kind], f.entity.id, genderNo(f.gender), ENTITY_STATS_AT_KEY, RECOUNT_DUE_KEY],
    );
    const row = r.rows[0];
    const at = Number(row?.at ?? Number.NaN);
    if (row && row.due === null && Number.isSafeInteger(at) && at <= now) return (row.videos ?? 0) + (await countWindow(db, f, at + 1, now));
  }
  return countWindow(db, f, 0, now);
}

/**
 * How many videos a listing has (countListable in lib/catalog/sqlite/counts.ts): a window of at
 * most 30 days is counted; otherwise a category's or all videos' cumulative count up to yesterday
 * plus today's; a model's, channel's or tag's as countEntityListing says.
 */
export async function pgCountListable(db: Queryable, f: CountFilter, now: number): Promise<number> {
  const from = dateFrom(f.date, now);
  if (from !== null) return countWindow(db, f, from, now);
  if (f.entity) return countEntityListing(db, { ...f, entity: f.entity }, now);
  const today = Math.floor(now / DAY_SECONDS);
  const r = await db.query<{ cum: number }>(
    'SELECT cum FROM video_day_counts WHERE category_id = $1 AND gender = $2 AND dur_class = $3 AND day < $4 ORDER BY day DESC LIMIT 1',
    [f.categoryId, genderNo(f.gender), durationFilterClass(f.duration), today],
  );
  return (r.rows[0]?.cum ?? 0) + (await countWindow(db, f, today * DAY_SECONDS, now));
}

/** Each category's newest listable post_date of the orientation (0: none), in the order given: one seek of its latest index each, one round trip. */
export async function pgNewestInCategories(db: Queryable, categoryIds: readonly number[], gender: Orientation, now: number): Promise<number[]> {
  const r = await db.query<{ at: number | null }>(
    `SELECT (SELECT post_date FROM video_categories WHERE category_id = c.id AND gender = $2 AND post_date <= $3 AND ${VISIBLE_STATUS_SQL}
       ORDER BY post_date DESC, video_id DESC LIMIT 1) AS at
     FROM unnest($1::int[]) WITH ORDINALITY AS c(id, n) ORDER BY c.n`,
    [categoryIds, genderNo(gender), now],
  );
  return r.rows.map((x) => x.at ?? 0);
}

// --- videos ----------------------------------------------------------------------------------------

/** A video's models' titles, comma-separated in model id order (VideoListRow.models), of the row `v`: a few at most. */
const MODEL_TITLES_SQL = `(SELECT string_agg(m.title, ', ' ORDER BY m.id) FROM video_models vm JOIN models m ON m.id = vm.model_id
  WHERE vm.video_id = v.id) AS models`;

/** The listable videos among `ids`, in the order given (loadListRows in lib/catalog/sqlite/video-rows.ts). */
export async function pgListRows(db: Queryable, ids: readonly number[], now: number): Promise<VideoListRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query<VideoListRow>(
    `SELECT id, dir, title, duration, post_date, views, rating, sg_id, s.thumb_url, s.thumbs, s.preview_url, v.gender, ${MODEL_TITLES_SQL}
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


/** The video page's data (loadVideoDetail in lib/catalog/sqlite/video-detail.ts). */
export async function pgVideoDetail(db: Queryable, id: number, now: number): Promise<RawVideoDetail | null> {
  const r = await db.query<DetailRow & { channel_id: number }>(
    `SELECT id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
       sg_id, ex_tube, ex_id, username, s.embed_url, s.thumb_url, s.thumbs, s.preview_url, gender, comments, channel_id
     FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id WHERE v.id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [id, now],
  );
  const row = r.rows[0];
  if (!row) return null;
  const [categories, tags, models, channel] = await Promise.all([
    db.query<{ title: string; dir: string }>(
      `SELECT c.title, c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = $1 ORDER BY c.id`,
      [id],
    ),
    // A tag's total: its listable videos of the video's orientation (entity_stats; none without a row).
    db.query<{ title: string; dir: string; total_videos: number }>(
      `SELECT t.title, t.dir, coalesce(es.videos, 0) AS total_videos FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
       LEFT JOIN entity_stats es ON es.kind = ${KIND.tag} AND es.entity_id = t.id AND es.gender = $2
       WHERE vt.video_id = $1 ORDER BY t.id`,
      [id, row.gender],
    ),
    db.query<{ title: string; dir: string }>(
      'SELECT m.title, m.dir FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = $1 ORDER BY m.id',
      [id],
    ),
    db.query<{ title: string; dir: string }>('SELECT title, dir FROM channels WHERE id = $1', [row.channel_id]),
  ]);
  return toRawVideoDetail(row, categories.rows, tags.rows, { models: models.rows, channel: channel.rows[0] ?? null });
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
  if (from > MAX_ID) return [];
  const r = await db.query<VideoListRow & { description: string }>(
    `SELECT id, dir, title, duration, post_date, views, rating, sg_id, description, s.thumb_url, s.thumbs, s.preview_url, v.gender, ${MODEL_TITLES_SQL}
     FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id
     WHERE id BETWEEN $1 AND $2 AND ${VISIBLE_STATUS_SQL} AND post_date <= $3 ORDER BY id`,
    [from, Math.min(range * size, MAX_ID), now],
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

interface MatchFilter {
  /** The orientation's number: only its videos match. */
  gender: number;
  /** Lowest post_date (0: none). */
  from: number;
  now: number;
  /** Highest id worth walking (SearchRange.hi). */
  hi: number;
  /**
   * Lowest id worth walking: the first posted at or after `from` (1 without a date filter), or the
   * floor of a bounded walk (walkFloor), never below that.
   */
  lo: number;
  minDur: number;
  maxDur: number;
}

interface SearchRange {
  /**
   * Highest id published by `now` (maxPublishedId in lib/catalog/sqlite/search-query.ts): newest-first walks
   * start there instead of walking the scheduled videos (the top 4% of ids) only to drop them.
   */
  hi: number;
  /**
   * Lowest id of the videos posted at or after the date filter's start (lowestIdFrom in
   * lib/catalog/sqlite/search-query.ts), 1 without one; null when none is.
   */
  lo: number | null;
  /** Highest id of the catalogue, scheduled videos included: what SQLite divides its term counts by. */
  size: number;
}

/**
 * The id range of a search, in one round trip: what SQLite's searchIds reads (maxPublishedId,
 * lowestIdFrom, and max(id) for entriesPerRowid). A date window's lowest id is taken over whole
 * hours around it, as on SQLite, and kept in `lowIds` (the source's, dropped when the catalogue
 * changes): it is a scan of the window's part of idx_v_latest. The subquery's OFFSET 0 keeps it
 * that scan: a bare min(id) walks the primary key from the lowest id up to the window.
 */
async function searchRange(db: Queryable, from: number, now: number, lowIds: WindowBounds): Promise<SearchRange> {
  const { start, end, key } = WindowBounds.hours(from, now);
  const known = from > 0 && lowIds.has(key);
  const r = await db.query<{ seeded: number | null; imported: number | null; lo: number | null; size: number | null }>(
    `SELECT (SELECT id FROM videos WHERE post_date <= $1 ORDER BY post_date DESC, id DESC LIMIT 1) AS seeded,
       (SELECT max(video_id) FROM video_sources) AS imported,
       CASE WHEN $2::int > 0 THEN (SELECT min(id) FROM (SELECT id FROM videos WHERE post_date BETWEEN $2 AND $3 OFFSET 0) w) ELSE 1 END AS lo,
       (SELECT max(id) FROM videos) AS size`,
    [now, from > 0 && !known ? start : 0, end],
  );
  const row = r.rows[0];
  let lo = row?.lo ?? null;
  if (known) lo = lowIds.get(key);
  else if (from > 0) lowIds.set(key, lo);
  return { hi: Math.max(row?.seeded ?? 0, row?.imported ?? 0), lo, size: row?.size ?? 0 };
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
  gender: ColumnStats | null;
  /** Rows of video_search as ANALYZE last counted them (0: never analysed). */
  rows: number;
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
 * histogram), and its row count, read at most every 10 minutes. They choose how a search reads its
 * slices and, at a large catalogue, how far down its walk may go (rankedMatches): stale ones cost
 * time, and move that floor as far as their counts are off.
 */
function lexemeStats(db: Queryable): Promise<SearchStats> {
  const hit = statsCache.get(db);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.stats;
  // Each slice's reltuples (-1 until its first ANALYZE); the partitioned parent has none of its own.
  const rows = db.query<{ rows: number | null }>(
    `SELECT sum(greatest(c.reltuples, 0))::float8 AS rows FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = to_regclass('video_search')`,
  );
  const columns = db
    .query<{
      attname: 'tsv' | 'title_tsv' | 'duration' | 'post_date' | 'gender';
      elems: string[] | null;
      freqs: number[] | null;
      vals: number[] | null;
      vfreqs: number[] | null;
      bounds: number[] | null;
      null_frac: number | null;
    }>(
      `SELECT attname, most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs,
         CASE WHEN attname IN ('duration', 'post_date', 'gender') THEN most_common_vals::text::int[] END AS vals, most_common_freqs AS vfreqs,
         CASE WHEN attname IN ('duration', 'post_date', 'gender') THEN histogram_bounds::text::int[] END AS bounds, null_frac
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'video_search' AND inherited
         AND attname IN ('tsv', 'title_tsv', 'duration', 'post_date', 'gender')`,
    );
  const stats = Promise.all([columns, rows]).then(([r, counted]) => {
    const out: SearchStats = { tsv: { freq: new Map(), min: 0 }, title_tsv: { freq: new Map(), min: 0 }, duration: null, post_date: null, gender: null, rows: 0 };
    for (const row of r.rows) {
      if (row.attname === 'duration' || row.attname === 'post_date' || row.attname === 'gender') {
        out[row.attname] = { vals: row.vals ?? [], freqs: row.vfreqs ?? [], bounds: row.bounds ?? [], nullFrac: row.null_frac ?? 0 };
        continue;
      }
      const elems = row.elems ?? [];
      const freqs = row.freqs ?? [];
      // After the lexemes' frequencies: the lowest and highest of them, and the share of nulls.
      out[row.attname] = { freq: new Map(elems.map((e, i) => [e, freqs[i] ?? 0])), min: freqs[elems.length] ?? 0 };
    }
    out.rows = counted.rows[0]?.rows ?? 0;
    return out;
  });
  statsCache.set(db, { at: Date.now(), stats });
  stats.catch(() => statsCache.delete(db));
  return stats;
}

/**
 * The share of videos holding a token (any lexeme starting with it, for a prefix); a word ANALYZE
 * did not keep is taken as half as common as the rarest it kept.
 */
function tokenShare(stats: LexemeStats, token: string, prefix: boolean): number {
  let f = stats.freq.get(token) ?? 0;
  if (prefix) {
    f = 0;
    for (const [lexeme, lf] of stats.freq) if (lexeme.startsWith(token)) f += lf;
  }
  return Math.min(1, f > 0 ? f : stats.min / 2);
}

/** Expected matches of all tokens among `ids` videos, as if the words were independent. */
function expectedMatches(stats: LexemeStats, tokens: readonly string[], prefixLast: boolean, ids: number): number {
  let share = 1;
  tokens.forEach((t, i) => {
    share *= tokenShare(stats, t, prefixLast && i === tokens.length - 1);
  });
  return share * ids;
}

/**
 * SQLite's entriesPerRowid (sqlite/search-query.ts) from the statistics: the documents
 * holding each token (and the duration filter's range, SQLite's facet token) in one column, summed,
 * per id of the catalogue. A token's documents are its share of the rows ANALYZE counted, rounded:
 * when ANALYZE sampled every row (the default target samples 30,000) and kept the token among its
 * most common, these are the exact counts SQLite keeps in fts_terms, and the two catalogues compute
 * the same floor to the id. At a large catalogue they are estimates, close to those counts.
 */
function entriesPerRowid(stats: SearchStats, column: 'tsv' | 'title_tsv', tokens: readonly string[], prefixLast: boolean, f: MatchFilter, size: number): number {
  if (size <= 0) return 0;
  const rows = stats.rows > 0 ? stats.rows : size;
  let entries = f.minDur > 0 || f.maxDur < MAX_ID ? Math.round(shareBetween(stats.duration, f.minDur, f.maxDur) * rows) : 0;
  tokens.forEach((t, i) => {
    entries += Math.round(tokenShare(stats[column], t, prefixLast && i === tokens.length - 1) * rows);
  });
  return entries / size;
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
 * Newest listable videos with ids in [f.lo, f.hi] matching a tsquery in one tsvector column, at most
 * `limit`, each with what ranks it (read from the row just found) and, with `titles`, whether its
 * title holds every token (column tsv only: see tsquery's weight). The vectors are in video_search, by slices of ids
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
  const filter = `${match} AND ${VISIBLE_STATUS_SQL} AND post_date BETWEEN $2 AND $3 AND duration BETWEEN $4 AND $5 AND gender = ${Math.trunc(f.gender)}`;
  const cols = `u.id, ${titles ? 'u.tsv @@ $8::tsquery' : 'false'} AS t, ${RANK_SQL} AS r,
    (SELECT views FROM videos v WHERE v.id = u.id) AS views`;
  const extra = pairs ? [pairs.pairs, ...(pairs.rest ? [pairs.rest] : [])] : titles ? [tsquery(tokens, { prefixLast, weight: 'A' })] : [];
  // The ids walked, [lo, hi]: lo is an integer we computed, written into the SQL as the slices' bounds are.
  const lo = Math.max(0, Math.floor(f.lo));
  const span = Math.max(1, f.hi - lo + 1);
  // Only the orientation's matches count: a gay search of common words may still be few.
  const stats = await lexemeStats(db);
  const expected = expectedMatches(stats[column], tokens, prefixLast, span) * shareBetween(stats.gender, f.gender, f.gender);
  if (expected <= searchTuning.fewMatches) {
    const r = await db.query<Match>(
      // No lower bound when it cuts nothing: one more condition on every slice costs planning time.
      `SELECT ${cols} FROM (SELECT id, tsv FROM video_search WHERE ${lo > 1 ? `id >= ${lo} AND ` : ''}id <= $7 AND ${filter}
        ORDER BY id DESC LIMIT $6) u ORDER BY u.id DESC`,
      [query, f.from, f.now, f.minDur, f.maxDur, limit, f.hi, ...extra],
    );
    return { rows: r.rows, complete: r.rows.length < limit };
  }
  const out: Match[] = [];
  const bottom = searchSliceOf(lo);
  let top = searchSliceOf(f.hi);
  let perSlice = (expected / span) * SEARCH_SLICE;
  while (top >= bottom && out.length < limit) {
    // Slices past the LIMIT are never read (see above): a few too many cost their planning only.
    const take = Math.max(1, Math.ceil((searchTuning.sliceMargin * (limit - out.length)) / Math.max(perSlice, 1)));
    const slices = Array.from({ length: Math.min(take, top - bottom + 1) }, (_, i) => top - i);
    const parts = slices.map(
      (k) => `(SELECT id, tsv FROM video_search WHERE id BETWEEN ${Math.max(lo, k * SEARCH_SLICE)} AND ${(k + 1) * SEARCH_SLICE - 1} AND id <= $7 AND ${filter}
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
    const walked = f.hi - Math.max(lo, lowest * SEARCH_SLICE) + 1;
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
 * SEARCH_WINDOW matches in every column: SQLite's rankedMatches (sqlite/search-query.ts), with
 * its walks bounded alike.
 *
 * SQLite limits each walk to the newest part of the catalogue where the words' doclists hold
 * WALK_BUDGET entries (walkFloor; MIN_WALK and MAX_TITLE_WALK as there), so that an AND of common
 * words that few videos share costs a bounded amount, and the answer is the newest matches in that
 * part. Unbounded, PostgreSQL's walk costs the same way: it decodes the words' GIN posting lists slice
 * after slice until it has the window, and for common words that few videos share that is most of
 * the slices and most of the search's time. So the same floors are computed here, from the statistics' counts instead of fts_terms's
 * (entriesPerRowid), and both catalogues answer from the same newest part of the catalogue. Below
 * some 20,000 entries (MIN_WALK) no floor is above the lowest id asked for: small catalogues and
 * rare words are read whole, as before.
 *
 * Titles are read first (the smaller index), unless every column is expected to hold fewer than
 * searchTuning.titleFirst matches within the filters (not for a prefix: its expansions make
 * every-column reads dear). Then every column is read first, down to the lowest floor it may get,
 * each match tested for the words in its title on the row already read: a title match is a match
 * in every column, so this finds all title matches down to the lowest id read, and titles are read
 * only below it (down to their floor), not at all when every match was read (as expected): a title
 * read that would find few costs as much as it would find nothing, every slice's GIN index. Were
 * titles read first when they have many matches too, those would be found in the newest slices
 * alone. Either order gives the same answer.
 */
async function rankedMatches(
  db: Queryable,
  tokens: readonly string[],
  f: MatchFilter,
  prefixLast: boolean,
  size: number,
): Promise<number[]> {
  const stats = await lexemeStats(db);
  const titlePerId = entriesPerRowid(stats, 'title_tsv', tokens, prefixLast, f, size);
  const allPerId = entriesPerRowid(stats, 'tsv', tokens, prefixLast, f, size);
  const span = f.hi - f.lo + 1;
  // SQLite skips the title walk above MAX_TITLE_WALK entries; then no title match is looked for.
  const titleWalk = titlePerId * span <= MAX_TITLE_WALK;
  const titleFloor = titleWalk ? walkFloor(titlePerId, WALK_BUDGET, f.lo, f.hi) : f.hi + 1;
  // Title doclist entries SQLite's title walk read: down to its floor when a title match below the
  // floor (at any date) stopped it, to id 1 when there was none. The every-column walk gets what is
  // left of 2 * WALK_BUDGET, at least MIN_WALK: its floor for either case (the first never lower).
  const stopped = titleWalk ? titlePerId * (f.hi - titleFloor + 1) : 0;
  const toStart = titleWalk ? titlePerId * f.hi : 0;
  const allFloor = (spent: number) => walkFloor(allPerId, Math.max(MIN_WALK, 2 * WALK_BUDGET - spent), f.lo, f.hi);
  /** The every-column floor, looking for a title match below the title floor only when it matters. */
  const floorAfterTitles = async (seenBelow: boolean): Promise<number> => {
    if (seenBelow || titleFloor <= 1 || allFloor(stopped) === allFloor(toStart)) return allFloor(stopped);
    const below = await newestMatches(db, 'title_tsv', tokens, prefixLast, { ...f, from: 0, lo: 1, hi: titleFloor - 1 }, 1);
    return allFloor(below.rows.length > 0 ? stopped : toStart);
  };
  // Expected matches in every column, within the duration, dates and orientation asked for: few read every column first.
  const expected =
    expectedMatches(stats.tsv, tokens, prefixLast, span) * shareBetween(stats.duration, f.minDur, f.maxDur) * shareBetween(stats.gender, f.gender, f.gender);
  if (prefixLast || expected > searchTuning.titleFirst) {
    const inTitle = titleWalk ? (await newestMatches(db, 'title_tsv', tokens, prefixLast, { ...f, lo: titleFloor }, SEARCH_WINDOW)).rows : [];
    if (inTitle.length >= TITLE_ENOUGH) return ranked(inTitle);
    const anywhere = await newestMatches(db, 'tsv', tokens, prefixLast, { ...f, lo: await floorAfterTitles(false) }, SEARCH_WINDOW);
    return ranked(inTitle, anywhere.rows).slice(0, SEARCH_WINDOW);
  }
  // Every column first, down to the lowest floor it may have, each match tested for the words in its
  // title: that finds the title matches down to the lowest id read, and titles are read below it
  // down to their floor. The newest SEARCH_WINDOW matches above the final floor are among those read
  // (newest first: those below it come after them).
  // Down to the title floor as well when that adds no slice: one statement instead of two.
  const lowest = titleWalk && searchSliceOf(titleFloor) === searchSliceOf(allFloor(stopped)) ? Math.min(titleFloor, allFloor(stopped)) : allFloor(stopped);
  const read = await newestMatches(db, 'tsv', tokens, prefixLast, { ...f, lo: lowest }, SEARCH_WINDOW, titleWalk);
  const lowestRead = read.complete ? lowest : Math.min(...read.rows.map((m) => m.id));
  let inTitle = read.rows.filter((m) => m.t && m.id >= titleFloor);
  if (titleWalk && lowestRead > titleFloor && inTitle.length < SEARCH_WINDOW) {
    const below = await newestMatches(db, 'title_tsv', tokens, prefixLast, { ...f, lo: titleFloor, hi: lowestRead - 1 }, SEARCH_WINDOW - inTitle.length);
    inTitle = [...inTitle, ...below.rows];
  }
  if (inTitle.length >= TITLE_ENOUGH) return ranked(inTitle);
  const floor = await floorAfterTitles(read.rows.some((m) => m.t && m.id < titleFloor));
  return ranked(inTitle, read.rows.filter((m) => m.id >= floor)).slice(0, SEARCH_WINDOW);
}

/**
 * All ranked ids of a search, at most SEARCH_WINDOW (searchIds in lib/catalog/sqlite/search-query.ts):
 * the newest matches of every word (title matches alone when there are a page of them), a prefix
 * search of the last word when the whole words find nothing, then videos with some of the words
 * when that is less than a page (lib/catalog/partial-matches.ts).
 */
export async function pgSearchIds(db: Queryable, f: SearchFilter, now: number, lowIds = new WindowBounds()): Promise<number[]> {
  const tokens = searchTokens(f.term);
  if (tokens.length === 0) return [];
  const [minDur, maxDur] = durationBounds(f.duration);
  const from = dateFrom(f.date, now) ?? 0;
  const range = await searchRange(db, from, now, lowIds);
  // No video posted since the date filter's start, or none of them published yet.
  if (range.lo === null || range.hi < range.lo) return [];
  const filter: MatchFilter = { gender: genderNo(f.gender), from, now, minDur, maxDur, hi: range.hi, lo: range.lo };
  let found = await rankedMatches(db, tokens, filter, false, range.size);
  const last = tokens[tokens.length - 1] ?? '';
  if (found.length === 0 && last.length >= 3) found = await rankedMatches(db, tokens, filter, true, range.size);
  const words = partialWords(tokens);
  const take = partialCandidates(found, words, TITLE_ENOUGH);
  if (take === 0) return found;
  // Each word's newest title matches, as SQLite reads them, then ranked alike.
  const lists = await Promise.all(words.map((w) => newestMatches(db, 'title_tsv', [w], false, filter, take)));
  const candidates = [...new Set(lists.flatMap((l) => l.rows.map((m) => m.id)))];
  const titles = await db.query<{ id: number; title: string }>('SELECT id, title FROM videos WHERE id = ANY($1::int[])', [candidates]);
  return withPartialMatches(found, candidates, new Map(titles.rows.map((r) => [r.id, r.title])), words, TITLE_ENOUGH);
}

/**
 * Related videos (relatedIds in lib/catalog/sqlite/related-query.ts), of the video's own orientation: the newest RELATED_WINDOW videos
 * sharing a title word and a category, ranked by shared title words as SQLite ranks them, then
 * the newest of the video's first category.
 *
 * The candidates come from related_words, one index range per (word, category) pair read newest
 * first and stopped at RELATED_WINDOW: at most 8 words times a few categories, a few thousand index
 * entries whatever the words. (A GIN match of any word and any category has no order: a common
 * word in a big category matched tens of thousands of videos, each fetched to keep the newest.)
 */
export async function pgRelatedIds(db: Queryable, videoId: number, now: number): Promise<number[]> {
  const self = await db.query<{ title: string; gender: number; categories: number[]; hi: number | null; imported: number | null }>(
    `SELECT title, gender, array(SELECT category_id FROM video_categories WHERE video_id = v.id ORDER BY category_id) AS categories,
       (SELECT id FROM videos WHERE post_date <= $2 ORDER BY post_date DESC, id DESC LIMIT 1) AS hi,
       (SELECT max(video_id) FROM video_sources) AS imported
     FROM videos v WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [videoId, now],
  );
  const row = self.rows[0];
  if (!row || row.categories.length === 0) return [];
  const { title, gender, categories } = row;
  // The highest published id (searchRange's hi), read in the same round trip.
  const hi = Math.max(row.hi ?? 0, row.imported ?? 0);
  const words = searchTokens(title).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  let ids: number[] = [];
  if (words.length > 0) {
    const r = await db.query<{ id: number; title: string }>(
      `SELECT v.id, v.title FROM (
         SELECT DISTINCT m.video_id FROM unnest($1::text[]) AS w(word) CROSS JOIN unnest($2::int[]) AS c(category_id)
         CROSS JOIN LATERAL (
           SELECT r.video_id FROM related_words r
           WHERE r.word = w.word AND r.category_id = c.category_id AND r.gender = $7 AND r.video_id <= $3 AND r.video_id <> $4
             AND r.${VISIBLE_STATUS_SQL} AND r.post_date <= $5
           ORDER BY r.video_id DESC LIMIT $6
         ) m
         ORDER BY m.video_id DESC LIMIT $6
       ) c JOIN videos v ON v.id = c.video_id`,
      [words, categories, hi, videoId, now, RELATED_WINDOW, gender],
    );
    ids = r.rows
      .map((x) => ({ id: x.id, score: titleScore(words, x.title) }))
      .sort(byScore)
      .map((x) => x.id);
  }
  if (ids.length < RELATED_WINDOW) {
    const seen = new Set([videoId, ...ids]);
    const fill = await db.query<{ video_id: number }>(
      `SELECT video_id FROM video_categories WHERE category_id = $1 AND gender = $4 AND post_date <= $2 AND ${VISIBLE_STATUS_SQL}
       ORDER BY post_date DESC, video_id DESC LIMIT $3`,
      [categories[0], now, RELATED_WINDOW + 1, gender],
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
