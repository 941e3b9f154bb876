import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryListing, categoryListingMetadata } from '@/components/listing/sort-listing';
import { parseCategoryDir, parseListing } from '@/lib/seo/listing';

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
  return <CategoryListing dir={dir} p={p} />;
}
