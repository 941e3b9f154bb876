import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CategoryIndex, categoryIndexMetadata } from '@/components/categories/category-index';
import { parseCategorySort } from '@/lib/web/params';
import { CATEGORY_SORTS } from '@/lib/contract/types';

// Internal route: proxy.ts rewrites /categories/?sort=title here (a cached page per sort).
export const revalidate = 14400;
export const dynamicParams = false;

export function generateStaticParams() {
  return CATEGORY_SORTS.map((sort) => ({ sort }));
}

export const metadata: Metadata = categoryIndexMetadata;

export default async function SortedCategoriesPage({ params }: { params: Promise<{ sort: string }> }) {
  const sort = parseCategorySort((await params).sort);
  if (!sort) notFound();
  return <CategoryIndex sort={sort} />;
}
