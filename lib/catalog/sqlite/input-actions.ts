import 'server-only';
import type Database from 'better-sqlite3';
import { INPUT_ERRORS } from '../store';
import type { RawInputResponse } from '@/lib/contract/raw';
import { STATUS, VISIBLE_STATUS_SQL } from '../status';
import { addEntityViews } from './entity-stats';
import { LIST_TABLES } from './list-indexes';
import { countDay } from './period-stats';
import { ratingOf } from '../rating';
import { prepared } from './statements';


/** The membership tables with the video's columns copied in (list-indexes.ts). */
const MEMBER_TABLES = [LIST_TABLES.category, LIST_TABLES.model, LIST_TABLES.tag].map((t) => t.table);

function fail(code: string): RawInputResponse {
  return { error: 1, code };
}

function statusOf(db: Database.Database, videoId: number, now: number): number | undefined {
  return prepared(db, `SELECT status_id FROM videos WHERE id = ? AND ${VISIBLE_STATUS_SQL} AND post_date <= ?`)
    .pluck()
    .get(videoId, now) as number | undefined;
}

/** Counts a view; videos with status 5 keep their statistics frozen. */
export function recordView(db: Database.Database, videoId: number, now: number): RawInputResponse {
  const status = statusOf(db, videoId, now);
  if (status === undefined) return fail(INPUT_ERRORS.notFound);
  if (status === STATUS.statsDisabled) return fail(INPUT_ERRORS.statsDisabled);
  db.transaction(() => {
    prepared(db, 'UPDATE videos SET views = views + 1 WHERE id = ?').run(videoId);
    // The copies feed the category, model and tag listings sorted by views, and the index's most popular.
    for (const table of MEMBER_TABLES) prepared(db, `UPDATE ${table} SET views = views + 1 WHERE video_id = ?`).run(videoId);
    addEntityViews(db, videoId, 1);
    countDay(db, videoId, now, 1, 0, 0);
  })();
  return { ok: 1 };
}

/** One vote per visitor key and video: the second one answers already_voted. */
export function recordVote(
  db: Database.Database,
  videoId: number,
  vote: 0 | 1,
  voter: string,
  now: number,
): RawInputResponse {
  if (statusOf(db, videoId, now) === undefined) return fail(INPUT_ERRORS.notFound);
  return db.transaction((): RawInputResponse => {
    const inserted = prepared(
      db,
      'INSERT OR IGNORE INTO votes (video_id, voter, vote, created_at) VALUES (?, ?, ?, ?)',
    ).run(videoId, voter, vote, now);
    if (inserted.changes === 0) return fail(INPUT_ERRORS.alreadyVoted);
    const counts = prepared(
      db,
      `UPDATE videos SET likes = likes + ?, dislikes = dislikes + ? WHERE id = ? RETURNING likes, dislikes`,
    ).get(vote, 1 - vote, videoId) as { likes: number; dislikes: number };
    const rating = ratingOf(counts.likes, counts.dislikes);
    prepared(db, 'UPDATE videos SET rating = ? WHERE id = ?').run(rating, videoId);
    for (const table of MEMBER_TABLES) prepared(db, `UPDATE ${table} SET likes = ?, rating = ? WHERE video_id = ?`).run(counts.likes, rating, videoId);
    countDay(db, videoId, now, 0, vote, 1 - vote);
    return { ok: 1 };
  })();
}
