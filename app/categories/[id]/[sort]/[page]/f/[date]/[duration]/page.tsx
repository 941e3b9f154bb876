import type { Metadata } from 'next';
import { CategoryListing } from '@/components/listing/sort-listing';
import { categoryListingMetadata, getCategoryListing } from '@/lib/data/listings';
import { parseCategoryDir, parseListing } from '@/lib/web/routes';
import { notFoundBriefly } from '@/lib/data/nothing-here';

// Internal route: proxy.ts rewrites the ?date=&duration= query of a category listing here.
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string; date: string; duration: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string; sort: string; page: string; date: string; duration: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, date, duration, ...rest } = await params;
  const dir = parseCategoryDir(id);
  const p = parseListing(rest, { date, duration });
  return dir && p ? categoryListingMetadata(dir, p) : {};
}

export default async function FilteredCategoryPage({ params }: Props) {
  const { id, date, duration, ...rest } = await params;
  const dir = parseCategoryDir(id);
  const p = parseListing(rest, { date, duration });
  if (!dir || !p) return notFoundBriefly();
  return <CategoryListing data={await getCategoryListing(dir, p)} />;
}
