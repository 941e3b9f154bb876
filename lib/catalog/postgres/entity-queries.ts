import 'server-only';
/**
 * The model and channel indexes, a list's section object and the entity sitemaps in the
 * PostgreSQL catalogue (lib/catalog/sqlite/entity-query.ts's answers): each index sort walks one
 * entity_stats index within a kind and an orientation, the letter tested on the dir it carries.
 */
import type { RawSitemapEntity } from '@/lib/contract/raw';
import type { EntitySort, Orientation } from '@/lib/contract/types';
import { type EntityKindName, genderNo, KIND, letterRange } from '../entity-kinds';
import { sitemapColumnsSql, sitemapEntityRow, sitemapLeast } from '../sitemap-entity';
import { VISIBLE_STATUS_SQL } from '../status';
import type { EntityListFilter, EntityListRow, EntityRow } from '../store';
import type { Queryable } from './db';
import { ENTITY_TABLES, SECTIONS } from './sections';

export async function pgEntityByDir(db: Queryable, kind: EntityKindName, dir: string): Promise<EntityRow | null> {
  return (await db.query<EntityRow>(`SELECT id, dir, title FROM ${ENTITY_TABLES[kind]} WHERE dir = $1`, [dir])).rows[0] ?? null;
}

/** The letter's dir range as SQL on entity_stats (its arguments $3 and $4). */
function letterSql(letter: string): { sql: string; args: string[] } {
  const range = letterRange(letter);
  return range ? { sql: 'AND dir >= $3 AND dir < $4', args: range } : { sql: '', args: [] };
}

/** An index's total: the letter's row of entity_counts (counted with entity_stats), or all of them summed. */
export async function pgCountEntities(db: Queryable, kind: EntityKindName, gender: Orientation, letter: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT coalesce(sum(count), 0)::int AS n FROM entity_counts WHERE kind = $1 AND gender = $2 ${letter === '' ? '' : 'AND letter = $3'}`,
    [KIND[kind], genderNo(gender), ...(letter === '' ? [] : [letter])],
  );
  return r.rows[0]?.n ?? 0;
}

/** Each index sort's order (its own index: schema.ts idx_es_*). */
const ORDERS: Record<EntitySort, string> = {
  title: 'dir, entity_id',
  'count-videos': 'videos DESC, entity_id DESC',
  'most-popular': 'views DESC, entity_id DESC',
  newest: 'added_at DESC, entity_id DESC',
};

export async function pgListEntityIds(db: Queryable, f: EntityListFilter): Promise<number[]> {
  const l = letterSql(f.letter);
  const r = await db.query<{ entity_id: number }>(
    `SELECT entity_id FROM entity_stats WHERE kind = $1 AND gender = $2 ${l.sql}
     ORDER BY ${ORDERS[f.sort]} LIMIT ${Math.trunc(f.limit)} OFFSET ${Math.trunc(f.offset)}`,
    [KIND[f.kind], genderNo(f.gender), ...l.args],
  );
  return r.rows.map((x) => x.entity_id);
}

/**
 * The index items of `ids` in the orientation, in the order given. Each one's thumbnail is its
 * most viewed video listable at `now`, one seek in its part of the views list index.
 */
export async function pgEntityRows(db: Queryable, kind: EntityKindName, ids: readonly number[], gender: Orientation, now: number): Promise<EntityListRow[]> {
  if (ids.length === 0) return [];
  const s = SECTIONS[kind];
  const partial = kind === 'channel' ? 'AND m.channel_id <> 0' : '';
  const r = await db.query<EntityListRow>(
    `SELECT e.id, e.dir, e.title, es.added_at, es.videos, es.views::float8 AS views, es.last_post_date, t.top_video_id,
       src.thumb_url, src.thumbs, src.preview_url
     FROM unnest($1::int[]) AS j(id) JOIN entity_stats es ON es.kind = $2 AND es.entity_id = j.id AND es.gender = $3
       JOIN ${ENTITY_TABLES[kind]} e ON e.id = es.entity_id
       CROSS JOIN LATERAL (SELECT coalesce((SELECT m.${s.id} FROM ${s.table} m
         WHERE m.${s.key} = e.id ${partial} AND m.gender = es.gender AND m.post_date <= $4 AND m.${VISIBLE_STATUS_SQL}
         ORDER BY m.views DESC, m.${s.id} DESC LIMIT 1), 0) AS top_video_id) t
       LEFT JOIN video_sources src ON src.video_id = t.top_video_id`,
    [ids, KIND[kind], genderNo(gender), now],
  );
  const byId = new Map(r.rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * A page of the entities worth a sitemap entry, in dir order: each one's qualifying orientations
 * gathered, walked by entity_stats' dir index.
 */
export async function pgSitemapEntities(db: Queryable, kind: EntityKindName, page: number, size: number): Promise<RawSitemapEntity[]> {
  const r = await db.query<Record<string, unknown>>(
    `SELECT dir, ${sitemapColumnsSql('$2')} FROM entity_stats WHERE kind = $1
     GROUP BY dir HAVING max(videos) >= $2 ORDER BY dir LIMIT $3 OFFSET $4`,
    [KIND[kind], sitemapLeast(kind), size, (page - 1) * size],
  );
  return r.rows.map(sitemapEntityRow);
}
