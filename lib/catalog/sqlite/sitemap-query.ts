import 'server-only';
/**
 * Video sitemaps by id range: a range is one primary-key range scan, so any file of a million-video
 * catalogue is read in a fraction of the 500 ms it may take, without walking a listing to its end.
 */
import type Database from 'better-sqlite3';
import type { RawSitemapRange, RawSitemapVideo } from '@/lib/contract/raw';
import { formatPostDate } from '../filters';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';
import { toRawVideo, type VideoListRow } from '../raw-rows';
import { LIST_COLUMNS } from './video-rows';

/** Every non-empty range of `size` ids: its number (1-based), its count and its newest post date. */
export function sitemapRanges(db: Database.Database, size: number, now: number): RawSitemapRange[] {
  const rows = prepared(
    db,
    `SELECT (id - 1) / CAST(@size AS INTEGER) + 1 AS range, count(*) AS videos, max(post_date) AS last
     FROM videos WHERE ${VISIBLE_STATUS_SQL} AND post_date <= @now GROUP BY 1 ORDER BY 1`,
  ).all({ size, now }) as { range: number; videos: number; last: number }[];
  return rows.map((r) => ({ range: r.range, videos: r.videos, last_post_date: formatPostDate(r.last) }));
}

/** The listable videos of range `range` (ids (range-1)*size+1 .. range*size), in id order. */
export function sitemapRange(db: Database.Database, range: number, size: number, now: number): RawSitemapVideo[] {
  const rows = prepared(
    db,
    // A list item's columns (the media too: without them every entry had an empty thumbnail_loc; the
    // orientation and models, else every entry read as straight with no model).
    `SELECT ${LIST_COLUMNS}, description
     FROM videos LEFT JOIN video_sources s ON s.video_id = videos.id
     WHERE id BETWEEN @from AND @to AND ${VISIBLE_STATUS_SQL} AND post_date <= @now ORDER BY id`,
  ).all({ from: (range - 1) * size + 1, to: range * size, now }) as (VideoListRow & { description: string })[];
  return rows.map((r) => ({ ...toRawVideo(r), description: r.description }));
}
