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
import { relatedTsquery, tsquery } from './tsv';

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

/** Newest listable videos matching a tsquery in one tsvector column, at most `limit`. */
async function newestMatches(db: Queryable, column: 'tsv' | 'title_tsv', query: string, f: MatchFilter, limit: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `SELECT id FROM videos
     WHERE ${column} @@ $1::tsquery AND id <= $7 AND ${VISIBLE_STATUS_SQL} AND post_date BETWEEN $2 AND $3 AND duration BETWEEN $4 AND $5
     ORDER BY id DESC LIMIT $6`,
    [query, f.from, f.now, f.minDur, f.maxDur, limit, f.hi],
  );
  return r.rows.map((x) => x.id);
}

/**
 * Candidates ranked by the weighted document: ts_rank with title A 1.0, tags and categories B 0.4,
 * description C 0.2, divided by 1 + log(length) (a tight title beats a long one); ties go to the
 * more watched video, then the newer.
 */
async function rankByDocument(db: Queryable, ids: readonly number[], query: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await db.query<{ id: number }>(
    `SELECT id FROM videos WHERE id = ANY($1::int[])
     ORDER BY ts_rank('{0.1, 0.2, 0.4, 1.0}', tsv, $2::tsquery, 1) DESC, views DESC, id DESC`,
    [ids, query],
  );
  return r.rows.map((x) => x.id);
}

async function rankedMatches(db: Queryable, tokens: readonly string[], f: MatchFilter, prefixLast: boolean): Promise<number[]> {
  const query = tsquery(tokens, { prefixLast });
  // Titles first (the smaller index): enough videos with every word in the title are the answer.
  const inTitle = await newestMatches(db, 'title_tsv', query, f, SEARCH_WINDOW);
  if (inTitle.length >= TITLE_ENOUGH) return rankByDocument(db, inTitle, query);
  const anywhere = await newestMatches(db, 'tsv', query, f, SEARCH_WINDOW);
  const ids = [...new Set([...inTitle, ...anywhere])];
  return (await rankByDocument(db, ids, query)).slice(0, SEARCH_WINDOW);
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
 */
export async function pgRelatedIds(db: Queryable, videoId: number, now: number): Promise<number[]> {
  const self = await db.query<{ title: string }>(
    `SELECT title FROM videos WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
    [videoId, now],
  );
  const title = self.rows[0]?.title;
  if (title === undefined) return [];
  const categories = (
    await db.query<{ category_id: number }>('SELECT category_id FROM video_categories WHERE video_id = $1 ORDER BY category_id', [videoId])
  ).rows.map((r) => r.category_id);
  if (categories.length === 0) return [];
  const words = searchTokens(title).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  let ids: number[] = [];
  if (words.length > 0) {
    const r = await db.query<{ id: number; title: string }>(
      `SELECT id, title FROM videos v
       WHERE title_tsv @@ $1::tsquery AND id <= $5 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2 AND id <> $3
       ORDER BY id DESC LIMIT $4`,
      [relatedTsquery(words, categories), now, videoId, RELATED_WINDOW, await pgMaxPublishedId(db, now)],
    );
    ids = r.rows
      .map((row) => ({ id: row.id, score: titleScore(words, row.title) }))
      .sort(byScore)
      .map((s) => s.id);
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
