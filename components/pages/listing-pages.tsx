import type { Metadata } from 'next';
import { CategoryIndex, categoryIndexMetadata } from '@/components/categories/category-index';
import { CategoryListing, SortListing } from '@/components/listing/sort-listing';
import { categoryListingMetadata, getCategoryListing, getSortListing, sortListingMetadata } from '@/lib/data/listings';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { parseCategorySort } from '@/lib/web/params';
import { parseCategoryDir, parseListing, parseOrientationSegment, type ListingParams } from '@/lib/web/routes';

/**
 * The page files of /videos/..., the category index and a category's listing, in every orientation
 * section, plain and filtered (the internal f/{date}/{duration}/ routes): one implementation each,
 * thin files under app/ and app/[orientation]/.
 */
type ListingRoute = { orientation?: string; id?: string; sort: string; page: string; date?: string; duration?: string };
type Props<P> = { params: Promise<P> };

async function parseRoute(params: Promise<ListingRoute>): Promise<{ dir: string | null; p: ListingParams } | null> {
  const { id, date, duration, ...rest } = await params;
  const p = parseListing(rest, date !== undefined && duration !== undefined ? { date, duration } : undefined);
  const dir = id === undefined ? null : parseCategoryDir(id);
  return p && (id === undefined || dir) ? { dir, p } : null;
}

export const videosPage = {
  async generateMetadata({ params }: Props<ListingRoute>): Promise<Metadata> {
    const r = await parseRoute(params);
    return r ? sortListingMetadata(r.p) : {};
  },
  async Page({ params }: Props<ListingRoute>) {
    const r = await parseRoute(params);
    if (!r) return notFoundBriefly();
    return <SortListing data={await getSortListing(r.p)} />;
  },
};

export const categoryListingPage = {
  async generateMetadata({ params }: Props<ListingRoute>): Promise<Metadata> {
    const r = await parseRoute(params);
    return r?.dir ? categoryListingMetadata(r.dir, r.p) : {};
  },
  async Page({ params }: Props<ListingRoute>) {
    const r = await parseRoute(params);
    if (!r?.dir) return notFoundBriefly();
    return <CategoryListing data={await getCategoryListing(r.dir, r.p)} />;
  },
};

type IndexRoute = { orientation?: string; sort?: string };

/** /categories/ (no sort segment: by count of videos) and its internal /category-index/{sort}/ route. */
export const categoryIndexPage = {
  async generateMetadata({ params }: Props<IndexRoute>): Promise<Metadata> {
    const o = parseOrientationSegment((await params).orientation);
    return o ? categoryIndexMetadata(o) : {};
  },
  async Page({ params }: Props<IndexRoute>) {
    const { orientation, sort: given } = await params;
    const o = parseOrientationSegment(orientation);
    const sort = given === undefined ? 'count-videos' : parseCategorySort(given);
    if (!o || !sort) return notFoundBriefly();
    return <CategoryIndex sort={sort} o={o} />;
  },
};
