/**
 * The site's routes, in one module: every page URL is built here (pages, components, sitemaps,
 * JSON-LD), the listing routes' params are parsed here (pages), and the proxy's redirects and
 * filter rewrites are decided here (proxy.ts), so that a URL has one spelling and one meaning.
 *
 * Client-safe: no server-only import (cards and the search box build their links with it).
 * The API's own paths (/api/json/...) are lib/kvs/urls.ts and lib/kvs/route-params.ts.
 */
import { parseCategorySort, parseDate, parseEntitySort, parseLetter, parsePage, parsePageDuration, parsePageSort, parseSlug } from '@/lib/web/params';
import { sortHasDate, type CategorySort, type DateFilter, type DurationFilter, type EntitySort, type Orientation, type PageSort, type Sort } from '@/lib/contract/types';
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
  /** The section's orientation (its path prefix). */
  o: Orientation;
}

// ---------------------------------------------------------------------------------------------
// Orientation sections

/**
 * Each orientation's section of the site: straight (the default) unprefixed, the others under a
 * path segment of their own, so that every section's page is one shared-cacheable URL. A video page
 * has none (a video has one orientation).
 */
export const ORIENTATION_SEGMENTS = { str: '', gay: 'gay', she: 'shemale' } as const satisfies Record<Orientation, string>;
/** The prefixed sections' segments, as route patterns write them ('gay|shemale'). */
export const PREFIXED_SEGMENTS = Object.values(ORIENTATION_SEGMENTS).filter(Boolean);

/** '' for straight, '/gay' or '/shemale'. */
export const sectionPrefix = (o: Orientation = 'str') => (ORIENTATION_SEGMENTS[o] ? `/${ORIENTATION_SEGMENTS[o]}` : '');

/** The orientation of a section's path segment ('gay', 'shemale'); undefined (no segment) is straight; anything else null. */
export function parseOrientationSegment(v: string | undefined): Orientation | null {
  if (v === undefined) return 'str';
  const found = (Object.keys(ORIENTATION_SEGMENTS) as Orientation[]).find((o) => o !== 'str' && ORIENTATION_SEGMENTS[o] === v);
  return found ?? null;
}

/** A path and its section: '/gay/videos/...' is ('gay', '/videos/...'). */
export function splitSection(path: string): { o: Orientation; rest: string } {
  const m = /^\/([^/]+)(\/.*)$/.exec(path);
  const o = m?.[1] ? parseOrientationSegment(m[1]) : null;
  return o && o !== 'str' && m?.[2] ? { o, rest: m[2] } : { o: 'str', rest: path };
}

export const homeUrl = (o: Orientation = 'str') => `${sectionPrefix(o)}/`;

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

export const videosUrl = (sort: PageSort, page = 1, f: Filters = {}, o: Orientation = 'str') => `${sectionPrefix(o)}/videos/${sort}/${page}/${filterQuery(sort, f)}`;

/** The lists of one thing's videos: a category's, a model's, a channel's, a tag's. */
export type SectionKind = 'category' | EntityKind | 'tag';

/** Each section's first path segment ('channel', singular, is the network's). */
export const SECTION_BASES = { category: 'categories', model: 'models', channel: 'channel', tag: 'tags' } as const satisfies Record<SectionKind, string>;
export const SECTION_KINDS = Object.keys(SECTION_BASES) as SectionKind[];

/** One category's, model's, channel's or tag's listing page. */
export const sectionUrl = (kind: SectionKind, dir: string, sort: PageSort = 'latest-updates', page = 1, f: Filters = {}, o: Orientation = 'str') =>
  `${sectionPrefix(o)}/${SECTION_BASES[kind]}/${encodeURIComponent(dir)}/${sort}/${page}/${filterQuery(sort, f)}`;

export const categoryUrl = (dir: string, sort: PageSort = 'latest-updates', page = 1, f: Filters = {}, o: Orientation = 'str') => sectionUrl('category', dir, sort, page, f, o);

export const categoriesUrl = (sort: CategorySort = 'count-videos', o: Orientation = 'str') =>
  `${sectionPrefix(o)}/categories/${sort === 'count-videos' ? '' : `?sort=${sort}`}`;

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
export function entityIndexUrl(kind: EntityKind, p: Partial<EntityIndexParams> = {}, o: Orientation = 'str'): string {
  const q = new URLSearchParams();
  if (p.sort && p.sort !== DEFAULT_ENTITY_SORT) q.set('sort', p.sort);
  if (kind === 'model' && p.letter) q.set('letter', p.letter);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${sectionPrefix(o)}/${ENTITY_INDEX_BASES[kind]}/${s ? `?${s}` : ''}`;
}

/** The internal route an index URL with a query is rewritten to (a cached page per sort, letter and page). */
export const entityIndexRoute = (kind: EntityKind, p: EntityIndexParams, o: Orientation = 'str') =>
  `${sectionPrefix(o)}/${kind}-index/${p.sort}/${p.letter || 'all'}/${p.page}/`;

/** A search page. One spelling for every link to it (box, panel, tags, related, pagination): one cached page. */
export function searchUrl(term: string, page = 1, f: Filters = {}, o: Orientation = 'str'): string {
  const q = new URLSearchParams({ s: term });
  if (f.duration && f.duration !== 'all') q.set('duration', f.duration);
  return `${sectionPrefix(o)}/search/${page}/?${q.toString()}`;
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
export function parseListing(p: { sort: string; page: string; orientation?: string }, f?: { date: string; duration: string }): ListingParams | null {
  // Only what the filter offers: the proxy redirects the other durations (listingDecision).
  const sort = parsePageSort(p.sort);
  const page = parsePage(p.page);
  const o = parseOrientationSegment(p.orientation);
  if (!sort || !page || !o) return null;
  if (!f) return { sort, page, date: 'all', duration: 'all', o };
  const date = parseDate(f.date);
  const duration = parsePageDuration(f.duration);
  // The filter route exists only for a real filter: the unfiltered page has its own URL.
  if (!date || !duration || (date === 'all' && duration === 'all')) return null;
  if (date !== 'all' && !sortHasDate(sort)) return null;
  return { sort, page, date, duration, o };
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

/** What a decision reads of a request: its path (a prefixed section's without the prefix) and query. */
type Req = Pick<URL, 'pathname' | 'search' | 'searchParams'>;

/** The query without the filter keys (campaign and other parameters survive a redirect). */
function otherParams(url: Req): URLSearchParams {
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
function listingDecision(url: Req, sortParam: string, pathOf: (sort: PageSort) => string): RouteDecision {
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
function searchDecision(url: Req): RouteDecision {
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
function queryWithout(url: Req, keys: readonly string[], set: Readonly<Record<string, string>> = {}): string {
  const q = new URLSearchParams(url.search);
  for (const k of keys) q.delete(k);
  for (const [k, v] of Object.entries(set)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The category index with ?sort=: a sort other than the default is rewritten to its cached page; anything else loses its sort. */
function categoryIndexDecision(url: Req): RouteDecision {
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
function entityIndexDecision(url: Req, kind: EntityKind): RouteDecision {
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
  const target = new URL(canonical, 'http://site.invalid');
  new URLSearchParams(queryWithout(url, INDEX_ARGS)).forEach((v, k) => target.searchParams.append(k, v));
  return { redirect: `${target.pathname}${target.search}`, status: 308 };
}

/**
 * What the proxy does with a page URL: redirect it, rewrite it to an internal route, or nothing
 * (null). A prefixed section's URL is decided as its straight twin's, and the answer prefixed.
 */
export function routeDecision(url: URL): RouteDecision {
  const { o, rest } = splitSection(url.pathname);
  if (o === 'str') return sectionDecision(url);
  // The visitor's own lists have no section: /gay/favourites/ names nothing (404).
  if (rest === '/favourites/') return null;
  const d = sectionDecision({ pathname: rest, search: url.search, searchParams: url.searchParams });
  if (!d) return null;
  return 'rewrite' in d ? { rewrite: `${sectionPrefix(o)}${d.rewrite}` } : { ...d, redirect: `${sectionPrefix(o)}${d.redirect}` };
}

function sectionDecision(url: Req): RouteDecision {
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
