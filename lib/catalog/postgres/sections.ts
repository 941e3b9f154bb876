/**
 * Where the videos of a listing's section are in the PostgreSQL catalogue: every video, a
 * category's, model's or tag's membership (the video's sort and filter columns copied in), or a
 * channel's videos; each with list indexes that lead with the section's key and the orientation
 * (schema.ts PG_CONTENT_INDEXES_SQL).
 */
import type { EntityKindName } from '../entity-kinds';

export interface Section {
  table: string;
  /** The video id column. */
  id: string;
  /** The section's key column (none: every video). */
  key: string | null;
}

export type SectionName = 'all' | 'category' | EntityKindName;

export const SECTIONS: Record<SectionName, Section> = {
  all: { table: 'videos', id: 'id', key: null },
  category: { table: 'video_categories', id: 'video_id', key: 'category_id' },
  model: { table: 'video_models', id: 'video_id', key: 'model_id' },
  channel: { table: 'videos', id: 'id', key: 'channel_id' },
  tag: { table: 'video_tags', id: 'video_id', key: 'tag_id' },
};

/** The table of each entity kind's own rows. */
export const ENTITY_TABLES: Record<EntityKindName, string> = { model: 'models', channel: 'channels', tag: 'tags' };

/**
 * The condition selecting a section's videos of one orientation, on rows `alias` (a column prefix:
 * 's.' or ''). The numbers are the catalogue's own integers, written into the SQL so that the
 * planner sees that a channel's partial indexes (channel_id <> 0) apply.
 */
export function sectionWhere(section: SectionName, key: number, gender: number, alias = ''): string {
  const s = SECTIONS[section];
  const own = s.key ? `${alias}${s.key} = ${Math.trunc(key)} AND ` : '';
  const partial = section === 'channel' ? `${alias}channel_id <> 0 AND ` : '';
  return `${own}${partial}${alias}gender = ${Math.trunc(gender)}`;
}
