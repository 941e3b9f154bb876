/**
 * The site's routes, in one module: every page URL is built here (pages, components, sitemaps,
 * JSON-LD), the listing routes' params are parsed here (pages), and the proxy's redirects and
 * filter rewrites are decided here (proxy.ts), so that a URL has one spelling and one meaning.
 *
 * Client-safe: no server-only import (cards and the search box build their links with it).
 * The API's own paths (/api/json/...) are lib/kvs/urls.ts and lib/kvs/route-params.ts.
 */
import { parseCategorySort, parseDate, parsePage, parsePageDuration, parsePageSort, parseSlug, parseSort } from '@/lib/web/params';
import { EXTRA_SORTS, sortHasDate, type CategorySort, type DateFilter, type DurationFilter, type ExtraSort, type PageSort, type Sort } from '@/lib/contract/types';

export interface Filters {
  date?: DateFilter;
  duration?: DurationFilter;
}

/** A listing page (/videos/... or /categories/{dir}/...): its sort, page and filters. */
export interface ListingParams {
  sort: PageSort;
  page: number;
  date: DateFilter;
  duration: DurationFilter;
}

// ---------------------------------------------------------------------------------------------
// Building

/** '?date=week&duration=1' for the filters that apply ('date' only to the sorts that have it), '' when none does. */
export function filterQuery(sort: Sort | null, f: Filters): string {
  const q = new URLSearchParams();
  if (f.date && f.date !== 'all' && (sort === null || sortHasDate(sort))) q.set('date', f.date);
  if (f.duration && f.duration !== 'all') q.set('duration', f.duration);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const videosUrl = (sort: PageSort, page = 1, f: Filters = {}) => `/videos/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoryUrl = (dir: string, sort: PageSort = 'latest-updates', page = 1, f: Filters = {}) =>
  `/categories/${encodeURIComponent(dir)}/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoriesUrl = (sort: CategorySort = 'count-videos') => (sort === 'title' ? '/categories/?sort=title' : '/categories/');

/** A search page. One spelling for every link to it (box, panel, tags, related, pagination): one cached page. */
export function searchUrl(term: string, page = 1, f: Filters = {}): string {
  const q = new URLSearchParams({ s: term });
  if (f.duration && f.duration !== 'all') q.set('duration', f.duration);
  return `/search/${page}/?${q.toString()}`;
}

export const videoUrl = (v: { id: number; dir: string }) => `/video/${v.id}/${encodeURIComponent(v.dir)}/`;

export const INFORMATION_PAGES = ['dmca', 'support', 'terms', 'privacy', '2257', 'cookies'] as const;
export type InformationPage = (typeof INFORMATION_PAGES)[number];
export const informationUrl = (page?: InformationPage) => (page ? `/information/${page}/` : '/information/');

/** The internal route a filtered listing is rewritten to (one cached page per filter combination). */
export const filteredListingRoute = (listingPath: string, date: DateFilter, duration: DurationFilter) => `${listingPath}f/${date}/${duration}/`;

// ---------------------------------------------------------------------------------------------
// Parsing (pages)

/**
 * /videos/{sort}/{page}/ and, when `f` holds the internal filter segments that the proxy
 * rewrites ?date=&duration= to (filteredListingRoute), /videos/{sort}/{page}/f/{date}/{duration}/.
 * The same for /categories/{dir}/{sort}/{page}/. Null means 404.
 */
export function parseListing(p: { sort: string; page: string }, f?: { date: string; duration: string }): ListingParams | null {
  // Only what the filter offers: the proxy redirects the other sorts and durations (listingDecision).
  const sort = parsePageSort(p.sort);
  const page = parsePage(p.page);
  if (!sort || !page) return null;
  if (!f) return { sort, page, date: 'all', duration: 'all' };
  const date = parseDate(f.date);
  const duration = parsePageDuration(f.duration);
  // The filter route exists only for a real filter: the unfiltered page has its own URL.
  if (!date || !duration || (date === 'all' && duration === 'all')) return null;
  if (date !== 'all' && !sortHasDate(sort)) return null;
  return { sort, page, date, duration };
}

export function parseCategoryDir(v: string): string | null {
  return parseSlug(v);
}

// ---------------------------------------------------------------------------------------------
// Redirects and rewrites (proxy.ts)

const SORT_REDIRECTS: Record<string, string> = {
  '/latest-updates/': videosUrl('latest-updates'),
  '/top-rated/': videosUrl('top-rated'),
  '/most-popular/': videosUrl('most-popular'),
  '/videos/': videosUrl('latest-updates'),
  '/favourites/': '/bookmarks/',
};

/** keepQuery: a path-only redirect that carries the visitor's query (campaign parameters) along. */
export type RouteDecision = { redirect: string; status: 308; keepQuery?: boolean } | { rewrite: string } | null;

/** The query without the filter keys (campaign and other parameters survive a redirect). */
function otherParams(url: URL): URLSearchParams {
  const q = new URLSearchParams(url.search);
  q.delete('date');
  q.delete('duration');
  return q;
}

/**
 * The offered sort a listing URL of another sort redirects to. most-viewed ranks by views, as
 * most-popular does. most-commented ranks by comments, which this site neither shows nor takes:
 * the nearest listing it has is the most popular (comments come with views).
 */
const SORT_STAND_INS: Record<ExtraSort, PageSort> = { 'most-viewed': 'most-popular', 'most-commented': 'most-popular' };

const isExtraSort = (sort: Sort): sort is ExtraSort => (EXTRA_SORTS as readonly Sort[]).includes(sort);

/** The sort of the listing page that shows `sort`: itself when the filter offers it, else its stand-in. */
export const pageSortOf = (sort: Sort): PageSort => (isExtraSort(sort) ? SORT_STAND_INS[sort] : sort);

/**
 * A listing URL made canonical: a sort no menu offers goes to its stand-in, and ?date=&duration=
 * are whitelisted and rewritten to the internal filter route, so that each combination is its own
 * cached page. Anything else (another sort, a duration the filter does not offer, a date the sort
 * does not take, a bad value) is redirected to the canonical URL, so only canonical URLs reach the
 * cache. `pathOf` is the listing's unfiltered URL for a sort.
 */
function listingDecision(url: URL, sortParam: string, pathOf: (sort: PageSort) => string): RouteDecision {
  const given = parseSort(sortParam);
  if (!given) return null; // the page answers 404
  const sort = pageSortOf(given);
  const path = pathOf(sort);
  const rawDate = url.searchParams.get('date');
  const rawDuration = url.searchParams.get('duration');
  const date = parseDate(rawDate) ?? 'all';
  const duration = parsePageDuration(rawDuration) ?? 'all';
  const canonical = new URLSearchParams(filterQuery(sort, { date, duration }));
  const asked = new URLSearchParams();
  if (rawDate !== null) asked.set('date', rawDate);
  if (rawDuration !== null) asked.set('duration', rawDuration);
  if (path !== url.pathname || canonical.toString() !== asked.toString()) {
    const q = otherParams(url);
    canonical.forEach((v, k) => q.set(k, v));
    const s = q.toString();
    return { redirect: `${path}${s ? `?${s}` : ''}`, status: 308 };
  }
  if (!canonical.toString()) return null;
  return { rewrite: filteredListingRoute(path, canonical.has('date') ? date : 'all', duration) };
}

/** A search with a duration the filter does not offer (or 'all', which its URLs leave out): the same search without it. */
function searchDecision(url: URL): RouteDecision {
  const duration = parsePageDuration(url.searchParams.get('duration') ?? undefined);
  if (!url.searchParams.has('duration') || (duration !== null && duration !== 'all')) return null;
  const q = new URLSearchParams(url.search);
  q.delete('duration');
  const s = q.toString();
  return { redirect: `${url.pathname}${s ? `?${s}` : ''}`, status: 308 };
}

/** What the proxy does with a page URL: redirect it, rewrite it to an internal route, or nothing (null). */
export function routeDecision(url: URL): RouteDecision {
  const path = url.pathname;
  const fixed = SORT_REDIRECTS[path];
  if (fixed) return { redirect: fixed, status: 308, keepQuery: true };

  let m = /^\/videos\/([^/]+)\/$/.exec(path);
  if (m?.[1]) {
    const sort = parseSort(m[1]);
    return sort ? { redirect: videosUrl(pageSortOf(sort)), status: 308, keepQuery: true } : null;
  }

  m = /^\/videos\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (m?.[1] && m[2]) {
    const page = parsePage(m[2]);
    return page ? listingDecision(url, m[1], (sort) => videosUrl(sort, page)) : null;
  }

  m = /^\/categories\/([^/]+)\/$/.exec(path);
  if (m?.[1]) return parseSlug(m[1]) ? { redirect: categoryUrl(m[1]), status: 308, keepQuery: true } : null;

  m = /^\/categories\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (m?.[1] && m[2] && m[3]) {
    const dir = parseSlug(m[1]);
    const page = parsePage(m[3]);
    return dir && page ? listingDecision(url, m[2], (sort) => categoryUrl(dir, sort, page)) : null;
  }

  if (/^\/search\/[^/]+\/$/.test(path)) return searchDecision(url);

  if (path === categoriesUrl() && url.searchParams.has('sort')) {
    const sort = parseCategorySort(url.searchParams.get('sort'));
    if (sort === 'title') return { rewrite: '/category-index/title/' };
    const q = new URLSearchParams(url.search);
    q.delete('sort');
    const s = q.toString();
    return { redirect: `${categoriesUrl()}${s ? `?${s}` : ''}`, status: 308 };
  }
  return null;
}
