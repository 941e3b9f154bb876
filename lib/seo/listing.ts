/** Parsing of listing route params (public and internal filter routes) and their page metadata. */
import type { Metadata } from 'next';
import { t } from '@/lib/i18n';
import { parseDate, parseDurationFilter, parsePage, parseSlug, parseSort } from '@/lib/params';
import { sortHasDate, type DateFilter, type DurationFilter, type Sort } from '@/lib/types';

export interface ListingParams {
  sort: Sort;
  page: number;
  date: DateFilter;
  duration: DurationFilter;
}

/**
 * /videos/{sort}/{page}/ and, when `f` holds the internal filter segments that proxy.ts
 * rewrites ?date=&duration= to, /videos/{sort}/{page}/f/{date}/{duration}/. Null means 404.
 */
export function parseListing(p: { sort: string; page: string }, f?: { date: string; duration: string }): ListingParams | null {
  const sort = parseSort(p.sort);
  const page = parsePage(p.page);
  if (!sort || !page) return null;
  if (!f) return { sort, page, date: 'all', duration: 'all' };
  const date = parseDate(f.date);
  const duration = parseDurationFilter(f.duration);
  // The filter route exists only for a real filter: the unfiltered page has its own URL.
  if (!date || !duration || (date === 'all' && duration === 'all')) return null;
  if (date !== 'all' && !sortHasDate(sort)) return null;
  return { sort, page, date, duration };
}

export function parseCategoryDir(v: string): string | null {
  return parseSlug(v);
}

/** ' - Page 3': every listing page's title carries its number, page 1 included (spec section 4). */
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
