import 'server-only';
import type Database from 'better-sqlite3';
import type { VideoListRow } from '../raw-rows';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';


// Its models' titles in model id order, as the network sends them (a video has a few at most).
const LIST_COLUMNS = `id, dir, title, duration, post_date, views, rating, sg_id, s.thumb_url, s.thumbs, s.preview_url, gender,
  (SELECT group_concat(title, ', ') FROM (SELECT m.title FROM video_models vm JOIN models m ON m.id = vm.model_id
     WHERE vm.video_id = videos.id ORDER BY m.id)) AS models`;

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



/** True when the video exists, is not disabled and is published by `now`. */
export function isListable(db: Database.Database, id: number, now: number): boolean {
  return (
    prepared(db, `SELECT 1 FROM videos WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`).get(id, now) !==
    undefined
  );
}
