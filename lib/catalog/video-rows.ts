import 'server-only';
import type Database from 'better-sqlite3';
import type { RawVideo } from '@/lib/api/raw';
import { formatPostDate } from './filters';
import { PREVIEW_URL, thumbUrl, thumbUrls } from './media-urls';
import { VISIBLE_STATUS_SQL } from './schema';
import { prepared } from './statements';

/** The columns a list item needs. */
export interface VideoListRow {
  id: number;
  dir: string;
  title: string;
  duration: number;
  post_date: number;
  views: number;
  rating: number;
  sg_id: number;
}

const LIST_COLUMNS = 'id, dir, title, duration, post_date, views, rating, sg_id';

/**
 * Loads the listable videos among `ids`, in the order given. Hidden or not yet published
 * ones are dropped here too, so a stale id list can never leak them.
 */
export function loadListRows(db: Database.Database, ids: readonly number[], now: number): VideoListRow[] {
  if (ids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT ${LIST_COLUMNS} FROM videos
     WHERE id IN (SELECT value FROM json_each(?)) AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`,
  ).all(JSON.stringify(ids), now) as VideoListRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * A list item with every field of spec section 3. `scr1` is the second screenshot and `img` the
 * card image (the main screenshot); `isWatchLater` is always false here: bookmarks live in the
 * visitor's browser, which marks its own.
 */
export function toRawVideo(row: VideoListRow): RawVideo {
  const thumbs = thumbUrls(row.id);
  return {
    video_id: row.id,
    id: row.id,
    dir: row.dir,
    title: row.title,
    scr: thumbUrl(row.id),
    scr1: thumbs[1] ?? thumbUrl(row.id),
    img: thumbUrl(row.id),
    isWatchLater: false,
    thumbs,
    preview_url: PREVIEW_URL,
    duration: row.duration,
    video_viewed: row.views,
    sg_id: row.sg_id,
    post_date: formatPostDate(row.post_date),
    rating: row.rating,
  };
}

/** True when the video exists, is not disabled and is published by `now`. */
export function isListable(db: Database.Database, id: number, now: number): boolean {
  return (
    prepared(db, `SELECT 1 FROM videos WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`).get(id, now) !==
    undefined
  );
}
