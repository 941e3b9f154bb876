import 'server-only';
import type Database from 'better-sqlite3';
import { relatedMatch } from './fts-query';
import { searchTokens } from '../relevance';
import { VISIBLE_STATUS_SQL } from '../status';
import { maxPublishedId, newestMatches, rankByTitle } from './search-query';
import { prepared } from './statements';
import { RELATED_WINDOW } from '../search-limits';
import { STOPWORDS } from '../keywords';

export function videoCategoryIds(db: Database.Database, videoId: number): number[] {
  return prepared(db, 'SELECT category_id FROM video_categories WHERE video_id = ? ORDER BY category_id')
    .pluck()
    .all(videoId) as number[];
}

/**
 * Ids of videos related to `videoId`, of its own orientation: those sharing a title word and a category, ranked by
 * shared title words among the newest RELATED_WINDOW such videos, then topped up with the newest videos of
 * its first category. Never the video itself; empty when the video is not listable.
 */
export function relatedIds(db: Database.Database, videoId: number, now: number): number[] {
  const video = prepared(db, `SELECT title, gender FROM videos WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`).get(videoId, now) as
    | { title: string; gender: number }
    | undefined;
  if (video === undefined) return [];
  const { title, gender } = video;
  const categories = videoCategoryIds(db, videoId);
  if (categories.length === 0) return [];
  const words = searchTokens(title).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  const hi = maxPublishedId(db, now);
  const ids =
    words.length > 0
      ? rankByTitle(db, newestMatches(db, 'title_fts', relatedMatch(words, categories), 1, hi, RELATED_WINDOW, { now, gender, excludeId: videoId }), words)
      : [];
  if (ids.length < RELATED_WINDOW) {
    const seen = new Set([videoId, ...ids]);
    const fill = prepared(
      db,
      `SELECT video_id FROM video_categories INDEXED BY idx_vc_latest
       WHERE category_id = ? AND gender = ? AND post_date <= ? AND ${VISIBLE_STATUS_SQL}
       ORDER BY post_date DESC, video_id DESC LIMIT ?`,
    )
      .pluck()
      .all(categories[0], gender, now, RELATED_WINDOW + 1) as number[];
    for (const id of fill) {
      if (ids.length >= RELATED_WINDOW) break;
      if (!seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    }
  }
  return ids;
}
