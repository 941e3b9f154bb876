import type { Metadata } from 'next';
import { EntityIndex, entityIndexMetadata } from '@/components/entities/entity-index';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { parseEntityIndex } from '@/lib/web/routes';

// Internal route: proxy.ts rewrites /models/?sort=&letter=&page= here (a cached page per sort, letter and page).
export const revalidate = 14400;

export function generateStaticParams(): { sort: string; letter: string; page: string }[] {
  return [];
}

type Props = { params: Promise<{ sort: string; letter: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = parseEntityIndex('model', await params);
  return p ? entityIndexMetadata('model', p) : {};
}

export default async function SortedModelIndexPage({ params }: Props) {
  const p = parseEntityIndex('model', await params);
  if (!p) return notFoundBriefly();
  return <EntityIndex kind="model" p={p} />;
}
