import 'server-only';
import type Database from 'better-sqlite3';
import type { RawVideoDetail } from '@/lib/contract/raw';
import { formatDuration } from '@/lib/format';
import { formatPostDate } from './filters';
import { embedUrl } from './media-urls';
import { VISIBLE_STATUS_SQL } from './schema';
import { prepared } from './statements';
import { mediaOf } from './video-rows';

/** A video's row as both catalogues select it for its page (SQLite here, PostgreSQL in pg/queries.ts). */
export interface DetailRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration: number;
  post_date: number;
  status_id: number;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  sg_id: number;
  ex_tube: string;
  ex_id: number;
  username: string;
  embed_url: string | null;
  thumb_url: string | null;
  thumbs: string | null;
  preview_url: string | null;
}

/** The video page's data, or null when the id is unknown, disabled or not yet published. */
export function loadVideoDetail(db: Database.Database, id: number, now: number): RawVideoDetail | null {
  const row = prepared(
    db,
    `SELECT id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
       sg_id, ex_tube, ex_id, username, s.embed_url, s.thumb_url, s.thumbs, s.preview_url
     FROM videos LEFT JOIN video_sources s ON s.video_id = videos.id WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`,
  ).get(id, now) as DetailRow | undefined;
  if (!row) return null;
  const categories = prepared(
    db,
    `SELECT c.title, c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id
     WHERE vc.video_id = ? ORDER BY c.id`,
  ).all(id) as { title: string; dir: string }[];
  const tags = prepared(
    db,
    'SELECT t.title, t.dir FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = ? ORDER BY t.id',
  ).all(id) as { title: string; dir: string }[];
  return toRawVideoDetail(row, categories, tags);
}

/** The video page's raw answer (spec section 3) from its row, categories and tags. */
export function toRawVideoDetail(
  row: DetailRow,
  categories: { title: string; dir: string }[],
  tags: { title: string; dir: string }[],
): RawVideoDetail {
  const media = mediaOf(row);
  return {
    video_id: row.id,
    title: row.title,
    dir: row.dir,
    description: row.description,
    embed: row.embed_url ?? embedUrl(row.id),
    thumbsrc: media.scr,
    thumbs: media.thumbs,
    preview_url: media.preview_url,
    post_date: formatPostDate(row.post_date),
    status_id: row.status_id,
    // As the network sends it ("12:34"): its clients parse this form (yt-dlp ignores a bare number).
    duration: formatDuration(row.duration),
    rating: row.rating,
    categories,
    tags,
    statistics: { viewed: row.views, likes: row.likes, dislikes: row.dislikes },
    user: { username: row.username },
    sg_id: row.sg_id,
    ex_tube: row.ex_tube,
    ex_id: row.ex_id,
  };
}
