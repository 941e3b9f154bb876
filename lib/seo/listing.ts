/** Listing pages' titles and metadata (their routes are parsed in lib/web/routes.ts). */
import type { Metadata } from 'next';
import { t } from '@/lib/i18n';
import type { DateFilter, DurationFilter } from '@/lib/contract/types';

/** ' - Page 3': every listing page's title carries its number, page 1 included (docs/spec.md §4). */
export function pageSuffix(page: number): string {
  return t('listing.pageSuffix', { page });
}

/** 'Top rated · This week · Under 10 minutes': the filters in words, for titles. */
export function filterWords(p: { date: DateFilter; duration: DurationFilter }): string {
  const parts: string[] = [];
  if (p.date !== 'all') parts.push(t(`dates.${p.date}`));
  if (p.duration !== 'all') parts.push(t(`durations.${p.duration}`));
  return parts.join(', ');
}

export function listingMetadata(o: { title: string; description: string; canonical: string; noindex?: boolean }): Metadata {
  return {
    title: o.title,
    description: o.description,
    alternates: { canonical: o.canonical },
    openGraph: { title: o.title, description: o.description, url: o.canonical },
    robots: o.noindex ? { index: false, follow: true } : undefined,
  };
}
