import 'server-only';
import type Database from 'better-sqlite3';
import { type DetailRow, toRawVideoDetail } from '../raw-rows';
import type { RawVideoDetail } from '@/lib/contract/raw';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';


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

