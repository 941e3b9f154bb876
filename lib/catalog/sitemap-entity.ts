/**
 * An entity sitemap's row as both stores answer it: one walk of entity_stats in dir order, each
 * orientation's qualifying videos and newest post_date as columns of their own (SITEMAP_COLUMNS_SQL:
 * plain numbers, no text built per row), read back here so that both stores answer alike.
 */
import type { RawSitemapEntity } from '@/lib/contract/raw';
import { MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import { ORIENTATIONS } from '@/lib/contract/types';
import { formatPostDate } from './filters';
import type { EntityKindName } from './entity-kinds';

/**
 * The fewest listable videos of an orientation for its page to be in a sitemap: one (a page
 * without any is a 404), a tag's MIN_TAG_VIDEOS (below it its page is noindex: lib/data/listings.ts).
 */
export const sitemapLeast = (kind: EntityKindName) => (kind === 'tag' ? MIN_TAG_VIDEOS : 1);

/** Columns v0, l0, v1, l1, ...: each orientation's videos and newest post_date where it qualifies (`least` is the query's parameter), else null. */
export const sitemapColumnsSql = (least: string) =>
  ORIENTATIONS.map(
    (_, g) =>
      `max(CASE WHEN gender = ${g} AND videos >= ${least} THEN videos END) AS v${g}, ` +
      `max(CASE WHEN gender = ${g} AND videos >= ${least} THEN last_post_date END) AS l${g}`,
  ).join(', ');

/** The entity's row from its dir and the columns of sitemapColumnsSql (PostgreSQL's as text or numbers alike). */
export function sitemapEntityRow(row: Record<string, unknown>): RawSitemapEntity {
  const orientations: RawSitemapEntity['orientations'] = [];
  let videos = 0;
  let last = '';
  ORIENTATIONS.forEach((orientation, g) => {
    const v = row[`v${g}`];
    if (v === null || v === undefined) return;
    const at = formatPostDate(Number(row[`l${g}`]));
    orientations.push({ orientation, videos: Number(v), last_post_date: at });
    videos += Number(v);
    // The formatted dates sort as the times do.
    if (at > last) last = at;
  });
  return { dir: String(row.dir), videos, last_post_date: last, orientations };
}
