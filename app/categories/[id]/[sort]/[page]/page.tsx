import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryListing } from '@/components/listing/sort-listing';
import { categoryListingMetadata, getCategoryListing } from '@/lib/pages/listings';
import { parseCategoryDir, parseListing } from '@/lib/routes';

// Cached (ISR) for the 'videos' lifetime; an unknown category is a cached 404.
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
  if (!dir || !p) notFound();
  return <CategoryListing data={await getCategoryListing(dir, p)} />;
}
