import type { Metadata } from 'next';
import { SortListing } from '@/components/listing/sort-listing';
import { getSortListing, sortListingMetadata } from '@/lib/data/listings';
import { parseListing } from '@/lib/web/routes';
import { notFoundBriefly } from '@/lib/data/nothing-here';

// Cached (ISR) for the 'videos' lifetime; rendered on first request, then served from the cache.
export const revalidate = 86400;

export function generateStaticParams(): { sort: string; page: string }[] {
  return [];
}

type Props = { params: Promise<{ sort: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = parseListing(await params);
  return p ? sortListingMetadata(p) : {};
}

export default async function VideosPage({ params }: Props) {
  const p = parseListing(await params);
  if (!p) return notFoundBriefly();
  return <SortListing data={await getSortListing(p)} />;
}
