/**
 * The listing pages' getters and metadata (/videos/..., and a category's, model's, channel's or
 * tag's, plain and filtered): the pages stay thin (parse the route, await the getter, render the view), the view
 * (components/listing/sort-listing.tsx) only renders what it is given.
 */
import 'server-only';
import type { Metadata } from 'next';
import { attempt, getCategory, getVideos, listOrError } from '@/lib/data';
import { notFoundBriefly } from './nothing-here';
import { DEFAULTS, MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import { getSectionVideos } from './entities';
import type { SectionEntity } from './entity-reshape';
import { t } from '@/lib/i18n';
import { categoryUrl, sectionUrl, videosUrl, type ListingParams, type SectionKind } from '@/lib/web/routes';
import { filterWords, listingMetadata, pageSuffix } from '@/lib/seo/listing';
import type { CategoryRef, VideoList } from '@/lib/contract/types';

/** Videos per listing page. */
export const LISTING_COUNT = DEFAULTS.count;

export interface SortListingData {
  p: ListingParams;
  list: VideoList;
  /** The source's error code when the list failed to load (the page shows the error message). */
  error?: string;
}

export interface CategoryListingData extends SortListingData {
  dir: string;
  category: CategoryRef;
}

function withFilters(base: string, p: ListingParams): string {
  const words = filterWords(p);
  return words ? `${base} (${words})` : base;
}

/**
 * /videos/{sort}/{page}/: its videos. A page past the end is not a page (404, for a minute: it names
 * nothing); the first page shows the empty-listing message instead.
 */
export async function getSortListing(p: ListingParams): Promise<SortListingData> {
  const { list, error } = listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, count: LISTING_COUNT, gender: p.o })));
  if (!error && p.page > 1 && list.videos.length === 0) return notFoundBriefly();
  return { p, list, error };
}

export function sortListingMetadata(p: ListingParams): Metadata {
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(t('listing.videosHeading', { sort }), p) + pageSuffix(p.page),
    description: t('listing.sortDescription', { sort }),
    canonical: videosUrl(p.sort, p.page, p, p.o),
  });
}

/**
 * /categories/{dir}/{sort}/{page}/: the category and its videos; an unknown category is a 404 (for a minute).
 * When the categories cannot be read, the listing still says which category it is and why it is empty.
 */
export async function getCategoryListing(dir: string, p: ListingParams): Promise<CategoryListingData> {
  const found = await attempt(() => getCategory(dir, p.o));
  if (found.ok && !found.value) return notFoundBriefly();
  const category = found.ok && found.value ? found.value : { title: dir, dir };
  const { list, error } = found.ok
    ? listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, category: dir, count: LISTING_COUNT, gender: p.o })))
    : listOrError(found);
  if (!error && p.page > 1 && list.videos.length === 0) return notFoundBriefly();
  return { p, dir, category, list, error };
}

export async function categoryListingMetadata(dir: string, p: ListingParams): Promise<Metadata> {
  const found = await attempt(() => getCategory(dir, p.o));
  const category = found.ok ? found.value : { title: dir };
  if (!category) return {};
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(`${t('listing.categoryHeading', { category: category.title })} - ${sort}`, p) + pageSuffix(p.page),
    description: t('listing.categoryDescription', { category: category.title, sort: sort.toLowerCase() }),
    canonical: categoryUrl(dir, p.sort, p.page, p, p.o),
  });
}

export type EntityListingKind = Exclude<SectionKind, 'category'>;

export interface EntityListingData extends SortListingData {
  kind: EntityListingKind;
  dir: string;
  entity: SectionEntity;
}

/**
 * /models/{dir}/..., /channel/{dir}/..., /tags/{dir}/...: the section's entry and its videos. One
 * the source does not know, or without any video, is a 404 (for a minute), as a category is; a
 * failing source shows the listing's error message under the dir.
 */
export async function getEntityListing(kind: EntityListingKind, dir: string, p: ListingParams): Promise<EntityListingData> {
  const loaded = await attempt(() => getSectionVideos(kind, dir, p.sort, p.page, p.date, p.duration, LISTING_COUNT, p.o));
  if (!loaded.ok) return { p, kind, dir, entity: { title: dir, dir, videos: 0 }, ...listOrError(loaded) };
  const { list, entity } = loaded.value;
  if (!entity || entity.videos === 0 || (p.page > 1 && list.videos.length === 0)) return notFoundBriefly();
  return { p, kind, dir, entity, list };
}

/** A tag with fewer than MIN_TAG_VIDEOS videos is thin: its pages answer but are not indexed. */
export const isThinTag = (kind: EntityListingKind, entity: SectionEntity) => kind === 'tag' && entity.videos < MIN_TAG_VIDEOS;

export async function entityListingMetadata(kind: EntityListingKind, dir: string, p: ListingParams): Promise<Metadata> {
  const loaded = await attempt(() => getSectionVideos(kind, dir, p.sort, p.page, p.date, p.duration, LISTING_COUNT, p.o));
  const entity = loaded.ok ? loaded.value.entity : { title: dir, dir, videos: 0 };
  if (!entity) return {};
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(`${t(`listing.${kind}Heading`, { name: entity.title })} - ${sort}`, p) + pageSuffix(p.page),
    description: t(`listing.${kind}Description`, { name: entity.title, sort: sort.toLowerCase() }),
    canonical: sectionUrl(kind, dir, p.sort, p.page, p, p.o),
    noindex: loaded.ok && isThinTag(kind, entity),
  });
}
