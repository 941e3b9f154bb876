import 'server-only';
import type Database from 'better-sqlite3';
import { DAY_SECONDS, durationClassSql } from '../filters';
import { VISIBLE_STATUS_SQL } from '../status';

/**
 * The cumulative per-day listing counts (video_day_counts in ../tables.ts) of one category (0:
 * all videos), per orientation, for any duration class (0) and each class: cum = listed videos
 * with day <= this day. A category's members are counted from the columns video_categories copies
 * from videos (one covering index walk, no lookup of each video: the same values, written with
 * the membership).
 */
const CATEGORY_COUNTS_SQL = (all: boolean) => `
WITH listed AS (
  SELECT post_date / ${DAY_SECONDS} AS day, ${durationClassSql('duration')} AS dc, gender
  FROM ${all ? 'videos WHERE true' : 'video_categories WHERE category_id = @category'} AND ${VISIBLE_STATUS_SQL}
), per AS (
  SELECT gender, 0 AS dur_class, day, count(*) AS n FROM listed GROUP BY gender, day
  UNION ALL SELECT gender, dc, day, count(*) FROM listed GROUP BY gender, dc, day
)
SELECT @category AS category_id, gender, dur_class, day, sum(n) OVER (PARTITION BY gender, dur_class ORDER BY day) AS cum FROM per`;

/**
 * Rebuilds the listing counts one category at a time: each is read outside any transaction
 * (a read never blocks the site) and written in a short one, where a single recount of the
 * whole table held the write lock for seconds at 1,000,000 videos. (Inside a caller's
 * transaction, a migration's, the short ones are its savepoints.)
 */
export function recountDayCounts(db: Database.Database): void {
  const categories = db
    .prepare('SELECT 0 UNION SELECT id FROM categories UNION SELECT DISTINCT category_id FROM video_day_counts')
    .pluck()
    .all() as number[];
  const allVideos = db.prepare(CATEGORY_COUNTS_SQL(true));
  const inCategory = db.prepare(CATEGORY_COUNTS_SQL(false));
  const drop = db.prepare('DELETE FROM video_day_counts WHERE category_id = ?');
  const insert = db.prepare('INSERT INTO video_day_counts (category_id, gender, dur_class, day, cum) VALUES (?, ?, ?, ?, ?)');
  for (const category of categories) {
    const rows = (category === 0 ? allVideos : inCategory).raw().all({ category }) as [number, number, number, number, number][];
    db.transaction(() => {
      drop.run(category);
      for (const r of rows) insert.run(...r);
    })();
  }
}
