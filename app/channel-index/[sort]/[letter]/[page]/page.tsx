import type { Metadata } from 'next';
import { EntityIndex, entityIndexMetadata } from '@/components/entities/entity-index';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { parseEntityIndex } from '@/lib/web/routes';

// Internal route: proxy.ts rewrites /channels/?sort=&letter=&page= here (a cached page per sort, letter and page).
export const revalidate = 14400;

export function generateStaticParams(): { sort: string; letter: string; page: string }[] {
  return [];
}

type Props = { params: Promise<{ sort: string; letter: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const p = parseEntityIndex('channel', await params);
  return p ? entityIndexMetadata('channel', p) : {};
}

export default async function SortedChannelIndexPage({ params }: Props) {
  const p = parseEntityIndex('channel', await params);
  if (!p) return notFoundBriefly();
  return <EntityIndex kind="channel" p={p} />;
}
