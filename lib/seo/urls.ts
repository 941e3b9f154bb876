/** URL builders for the site's own routes, so that every link in the app has one spelling. */
import { sortHasDate, type CategorySort, type DateFilter, type DurationFilter, type Sort } from '@/lib/types';

export interface Filters {
  date?: DateFilter;
  duration?: DurationFilter;
}

/** '?date=week&duration=1' for the filters that apply, '' when none does. */
export function filterQuery(sort: Sort | null, f: Filters): string {
  const q = new URLSearchParams();
  if (f.date && f.date !== 'all' && (sort === null || sortHasDate(sort))) q.set('date', f.date);
  if (f.duration && f.duration !== 'all') q.set('duration', f.duration);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const videosUrl = (sort: Sort, page = 1, f: Filters = {}) => `/videos/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoryUrl = (dir: string, sort: Sort = 'latest-updates', page = 1, f: Filters = {}) =>
  `/categories/${encodeURIComponent(dir)}/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoriesUrl = (sort: CategorySort = 'count-videos') => (sort === 'title' ? '/categories/?sort=title' : '/categories/');

export function searchUrl(term: string, page = 1, f: Filters = {}): string {
  const q = new URLSearchParams({ s: term });
  if (f.duration && f.duration !== 'all') q.set('duration', f.duration);
  return `/search/${page}/?${q.toString()}`;
}

export const videoUrl = (v: { id: number; dir: string }) => `/video/${v.id}/${encodeURIComponent(v.dir)}/`;

export const INFORMATION_PAGES = ['dmca', 'support', 'terms', 'privacy', '2257', 'cookies'] as const;
export type InformationPage = (typeof INFORMATION_PAGES)[number];
export const informationUrl = (page?: InformationPage) => (page ? `/information/${page}/` : '/information/');

/** An absolute URL on this site; absolute http(s) input is kept as it is. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
