/**
 * The site's routes, in one module: every page URL is built here (pages, components, sitemaps,
 * JSON-LD), the listing routes' params are parsed here (pages), and the proxy's redirects and
 * filter rewrites are decided here (proxy.ts), so that a URL has one spelling and one meaning.
 *
 * Client-safe: no server-only import (cards and the search box build their links with it).
 * The API's own paths (/api/json/...) are lib/kvs/urls.ts and lib/kvs/route-params.ts.
 */
import { parseCategorySort, parseDate, parseEntitySort, parseLetter, parsePage, parsePageDuration, parsePageSort, parseSlug } from '@/lib/web/params';
import { sortHasDate, type CategorySort, type DateFilter, type DurationFilter, type EntitySort, type PageSort, type Sort } from '@/lib/contract/types';
import type { EntityKind } from '@/lib/contract/source';

export interface Filters {
  date?: DateFilter;
  duration?: DurationFilter;
}

/** A listing page (/videos/..., or one category's, model's, channel's or tag's): its sort, page and filters. */
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

/** The lists of one thing's videos: a category's, a model's, a channel's, a tag's. */
export type SectionKind = 'category' | EntityKind | 'tag';

/** Each section's first path segment ('channel', singular, is the network's). */
export const SECTION_BASES = { category: 'categories', model: 'models', channel: 'channel', tag: 'tags' } as const satisfies Record<SectionKind, string>;
export const SECTION_KINDS = Object.keys(SECTION_BASES) as SectionKind[];

/** One category's, model's, channel's or tag's listing page. */
export const sectionUrl = (kind: SectionKind, dir: string, sort: PageSort = 'latest-updates', page = 1, f: Filters = {}) =>
  `/${SECTION_BASES[kind]}/${encodeURIComponent(dir)}/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoryUrl = (dir: string, sort: PageSort = 'latest-updates', page = 1, f: Filters = {}) => sectionUrl('category', dir, sort, page, f);

export const categoriesUrl = (sort: CategorySort = 'count-videos') => (sort === 'count-videos' ? '/categories/' : `/categories/?sort=${sort}`);

/** The default order of the model and channel indexes: the most videos first, as the category index. */
export const DEFAULT_ENTITY_SORT: EntitySort = 'count-videos';

/** What an index page shows: its sort, its letter ('' for all) and its page. */
export interface EntityIndexParams {
  sort: EntitySort;
  letter: string;
  page: number;
}

const ENTITY_INDEX_BASES = { model: 'models', channel: 'channels' } as const satisfies Record<EntityKind, string>;

/**
 * /models/ or /channels/, with ?sort=&letter=&page= for what is not the default (always in that
 * order: one spelling, one cached page). Channels are few: no letter filter.
 */
export function entityIndexUrl(kind: EntityKind, o: Partial<EntityIndexParams> = {}): string {
  const q = new URLSearchParams();
  if (o.sort && o.sort !== DEFAULT_ENTITY_SORT) q.set('sort', o.sort);
  if (kind === 'model' && o.letter) q.set('letter', o.letter);
  if (o.page && o.page > 1) q.set('page', String(o.page));
  const s = q.toString();
  return `/${ENTITY_INDEX_BASES[kind]}/${s ? `?${s}` : ''}`;
}

/** The internal route an index URL with a query is rewritten to (a cached page per sort, letter and page). */
export const entityIndexRoute = (kind: EntityKind, p: EntityIndexParams) => `/${kind}-index/${p.sort}/${p.letter || 'all'}/${p.page}/`;

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
 * The same for the sections' /{base}/{dir}/{sort}/{page}/. Null means 404.
 */
export function parseListing(p: { sort: string; page: string }, f?: { date: string; duration: string }): ListingParams | null {
  // Only what the filter offers: the proxy redirects the other durations (listingDecision).
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

/** A category's, model's, channel's or tag's dir. */
export function parseCategoryDir(v: string): string | null {
  return parseSlug(v);
}

/** The internal index route's segments (entityIndexRoute); null means 404. */
export function parseEntityIndex(kind: EntityKind, p: { sort: string; letter: string; page: string }): EntityIndexParams | null {
  const sort = parseEntitySort(p.sort);
  const page = parsePage(p.page);
  const letter = p.letter === 'all' ? '' : kind === 'model' ? parseLetter(p.letter) : null;
  return sort && page && letter !== null ? { sort, letter, page } : null;
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
 * A listing URL made canonical: ?date=&duration= are whitelisted and rewritten to the internal
 * filter route, so that each combination is its own cached page. Anything else (a duration the
 * filter does not offer, a date the sort does not take, a bad value) is redirected to the
 * canonical URL, so only canonical URLs reach the cache. `pathOf` is the listing's unfiltered URL
 * for a sort.
 */
function listingDecision(url: URL, sortParam: string, pathOf: (sort: PageSort) => string): RouteDecision {
  const sort = parsePageSort(sortParam);
  if (!sort) return null; // the page answers 404
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

const BASES = Object.values(SECTION_BASES).join('|');
const SECTION_SHORT = new RegExp(`^/(${BASES})/([^/]+)/$`);
const SECTION_LISTING = new RegExp(`^/(${BASES})/([^/]+)/([^/]+)/([^/]+)/$`);
const sectionOfBase = (base: string) => SECTION_KINDS.find((k) => SECTION_BASES[k] === base) as SectionKind;

/** A query minus `keys`, as a '?...' suffix ('' when nothing is left). */
function queryWithout(url: URL, keys: readonly string[], set: Readonly<Record<string, string>> = {}): string {
  const q = new URLSearchParams(url.search);
  for (const k of keys) q.delete(k);
  for (const [k, v] of Object.entries(set)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The category index with ?sort=: a sort other than the default is rewritten to its cached page; anything else loses its sort. */
function categoryIndexDecision(url: URL): RouteDecision {
  const sort = parseCategorySort(url.searchParams.get('sort'));
  if (sort && sort !== 'count-videos') return { rewrite: `/category-index/${sort}/` };
  return { redirect: `${categoriesUrl()}${queryWithout(url, ['sort'])}`, status: 308 };
}

const INDEX_ARGS = ['sort', 'letter', 'page'] as const;

/**
 * An index URL with a query: the canonical spelling (known values in their order, defaults left
 * out) is rewritten to its internal route; any other is redirected to it, a value the index does
 * not take dropped, other parameters (campaigns) kept.
 */
function entityIndexDecision(url: URL, kind: EntityKind): RouteDecision {
  const q = url.searchParams;
  if (!INDEX_ARGS.some((k) => q.has(k))) return null;
  const p: EntityIndexParams = {
    sort: parseEntitySort(q.get('sort')) ?? DEFAULT_ENTITY_SORT,
    letter: kind === 'model' ? (parseLetter(q.get('letter')) ?? '') : '',
    page: parsePage(q.get('page')) ?? 1,
  };
  const canonical = entityIndexUrl(kind, p);
  const asked = new URLSearchParams([...q].filter(([k]) => (INDEX_ARGS as readonly string[]).includes(k)));
  if (canonical === `${url.pathname}${asked.size ? `?${asked}` : ''}`) return { rewrite: entityIndexRoute(kind, p) };
  const target = new URL(canonical, url);
  new URLSearchParams(queryWithout(url, INDEX_ARGS)).forEach((v, k) => target.searchParams.append(k, v));
  return { redirect: `${target.pathname}${target.search}`, status: 308 };
}

/** What the proxy does with a page URL: redirect it, rewrite it to an internal route, or nothing (null). */
export function routeDecision(url: URL): RouteDecision {
  const path = url.pathname;
  const fixed = SORT_REDIRECTS[path];
  if (fixed) return { redirect: fixed, status: 308, keepQuery: true };

  let m = /^\/videos\/([^/]+)\/$/.exec(path);
  if (m?.[1]) {
    const sort = parsePageSort(m[1]);
    return sort ? { redirect: videosUrl(sort), status: 308, keepQuery: true } : null;
  }

  m = /^\/videos\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (m?.[1] && m[2]) {
    const page = parsePage(m[2]);
    return page ? listingDecision(url, m[1], (sort) => videosUrl(sort, page)) : null;
  }

  m = SECTION_SHORT.exec(path);
  if (m?.[1] && m[2]) return parseSlug(m[2]) ? { redirect: sectionUrl(sectionOfBase(m[1]), m[2]), status: 308, keepQuery: true } : null;

  m = SECTION_LISTING.exec(path);
  if (m?.[1] && m[2] && m[3] && m[4]) {
    const kind = sectionOfBase(m[1]);
    const dir = parseSlug(m[2]);
    const page = parsePage(m[4]);
    return dir && page ? listingDecision(url, m[3], (sort) => sectionUrl(kind, dir, sort, page)) : null;
  }

  if (/^\/search\/[^/]+\/$/.test(path)) return searchDecision(url);

  if (path === categoriesUrl() && url.searchParams.has('sort')) return categoryIndexDecision(url);
  if (path === entityIndexUrl('model')) return entityIndexDecision(url, 'model');
  if (path === entityIndexUrl('channel')) return entityIndexDecision(url, 'channel');
  return null;
}
