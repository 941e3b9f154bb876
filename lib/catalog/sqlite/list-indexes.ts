/**
 * The listings' indexes, one per sort for each table a listing walks: all videos, one channel's
 * (both in videos), one category's, model's or tag's (their membership tables, with the video's
 * columns copied in). Each starts with the section's key and the orientation, then the sort key,
 * then an explicit id (so "ORDER BY key DESC, id DESC" is a plain reverse walk) followed by the
 * filter columns (so filtering never touches the table: only the page's rows are read from it).
 * A gay list of 60 seeks to its orientation's part instead of walking past the straight videos.
 */
import type { Sort } from '@/lib/contract/types';

/** What a listing walks: its table, its id column, the section's key column (null: every video). */
export interface ListTable {
  table: string;
  id: string;
  key: string | null;
  /** Prefix of its indexes' names. */
  prefix: string;
}

export const LIST_TABLES = {
  all: { table: 'videos', id: 'id', key: null, prefix: 'idx_v' },
  channel: { table: 'videos', id: 'id', key: 'channel_id', prefix: 'idx_vch' },
  category: { table: 'video_categories', id: 'video_id', key: 'category_id', prefix: 'idx_vc' },
  model: { table: 'video_models', id: 'video_id', key: 'model_id', prefix: 'idx_vm' },
  tag: { table: 'video_tags', id: 'video_id', key: 'tag_id', prefix: 'idx_vt' },
} as const satisfies Record<string, ListTable>;

export type ListTableName = keyof typeof LIST_TABLES;

/** A sort's index: its name's suffix, its sort columns (before the id) and filter columns (after it). */
interface SortIndex {
  suffix: string;
  keys: string[];
  filters: string[];
}

const SORT_INDEXES: SortIndex[] = [
  // The latest index carries every sort column: a date filter narrows it to a month at most, sorted then.
  { suffix: 'latest', keys: ['post_date'], filters: ['duration', 'status_id', 'views', 'rating', 'likes', 'comments'] },
  { suffix: 'views', keys: ['views'], filters: ['post_date', 'duration', 'status_id'] },
  { suffix: 'rating', keys: ['rating', 'likes'], filters: ['post_date', 'duration', 'status_id'] },
  { suffix: 'duration', keys: ['duration'], filters: ['post_date', 'status_id'] },
  { suffix: 'comments', keys: ['comments'], filters: ['post_date', 'duration', 'status_id'] },
];

/** Each sort's order, with {id} for the table's id column, and the suffix of the index it walks. */
export const SORT_PLANS: Record<Sort, { order: string; index: string }> = {
  'latest-updates': { order: 'post_date DESC, {id} DESC', index: 'latest' },
  'most-popular': { order: 'views DESC, {id} DESC', index: 'views' },
  'most-viewed': { order: 'views DESC, {id} DESC', index: 'views' },
  'top-rated': { order: 'rating DESC, likes DESC, {id} DESC', index: 'rating' },
  longest: { order: 'duration DESC, {id} DESC', index: 'duration' },
  'most-commented': { order: 'comments DESC, {id} DESC', index: 'comments' },
};

/** The CREATE INDEX statements of one listing table. */
export function listIndexesSql(t: ListTable): string {
  return SORT_INDEXES.map((s) => {
    const cols = [...(t.key ? [t.key] : []), 'gender', ...s.keys, t.id, ...s.filters];
    return `CREATE INDEX ${t.prefix}_${s.suffix} ON ${t.table} (${cols.join(', ')});`;
  }).join('\n');
}

/** Every listing index. */
export const LIST_INDEXES_SQL = Object.values(LIST_TABLES).map(listIndexesSql).join('\n');

/** The names of a listing table's indexes (migration 7 drops the old ones before making these). */
export const listIndexNames = (t: ListTable): string[] => SORT_INDEXES.map((s) => `${t.prefix}_${s.suffix}`);
