import 'server-only';
/**
 * entity_stats (../tables.ts) in the PostgreSQL catalogue, with the SQLite catalogue's meaning
 * (lib/catalog/sqlite/entity-stats.ts): each model's, channel's and tag's listable videos per
 * orientation as of the last recount, their views and the newest post_date, counted from the
 * listing tables. Rebuilt whole by the seed, migration 7 and an import's derived recount, inside
 * the caller's transaction (readers keep the old rows until it commits); views add to it as they come.
 */
import { ENTITY_KINDS, type EntityKindName, KIND, letterOfDirSql } from '../entity-kinds';
import { VISIBLE_STATUS_SQL } from '../status';
import type { Queryable } from './db';
import { ENTITY_TABLES, SECTIONS } from './sections';

/** The stats rows of every entity of `kind` as of $1. */
function statsSql(kind: EntityKindName): string {
  const s = SECTIONS[kind];
  const addedAt = kind === 'tag' ? '0' : 'e.added_at';
  return `SELECT ${KIND[kind]}, m.${s.key}, m.gender, count(*), sum(m.views), max(m.post_date), e.dir, ${addedAt}
    FROM ${s.table} m JOIN ${ENTITY_TABLES[kind]} e ON e.id = m.${s.key}
    WHERE m.post_date <= $1 AND m.${VISIBLE_STATUS_SQL}${kind === 'channel' ? ' AND m.channel_id <> 0' : ''}
    GROUP BY m.${s.key}, m.gender, e.dir${kind === 'tag' ? '' : ', e.added_at'}`;
}

/** The meta key of the clock entity_stats was last counted at. */
export const ENTITY_STATS_AT_KEY = 'entity_stats_at';

/**
 * Counts the stats of every model, channel and tag again, as of `now` (in the caller's
 * transaction), with the indexes' totals by letter (entity_counts) and the clock they were counted at.
 */
export async function rebuildPgEntityStats(db: Queryable, now: number): Promise<void> {
  await db.query('DELETE FROM entity_stats');
  await db.query(
    `INSERT INTO entity_stats (kind, entity_id, gender, videos, views, last_post_date, dir, added_at)
     ${ENTITY_KINDS.map(statsSql).join('\nUNION ALL ')}`,
    [now],
  );
  await db.query('DELETE FROM entity_counts');
  await db.query(`INSERT INTO entity_counts (kind, gender, letter, count) SELECT kind, gender, ${letterOfDirSql('dir')}, count(*) FROM entity_stats GROUP BY 1, 2, 3`);
  await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [ENTITY_STATS_AT_KEY, String(now)]);
}

/** A view of a listable video: its models', channel's and tags' views (inside the view's transaction). */
export async function addPgEntityViews(db: Queryable, videoId: number, views: number): Promise<void> {
  await db.query(
    `UPDATE entity_stats SET views = views + $2
     WHERE (kind, entity_id, gender) IN (
       SELECT ${KIND.model}, model_id, gender FROM video_models WHERE video_id = $1
       UNION ALL SELECT ${KIND.tag}, tag_id, gender FROM video_tags WHERE video_id = $1
       UNION ALL SELECT ${KIND.channel}, channel_id, gender FROM videos WHERE id = $1 AND channel_id <> 0)`,
    [videoId, views],
  );
}
