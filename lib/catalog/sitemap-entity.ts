/**
 * An entity sitemap's row as both stores answer it: each store aggregates an entity's
 * entity_stats rows that qualify (SITEMAP_PART_SQL, joined by ','), and this reads them, so that
 * both answer alike whatever order their aggregate keeps.
 */
import type { RawSitemapEntity } from '@/lib/contract/raw';
import { MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import { formatPostDate } from './filters';
import { type EntityKindName, orientationOf } from './entity-kinds';

/**
 * The fewest listable videos of an orientation for its page to be in a sitemap: one (a page
 * without any is a 404), a tag's MIN_TAG_VIDEOS (below it its page is noindex: lib/data/listings.ts).
 */
export const sitemapLeast = (kind: EntityKindName) => (kind === 'tag' ? MIN_TAG_VIDEOS : 1);

/** One qualifying entity_stats row as text: 'gender videos last_post_date' (SQLite and PostgreSQL both concatenate with ||). */
export const SITEMAP_PART_SQL = "gender || ' ' || videos || ' ' || last_post_date";

/** The entity's row from its dir and its aggregated parts. */
export function sitemapEntityRow(dir: string, parts: string): RawSitemapEntity {
  const rows = parts
    .split(',')
    .map((p) => p.split(' ').map(Number))
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const last = Math.max(...rows.map((r) => r[2] ?? 0));
  return {
    dir,
    videos: rows.reduce((n, r) => n + (r[1] ?? 0), 0),
    last_post_date: formatPostDate(last),
    orientations: rows.map(([g = 0, videos = 0, at = 0]) => ({ orientation: orientationOf(g), videos, last_post_date: formatPostDate(at) })),
  };
}
