import type { Metadata } from 'next';
import { SortListing } from '@/components/listing/sort-listing';
import { getSortListing, sortListingMetadata } from '@/lib/data/listings';
import { parseListing } from '@/lib/web/routes';
import { notFoundBriefly } from '@/lib/data/nothing-here';

// Internal route: proxy.ts rewrites /videos/{sort}/{page}/?date=&duration= here, so that each
// whitelisted filter combination is its own cached page while the visitor's URL keeps the query.
export const revalidate = 86400;

export function generateStaticParams(): { sort: string; page: string; date: string; duration: string }[] {
  return [];
}

type Props = { params: Promise<{ sort: string; page: string; date: string; duration: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { date, duration, ...rest } = await params;
  const p = parseListing(rest, { date, duration });
  return p ? sortListingMetadata(p) : {};
}

export default async function FilteredVideosPage({ params }: Props) {
  const { date, duration, ...rest } = await params;
  const p = parseListing(rest, { date, duration });
  if (!p) return notFoundBriefly();
  return <SortListing data={await getSortListing(p)} />;
}
