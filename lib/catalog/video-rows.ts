import 'server-only';
import type Database from 'better-sqlite3';
import type { RawVideo } from '@/lib/contract/raw';
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
  /** Media of an imported video (from its feed); null for demo videos, whose media are generated. */
  thumb_url: string | null;
  thumbs: string | null;
  preview_url: string | null;
}

const LIST_COLUMNS = 'id, dir, title, duration, post_date, views, rating, sg_id, s.thumb_url, s.thumbs, s.preview_url';

/**
 * Loads the listable videos among `ids`, in the order given. Hidden or not yet published
 * ones are dropped here too, so a stale id list can never leak them.
 */
export function loadListRows(db: Database.Database, ids: readonly number[], now: number): VideoListRow[] {
  if (ids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT ${LIST_COLUMNS} FROM videos LEFT JOIN video_sources s ON s.video_id = videos.id
     WHERE id IN (SELECT value FROM json_each(?)) AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`,
  ).all(JSON.stringify(ids), now) as VideoListRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** A video's thumbnail, frames and preview: the feed's URLs for an imported video, else generated ones. */
export function mediaOf(row: { id: number; thumb_url: string | null; thumbs: string | null; preview_url: string | null }) {
  if (row.thumb_url === null) return { scr: thumbUrl(row.id), thumbs: thumbUrls(row.id), preview_url: PREVIEW_URL };
  const frames = JSON.parse(row.thumbs ?? '[]') as string[];
  return { scr: row.thumb_url, thumbs: frames.length > 0 ? frames : [row.thumb_url], preview_url: row.preview_url ?? '' };
}

/**
 * A list item with every field of spec section 3. `scr1` is the second screenshot and `img` the
 * card image (the main screenshot); `isWatchLater` is always false here: bookmarks live in the
 * visitor's browser, which marks its own.
 */
export function toRawVideo(row: VideoListRow): RawVideo {
  const media = mediaOf(row);
  return {
    video_id: row.id,
    id: row.id,
    dir: row.dir,
    title: row.title,
    scr: media.scr,
    scr1: media.thumbs[1] ?? media.scr,
    img: media.scr,
    isWatchLater: false,
    thumbs: media.thumbs,
    preview_url: media.preview_url,
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
