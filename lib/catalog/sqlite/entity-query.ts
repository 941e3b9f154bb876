import 'server-only';
/** The model and channel indexes, a list's section object and the entity sitemaps, in the SQLite catalogue. */
import type Database from 'better-sqlite3';
import type { RawSitemapEntity } from '@/lib/contract/raw';
import type { EntitySort, Orientation } from '@/lib/contract/types';
import { type EntityKindName, genderNo, KIND, letterRange } from '../entity-kinds';
import { sitemapColumnsSql, sitemapEntityRow, sitemapLeast } from '../sitemap-entity';
import { VISIBLE_STATUS_SQL } from '../status';
import type { EntityListFilter, EntityListRow, EntityRow } from '../store';
import { ENTITY_TABLES } from './entity-stats';
import { LIST_TABLES } from './list-indexes';
import { prepared } from './statements';

export function entityByDir(db: Database.Database, kind: EntityKindName, dir: string): EntityRow | null {
  return (prepared(db, `SELECT id, dir, title FROM ${ENTITY_TABLES[kind]} WHERE dir = ?`).get(dir) as EntityRow | undefined) ?? null;
}

/** The letter's dir range as SQL on entity_stats, with its arguments. */
function letterSql(letter: string): { sql: string; args: string[] } {
  const range = letterRange(letter);
  return range ? { sql: 'AND dir >= ? AND dir < ?', args: range } : { sql: '', args: [] };
}

/** An index's total: the letter's row of entity_counts, or all of them summed. */
export function countEntities(db: Database.Database, kind: EntityKindName, gender: Orientation, letter: string): number {
  return prepared(db, `SELECT coalesce(sum(count), 0) FROM entity_counts WHERE kind = ? AND gender = ? ${letter === '' ? '' : 'AND letter = ?'}`)
    .pluck()
    .get(KIND[kind], genderNo(gender), ...(letter === '' ? [] : [letter])) as number;
}

/** Each index sort: the index walked and its order (the letter filter is tested in place: dir is in every one). */
const ENTITY_SORTS: Record<EntitySort, { index: string; order: string }> = {
  title: { index: 'idx_es_dir', order: 'dir, entity_id' },
  'count-videos': { index: 'idx_es_videos', order: 'videos DESC, entity_id DESC' },
  'most-popular': { index: 'idx_es_views', order: 'views DESC, entity_id DESC' },
  newest: { index: 'idx_es_added', order: 'added_at DESC, entity_id DESC' },
};

export function listEntityIds(db: Database.Database, f: EntityListFilter): number[] {
  const plan = ENTITY_SORTS[f.sort];
  const l = letterSql(f.letter);
  return prepared(
    db,
    `SELECT entity_id FROM entity_stats INDEXED BY ${plan.index} WHERE kind = ? AND gender = ? ${l.sql}
     ORDER BY ${plan.order} LIMIT ? OFFSET ?`,
  )
    .pluck()
    .all(KIND[f.kind], genderNo(f.gender), ...l.args, f.limit, f.offset) as number[];
}

/**
 * The index items of `ids` in the orientation, in the order given (an unknown id is left out; one
 * without listable videos of it as of the last recount has zeros). Each one's thumbnail is its
 * most viewed listable video's, found by one seek in its part of the views index.
 */
export function entityRows(db: Database.Database, kind: EntityKindName, ids: readonly number[], gender: Orientation, now: number): EntityListRow[] {
  if (ids.length === 0) return [];
  const t = LIST_TABLES[kind];
  const rows = prepared(
    db,
    `SELECT e.id, e.dir, e.title, ${kind === 'tag' ? '0' : 'e.added_at'} AS added_at, coalesce(es.videos, 0) AS videos,
       coalesce(es.views, 0) AS views, coalesce(es.last_post_date, 0) AS last_post_date,
       coalesce((SELECT m.${t.id} FROM ${t.table} m INDEXED BY ${t.prefix}_views
         WHERE m.${t.key} = e.id AND m.gender = @gender AND m.post_date <= @now AND m.${VISIBLE_STATUS_SQL}
         ORDER BY m.views DESC, m.${t.id} DESC LIMIT 1), 0) AS top_video_id
     FROM json_each(@ids) j JOIN ${ENTITY_TABLES[kind]} e ON e.id = j.value
       LEFT JOIN entity_stats es ON es.kind = @kind AND es.entity_id = e.id AND es.gender = @gender`,
  ).all({ ids: JSON.stringify(ids), kind: KIND[kind], gender: genderNo(gender), now }) as Omit<EntityListRow, 'thumb_url' | 'thumbs' | 'preview_url'>[];
  const media = new Map(
    (
      prepared(db, 'SELECT video_id, thumb_url, thumbs, preview_url FROM video_sources WHERE video_id IN (SELECT value FROM json_each(?))').all(
        JSON.stringify(rows.map((r) => r.top_video_id)),
      ) as { video_id: number; thumb_url: string; thumbs: string; preview_url: string | null }[]
    ).map((m) => [m.video_id, m]),
  );
  const byId = new Map(
    rows.map((r) => {
      const m = media.get(r.top_video_id);
      return [r.id, { ...r, thumb_url: m?.thumb_url ?? null, thumbs: m?.thumbs ?? null, preview_url: m?.preview_url ?? null }];
    }),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * A page of the entities worth a sitemap entry, in dir order: one walk of entity_stats in dir order
 * (every orientation of an entity side by side, gender in the index as part of the table's key),
 * each entity's qualifying orientations gathered as it goes.
 */
export function sitemapEntities(db: Database.Database, kind: EntityKindName, page: number, size: number): RawSitemapEntity[] {
  const rows = prepared(
    db,
    `SELECT dir, ${sitemapColumnsSql('@least')} FROM entity_stats INDEXED BY idx_es_sitemap
     WHERE kind = @kind GROUP BY dir HAVING max(videos) >= @least ORDER BY dir LIMIT @size OFFSET @offset`,
  ).all({ kind: KIND[kind], least: sitemapLeast(kind), size, offset: (page - 1) * size }) as Record<string, unknown>[];
  return rows.map(sitemapEntityRow);
}
