import 'server-only';
/**
 * entity_stats (../tables.ts) in the SQLite catalogue: each model's, channel's and tag's listable
 * videos per orientation, their views and the newest post_date, counted from the listing tables
 * (their latest indexes lead with the entity and the orientation, so each count is one ordered
 * walk, no sort). Rebuilt whole by the seed and the derived recount, in short transactions of an
 * id range each, so that the running site's writes never wait long; views add to it as they come.
 */
import type Database from 'better-sqlite3';
import { ENTITY_KINDS, type EntityKindName, KIND } from '../entity-kinds';
import { VISIBLE_STATUS_SQL } from '../status';
import { LIST_TABLES } from './list-indexes';
import { prepared } from './statements';

/** The table of each kind's own rows. */
export const ENTITY_TABLES: Record<EntityKindName, string> = { model: 'models', channel: 'channels', tag: 'tags' };

/** Entity ids per transaction of a rebuild. */
const CHUNK = 20_000;

/** The stats of the entities of `kind` with ids in [@lo, @hi], as rows of entity_stats. */
function statsSql(kind: EntityKindName): string {
  const t = LIST_TABLES[kind];
  const addedAt = kind === 'tag' ? '0' : 'e.added_at';
  return `SELECT ${KIND[kind]}, m.${t.key}, m.gender, count(*), sum(m.views), max(m.post_date), e.dir, ${addedAt}
    FROM ${t.table} m INDEXED BY ${t.prefix}_latest JOIN ${ENTITY_TABLES[kind]} e ON e.id = m.${t.key}
    WHERE m.${t.key} BETWEEN @lo AND @hi AND m.post_date <= @now AND m.${VISIBLE_STATUS_SQL}
    GROUP BY m.${t.key}, m.gender`;
}

/** Counts the stats of every model, channel and tag again, as of `now`. */
export function rebuildEntityStats(db: Database.Database, now: number): void {
  for (const kind of ENTITY_KINDS) {
    const maxId = (prepared(db, `SELECT max(id) FROM ${ENTITY_TABLES[kind]}`).pluck().get() as number | null) ?? 0;
    const stale = (prepared(db, 'SELECT max(entity_id) FROM entity_stats WHERE kind = ?').pluck().get(KIND[kind]) as number | null) ?? 0;
    const drop = prepared(db, 'DELETE FROM entity_stats WHERE kind = @kind AND entity_id BETWEEN @lo AND @hi');
    const insert = prepared(db, `INSERT INTO entity_stats (kind, entity_id, gender, videos, views, last_post_date, dir, added_at) ${statsSql(kind)}`);
    for (let lo = 0; lo <= Math.max(maxId, stale); lo += CHUNK) {
      const range = { kind: KIND[kind], lo, hi: lo + CHUNK - 1, now };
      db.transaction(() => {
        drop.run(range);
        insert.run(range);
      })();
    }
  }
}

/** A view of a listable video: its models', channel's and tags' views (inside the view's transaction). */
export function addEntityViews(db: Database.Database, videoId: number, views: number): void {
  prepared(
    db,
    `UPDATE entity_stats SET views = views + @views
     WHERE (kind, entity_id, gender) IN (
       SELECT ${KIND.model}, model_id, gender FROM video_models WHERE video_id = @videoId
       UNION ALL SELECT ${KIND.tag}, tag_id, gender FROM video_tags WHERE video_id = @videoId
       UNION ALL SELECT ${KIND.channel}, channel_id, gender FROM videos WHERE id = @videoId AND channel_id <> 0)`,
  ).run({ videoId, views });
}
