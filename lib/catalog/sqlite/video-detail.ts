import 'server-only';
import type Database from 'better-sqlite3';
import { type DetailRow, toRawVideoDetail } from '../raw-rows';
import type { RawVideoDetail } from '@/lib/contract/raw';
import { KIND } from '../entity-kinds';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';

type Link = { title: string; dir: string };

/** The video page's data, or null when the id is unknown, disabled or not yet published. */
export function loadVideoDetail(db: Database.Database, id: number, now: number): RawVideoDetail | null {
  const row = prepared(
    db,
    `SELECT id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
       sg_id, ex_tube, ex_id, username, gender, comments, channel_id, s.embed_url, s.thumb_url, s.thumbs, s.preview_url
     FROM videos LEFT JOIN video_sources s ON s.video_id = videos.id WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`,
  ).get(id, now) as (DetailRow & { channel_id: number }) | undefined;
  if (!row) return null;
  const categories = prepared(
    db,
    `SELECT c.title, c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id
     WHERE vc.video_id = ? ORDER BY c.id`,
  ).all(id) as Link[];
  // Each tag's listable videos of this video's orientation: a page links a tag only from MIN_TAG_VIDEOS on.
  const tags = prepared(
    db,
    `SELECT t.title, t.dir, coalesce(es.videos, 0) AS total_videos FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
     LEFT JOIN entity_stats es ON es.kind = ${KIND.tag} AND es.entity_id = t.id AND es.gender = ?
     WHERE vt.video_id = ? ORDER BY t.id`,
  ).all(row.gender, id) as (Link & { total_videos: number })[];
  const models = prepared(
    db,
    'SELECT m.title, m.dir FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = ? ORDER BY m.id',
  ).all(id) as Link[];
  const channel = (prepared(db, 'SELECT title, dir FROM channels WHERE id = ?').get(row.channel_id) as Link | undefined) ?? null;
  return toRawVideoDetail(row, categories, tags, { models, channel });
}
