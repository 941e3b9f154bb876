import 'server-only';
/**
 * The getters of the model, channel and tag pages: an index page of models or channels, one page
 * of a model's, channel's or tag's videos with the section's own entry (./entity-reshape.ts), and
 * their sitemaps.
 */
import { cache } from 'react';
import { DEFAULTS, LIFETIME } from '@/lib/contract/constants';
import { SourceError } from '@/lib/contract/errors';
import type { EntityKind } from '@/lib/contract/source';
import type { RawSitemapEntity } from '@/lib/contract/raw';
import type { DateFilter, DurationFilter, EntitySort, Orientation, PageSort, SitemapFile, VideoList } from '@/lib/contract/types';
import { LruCache } from '@/lib/cache/lru.mjs';
import { toInt, toIsoDate, toVideoList } from '@/lib/kvs/reshape';
import type { SitemapEntityKind } from '@/lib/web/route-families';
import type { SectionKind } from '@/lib/web/routes';
import { entries, isObject, sectionEntityOf, toEntity, type Entity, type SectionEntity } from './entity-reshape';
import { getSource } from './index';

export interface EntityIndexPage {
  items: Entity[];
  total: number;
}

/**
 * Entities per index page: 8 rows of 5 at 1366 px, 20 of 2 on a phone. Each card is a link with
 * its thumbnail in the HTML and again in the flight data (about 1 KB): 60 of them made the page
 * 113 KB, over the 100 KB a listing's HTML is held to.
 */
export const INDEX_COUNT = 40;

/** One page of the model or channel index. */
export const getEntityIndex = cache(async (kind: EntityKind, sort: EntitySort, letter: string, page: number, gender: Orientation): Promise<EntityIndexPage> => {
  const s = await getSource();
  const q = { lifetime: LIFETIME.categories, gender, sort, letter, count: INDEX_COUNT, page };
  const raw = kind === 'model' ? await s.models?.(q) : await s.channels?.(q);
  if (!raw) throw new SourceError('internal', `the source lists no ${kind}s`);
  const r = (isObject(raw) ? raw : {}) as Record<string, unknown>;
  const items = entries(r[`${kind}s`]).flatMap((e) => toEntity(e) ?? []);
  return { items, total: Math.max(items.length, toInt(r.total_count)) };
});

export interface SectionVideos {
  list: VideoList;
  /** Null: the source knows no such model, channel or tag. */
  entity: SectionEntity | null;
}

/** One page of a model's, channel's or tag's videos, and the section's own entry. */
export const getSectionVideos = cache(
  async (
    kind: Exclude<SectionKind, 'category'>,
    dir: string,
    sort: PageSort,
    page: number,
    date: DateFilter,
    duration: DurationFilter,
    count: number,
    gender: Orientation,
  ): Promise<SectionVideos> => {
    const raw = await (await getSource()).videos({
      lifetime: LIFETIME.videos,
      gender,
      sort,
      count,
      section: kind,
      objectId: dir,
      page,
      type: DEFAULTS.type,
      duration,
      date,
    });
    return { list: toVideoList(raw), entity: sectionEntityOf(raw, kind) };
  },
);

/** Models, channels or tags per sitemap file: short entries, far under the protocol's 50,000 URLs. */
export const ENTITY_SITEMAP_SIZE = 10_000;

// The file lists change as the catalogue does: kept per kind and catalogue version.
const entityFilesCache = new LruCache<Promise<SitemapFile[]>>(3, 3600 * 1000);

/** The newest post date of a file's entries (its lastmod). */
const newestOf = (rows: readonly RawSitemapEntity[]) => rows.reduce((a, r) => (toIsoDate(r.last_post_date) > a ? toIsoDate(r.last_post_date) : a), toIsoDate(''));

/**
 * The sitemap files of a kind: one per ENTITY_SITEMAP_SIZE entries in dir order, read page by page
 * until a short one. None for a source that cannot enumerate them (an upstream API).
 */
export async function getEntitySitemapFiles(kind: SitemapEntityKind): Promise<SitemapFile[]> {
  const s = await getSource();
  const key = `${kind} ${s.contentVersion?.() ?? ''}`;
  const hit = entityFilesCache.get(key);
  if (hit) return hit;
  const files = (async () => {
    if (!s.sitemapEntities) return [];
    const out: SitemapFile[] = [];
    for (let n = 1; ; n++) {
      const rows = await s.sitemapEntities(kind, n, ENTITY_SITEMAP_SIZE);
      if (rows.length > 0) out.push({ n, lastmod: newestOf(rows) });
      if (rows.length < ENTITY_SITEMAP_SIZE) return out;
    }
  })();
  entityFilesCache.set(key, files);
  files.catch(() => entityFilesCache.clear());
  return files;
}

/** One URL of an entity sitemap: the entity's page in an orientation it has listable videos in, dated by that orientation's newest (ISO 8601). */
export interface EntitySitemapEntry {
  dir: string;
  o: Orientation;
  lastmod: string;
}

/** The entries of sitemap file `n` of a kind, each entity's orientations in turn, or null when there is no such file. */
export async function getEntitySitemap(kind: SitemapEntityKind, n: number): Promise<EntitySitemapEntry[] | null> {
  const s = await getSource();
  if (!s.sitemapEntities) return null;
  const rows = await s.sitemapEntities(kind, n, ENTITY_SITEMAP_SIZE);
  if (rows.length === 0) return null;
  return rows.flatMap((r) => r.orientations.map((x) => ({ dir: r.dir, o: x.orientation, lastmod: toIsoDate(x.last_post_date) })));
}
