import type { Metadata } from 'next';
import { CategoryListing } from '@/components/listing/sort-listing';
import { categoryListingMetadata, getCategoryListing } from '@/lib/data/listings';
import { parseCategoryDir, parseListing } from '@/lib/web/routes';
import { notFoundBriefly } from '@/lib/data/nothing-here';

// Cached (ISR) for the 'videos' lifetime; an unknown category is a 404 cached a minute (lib/data/nothing-here.ts).
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string; sort: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, ...rest } = await params;
  const dir = parseCategoryDir(id);
  const p = parseListing(rest);
  return dir && p ? categoryListingMetadata(dir, p) : {};
}

export default async function CategoryPage({ params }: Props) {
  const { id, ...rest } = await params;
  const dir = parseCategoryDir(id);
  const p = parseListing(rest);
  if (!dir || !p) return notFoundBriefly();
  return <CategoryListing data={await getCategoryListing(dir, p)} />;
}
