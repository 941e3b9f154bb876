/**
 * The listing pages' getters and metadata (/videos/... and /categories/{dir}/..., plain and
 * filtered): the pages stay thin (parse the route, await the getter, render the view), the view
 * (components/listing/sort-listing.tsx) only renders what it is given.
 */
import 'server-only';
import type { Metadata } from 'next';
import { attempt, getCategory, getVideos, listOrError } from '@/lib/data';
import { notFoundBriefly } from './nothing-here';
import { DEFAULTS } from '@/lib/contract/constants';
import { t } from '@/lib/i18n';
import { categoryUrl, videosUrl, type ListingParams } from '@/lib/web/routes';
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
  const { list, error } = listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, count: LISTING_COUNT })));
  if (!error && p.page > 1 && list.videos.length === 0) return notFoundBriefly();
  return { p, list, error };
}

export function sortListingMetadata(p: ListingParams): Metadata {
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(t('listing.videosHeading', { sort }), p) + pageSuffix(p.page),
    description: t('listing.sortDescription', { sort }),
    canonical: videosUrl(p.sort, p.page, p),
  });
}

/**
 * /categories/{dir}/{sort}/{page}/: the category and its videos; an unknown category is a 404 (for a minute).
 * When the categories cannot be read, the listing still says which category it is and why it is empty.
 */
export async function getCategoryListing(dir: string, p: ListingParams): Promise<CategoryListingData> {
  const found = await attempt(() => getCategory(dir));
  if (found.ok && !found.value) return notFoundBriefly();
  const category = found.ok && found.value ? found.value : { title: dir, dir };
  const { list, error } = found.ok
    ? listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, category: dir, count: LISTING_COUNT })))
    : listOrError(found);
  if (!error && p.page > 1 && list.videos.length === 0) return notFoundBriefly();
  return { p, dir, category, list, error };
}

export async function categoryListingMetadata(dir: string, p: ListingParams): Promise<Metadata> {
  const found = await attempt(() => getCategory(dir));
  const category = found.ok ? found.value : { title: dir };
  if (!category) return {};
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(`${t('listing.categoryHeading', { category: category.title })} - ${sort}`, p) + pageSuffix(p.page),
    description: t('listing.categoryDescription', { category: category.title, sort: sort.toLowerCase() }),
    canonical: categoryUrl(dir, p.sort, p.page, p),
  });
}
