/**
 * Every route family of the site, pages and the API's paths alike, declared once: its URL
 * patterns, the query arguments it reads, its lifetime, its sitemap, its loading placeholder and
 * what the proxy does with it. What has to agree with a family follows from its entry here:
 *
 * - the edge's cache key (deploy/nginx/nginx.conf, written by `npm run edge:key` from
 *   ./edge-key-maps.ts): a family is keyed on exactly the arguments it reads;
 * - the sitemaps (lib/seo/sitemap.ts): one file per `sitemap.file`, listed in the index;
 * - the loading placeholder (./loading-page.ts);
 * - the proxy's matcher (proxy.ts: Next wants a literal there, and a unit test fails when it is not
 *   `proxyMatchers()`);
 * - the fuzz families (tests/fuzz/families.mjs).
 *
 * A new family is one entry here plus its page files.
 *
 * Client-safe: no server-only import (./loading-page.ts runs in the browser).
 */
import { LIFETIME } from '@/lib/contract/constants';
import { CATEGORY_SORTS, DATES, ENTITY_SORTS, ORIENTATIONS, PAGE_DURATIONS, SORTS, type Orientation } from '@/lib/contract/types';
import { LETTERS } from './params';
import { categoriesUrl, categoryUrl, entityIndexUrl, homeUrl, INFORMATION_PAGES, informationUrl, PREFIXED_SEGMENTS, SECTION_BASES, videosUrl } from './routes';

/** The kinds of page that have a placeholder to show while they load (components/navigation/page-skeleton.tsx). */
export type LoadingPage = 'home' | 'listing' | 'categories';

/**
 * What answers a family's URLs: a page (HTML; a URL that names nothing gets the 404 page), the
 * API (JSON; bad input gets a 400 JSON error) or a file (media, the player, sitemaps).
 */
export type FamilyKind = 'page' | 'api' | 'file';

/** A query argument's values: the only ones the site produces (bounded), or null (free text, numbers). */
export type ArgValues = readonly string[] | null;

/** One entry of the proxy's matcher, and what the proxy does with the requests it admits. */
export interface ProxyRule {
  /**
   * redirect: always, to the canonical URL; redirect-or-rewrite: a canonical query to the internal
   * route that caches it, any other to the canonical URL; cache-header: the page answers, the proxy
   * adds the shared caches' lifetime (and redirects a value the page's links never carry).
   */
  does: 'redirect' | 'redirect-or-rewrite' | 'cache-header';
  source: string;
  /** The request enters the proxy only when it carries this query argument. */
  hasQuery?: string;
}

/** What the sitemaps need of the catalogue (lib/seo/sitemap.ts provides it). */
export interface SitemapCatalog {
  /** The categories with videos of the orientation. */
  categories(o: Orientation): Promise<readonly { dir: string }[]>;
}

export type SitemapListing =
  | {
      /** Listed in /sitemaps/{file}.xml, which the index names. */
      file: string;
      changefreq: 'hourly' | 'daily' | 'weekly' | 'monthly';
      priority: string;
      /** Dated by the catalogue's newest video (listings change with it); undated otherwise. */
      lastmod: boolean;
      /** A sectioned family's are asked for each orientation's section; another's for straight only. */
      urls(catalog: SitemapCatalog, o: Orientation): Promise<readonly string[]> | readonly string[];
    }
  /** The numbered video sitemaps (videos-{n}.xml, id ranges of the catalogue), each entry a <video:video>. */
  | { videos: true }
  /**
   * The numbered sitemaps of every model's, channel's or tag's first listing page in each orientation
   * it has listable videos in ({kind}s-{n}.xml, in dir order; a tag's only from MIN_TAG_VIDEOS videos
   * of the orientation on), each dated by that orientation's newest video.
   */
  | { entities: SitemapEntityKind; changefreq: 'daily' | 'weekly'; priority: string };

export type SitemapEntityKind = 'model' | 'channel' | 'tag';

export interface RouteFamily {
  /** Also its name on the edge (nginx.conf) and in the fuzz run. */
  name: string;
  kind: FamilyKind;
  /** URL patterns (./route-pattern.ts). The first family whose pattern matches a path owns it. */
  paths: readonly string[];
  /** The query arguments its answer depends on: all the edge keys it on. */
  query: Readonly<Record<string, ArgValues>>;
  /**
   * The answer holds the whole query (Next writes it into the page), so the edge keys it on the
   * whole query, and stores it only when the query holds no argument but `query`'s.
   */
  wholeQuery?: boolean;
  /** Seconds a shared cache keeps an answer (s-maxage), or null: not shared (or a static file's own). */
  lifetime: number | null;
  sitemap?: SitemapListing;
  loading?: LoadingPage;
  proxy?: readonly ProxyRule[];
  /** The methods it answers, when not GET only. */
  methods?: readonly string[];
  /**
   * The family has a page per orientation section: its paths and proxy rules hold for the
   * straight section as written and for the others under their prefix (/gay/..., /shemale/...:
   * lib/web/routes.ts ORIENTATION_SEGMENTS), and its sitemap lists each section's URLs.
   */
  sectioned?: true;
}

/** The prefixed sections' first segment as a pattern. */
export const SECTION_PATTERN = `/:orientation(${PREFIXED_SEGMENTS.join('|')})`;

/** A sectioned family as the edge, the proxy and the sitemaps see it: every path and rule once per section. */
function expandSections(f: RouteFamily): RouteFamily {
  if (!f.sectioned) return f;
  const sitemap = f.sitemap && 'file' in f.sitemap ? f.sitemap : null;
  return {
    ...f,
    paths: [...f.paths, ...f.paths.map((p) => `${SECTION_PATTERN}${p}`)],
    ...(f.proxy ? { proxy: [...f.proxy, ...f.proxy.map((r) => ({ ...r, source: `${SECTION_PATTERN}${r.source}` }))] } : {}),
    ...(sitemap
      ? { sitemap: { ...sitemap, urls: async (catalog: SitemapCatalog) => (await Promise.all(ORIENTATIONS.map((o) => sitemap.urls(catalog, o)))).flat() } }
      : {}),
  };
}

/** Canonical filter values: what the site's own links carry ('all' is left out of them). */
const DATE_ARGS = DATES.filter((d) => d !== 'all');
const DURATION_ARGS = PAGE_DURATIONS.filter((d) => d !== 'all');

/** The search page's lifetime in shared caches (proxy.ts sets it: the page itself renders per request). */
export const SEARCH_PAGE_LIFETIME = 600;
/** The API's search is kept an hour at most, whatever its params ask (app/api/videos2.php). */
export const API_SEARCH_LIFETIME = 3600;

const listingProxy = (source: string): ProxyRule[] => [
  { does: 'redirect-or-rewrite', source, hasQuery: 'date' },
  { does: 'redirect-or-rewrite', source, hasQuery: 'duration' },
];

/** A model's, channel's or tag's listing: as a category's, under its own path. */
const sectionListing = (kind: SitemapEntityKind, priority: string): RouteFamily => ({
  name: `${kind}-listing`,
  sectioned: true,
  kind: 'page',
  paths: [`/${SECTION_BASES[kind]}/:${kind}/:sort/:page/`],
  query: { date: DATE_ARGS, duration: DURATION_ARGS },
  lifetime: LIFETIME.videos,
  sitemap: { entities: kind, changefreq: 'daily', priority },
  loading: 'listing',
  proxy: listingProxy(`/${SECTION_BASES[kind]}/:${kind}/:sort/:page/`),
});

/** The model and channel indexes: one page, its sort, letter and page in the query (rewritten to internal routes). */
const entityIndex = (kind: 'model' | 'channel'): RouteFamily => ({
  name: `${kind}-index`,
  sectioned: true,
  kind: 'page',
  paths: [entityIndexUrl(kind)],
  query: { sort: ENTITY_SORTS, ...(kind === 'model' ? { letter: LETTERS } : {}), page: null },
  lifetime: LIFETIME.categories,
  sitemap: { file: 'pages', changefreq: 'daily', priority: '0.7', lastmod: true, urls: (_, o) => [entityIndexUrl(kind, {}, o)] },
  loading: 'categories',
  proxy: ['sort', ...(kind === 'model' ? ['letter'] : []), 'page'].map((hasQuery): ProxyRule => ({ does: 'redirect-or-rewrite', source: entityIndexUrl(kind), hasQuery })),
});

/** The index's internal route (routes.ts entityIndexRoute): the proxy's rewrite target. */
const entityIndexRoutes = (kind: 'model' | 'channel'): RouteFamily => ({
  name: `${kind}-index-sorted`,
  sectioned: true,
  kind: 'page',
  paths: [`/${kind}-index/:sort(${ENTITY_SORTS.join('|')})/:letter(${kind === 'model' ? [...LETTERS, 'all'].join('|') : 'all'})/:page/`],
  query: {},
  lifetime: LIFETIME.categories,
});

/** The short and old forms of the listings' URLs (a section's own path, /models/{dir}/ and the like, among them). */
const SHORT_FORMS = [
  '/videos/',
  '/videos/:sort/',
  '/categories/:category/',
  `/${SECTION_BASES.model}/:model/`,
  `/${SECTION_BASES.channel}/:channel/`,
  `/${SECTION_BASES.tag}/:tag/`,
  '/latest-updates/',
  '/top-rated/',
  '/most-popular/',
];

const DECLARED: readonly RouteFamily[] = [
  {
    name: 'home',
    kind: 'page',
    sectioned: true,
    paths: ['/'],
    query: {},
    lifetime: LIFETIME.home,
    sitemap: { file: 'pages', changefreq: 'hourly', priority: '1.0', lastmod: true, urls: (_, o) => [homeUrl(o)] },
    loading: 'home',
  },
  {
    name: 'listing',
    kind: 'page',
    sectioned: true,
    paths: ['/videos/:sort/:page/'],
    query: { date: DATE_ARGS, duration: DURATION_ARGS },
    lifetime: LIFETIME.videos,
    sitemap: { file: 'pages', changefreq: 'daily', priority: '0.8', lastmod: true, urls: (_, o) => SORTS.map((s) => videosUrl(s, 1, {}, o)) },
    loading: 'listing',
    proxy: listingProxy('/videos/:sort/:page/'),
  },
  {
    name: 'category-index',
    kind: 'page',
    sectioned: true,
    paths: ['/categories/'],
    query: { sort: CATEGORY_SORTS },
    lifetime: LIFETIME.categories,
    sitemap: { file: 'pages', changefreq: 'daily', priority: '0.7', lastmod: true, urls: (_, o) => [categoriesUrl('count-videos', o)] },
    loading: 'categories',
    proxy: [{ does: 'redirect-or-rewrite', source: '/categories/', hasQuery: 'sort' }],
  },
  {
    name: 'category-listing',
    kind: 'page',
    sectioned: true,
    paths: ['/categories/:category/:sort/:page/'],
    query: { date: DATE_ARGS, duration: DURATION_ARGS },
    lifetime: LIFETIME.videos,
    sitemap: {
      file: 'pages',
      changefreq: 'daily',
      priority: '0.7',
      lastmod: true,
      urls: async (catalog, o) => (await catalog.categories(o)).map((c) => categoryUrl(c.dir, 'latest-updates', 1, {}, o)),
    },
    loading: 'listing',
    proxy: listingProxy('/categories/:category/:sort/:page/'),
  },
  sectionListing('model', '0.6'),
  sectionListing('channel', '0.6'),
  sectionListing('tag', '0.5'),
  entityIndex('model'),
  entityIndex('channel'),
  {
    // The short and old forms of the listings' URLs: each redirects to its listing.
    name: 'short-forms',
    kind: 'page',
    sectioned: true,
    paths: SHORT_FORMS,
    query: {},
    lifetime: null,
    proxy: SHORT_FORMS.map((source): ProxyRule => ({ does: 'redirect', source })),
  },
  // The old bookmarks path: the visitor's own lists have no section.
  { name: 'favourites', kind: 'page', paths: ['/favourites/'], query: {}, lifetime: null, proxy: [{ does: 'redirect', source: '/favourites/' }] },
  {
    name: 'search',
    kind: 'page',
    sectioned: true,
    paths: ['/search/:page/'],
    query: { s: null, duration: DURATION_ARGS, stopScroll: null },
    wholeQuery: true,
    lifetime: SEARCH_PAGE_LIFETIME,
    loading: 'listing',
    // Per request anyway: the proxy adds the CDN's lifetime and drops a duration the filter does not offer.
    proxy: [{ does: 'cache-header', source: '/search/:page/' }],
  },
  {
    name: 'video',
    kind: 'page',
    paths: ['/video/:video/:dir/'],
    query: {},
    lifetime: LIFETIME.video,
    sitemap: { videos: true },
  },
  {
    name: 'information',
    kind: 'page',
    // The age-assurance page describes the configured policy (app/information/age-assurance/).
    paths: ['/information/', `/information/:slug(${INFORMATION_PAGES.join('|')})/`, '/information/age-assurance/'],
    query: {},
    lifetime: LIFETIME.videos,
    sitemap: {
      file: 'pages',
      changefreq: 'monthly',
      priority: '0.2',
      lastmod: false,
      urls: () => [informationUrl(), ...INFORMATION_PAGES.map((p) => informationUrl(p)), '/information/age-assurance/'],
    },
  },
  // The visitor's own lists, filled in the browser: static pages.
  { name: 'personal', kind: 'page', paths: ['/bookmarks/', '/history/', '/my-data/'], query: {}, lifetime: null },
  // The category index by another sort, the proxy's rewrite target of /categories/?sort=title (or recent).
  { name: 'category-index-sorted', kind: 'page', sectioned: true, paths: [`/category-index/:sort(${CATEGORY_SORTS.join('|')})/`], query: {}, lifetime: LIFETIME.categories },
  entityIndexRoutes('model'),
  entityIndexRoutes('channel'),
  { name: 'not-found', kind: 'page', paths: ['/404/'], query: {}, lifetime: LIFETIME.videos },
  { name: 'media', kind: 'file', paths: ['/media/thumbs/:video/:file', '/media/category/:file'], query: {}, lifetime: null },
  { name: 'embed', kind: 'file', paths: ['/embed/:video/'], query: {}, lifetime: LIFETIME.video },
  { name: 'ad-frame', kind: 'file', paths: ['/ad-frame/:slot/'], query: {}, lifetime: null },
  { name: 'sitemaps', kind: 'file', paths: ['/sitemap.xml', '/sitemaps/:name', '/robots.txt'], query: {}, lifetime: 86400 },
  { name: 'api-videos', kind: 'api', paths: ['/api/json/videos2/:lifetime/:gender/:sort/:count/:file'], query: {}, lifetime: LIFETIME.videos },
  { name: 'api-search', kind: 'api', paths: ['/api/videos2.php'], query: { params: null, s: null }, lifetime: API_SEARCH_LIFETIME },
  { name: 'api-video', kind: 'api', paths: ['/api/json/video/:lifetime/:million/:thousand/:file'], query: {}, lifetime: LIFETIME.video },
  {
    name: 'api-related',
    kind: 'api',
    paths: ['/api/json/videos_related2/:lifetime/:count/:million/:thousand/:file'],
    query: {},
    lifetime: LIFETIME.related,
  },
  { name: 'api-main', kind: 'api', paths: ['/api/json/main/:lifetime/:file', '/api/jsond/main/:lifetime/:file'], query: {}, lifetime: LIFETIME.main },
  { name: 'api-categories', kind: 'api', paths: ['/api/json/categories/:lifetime/:file'], query: {}, lifetime: LIFETIME.categories },
  // The model and channel indexes (lib/kvs/entity-params.ts), kept as long as the categories.
  { name: 'api-models', kind: 'api', paths: ['/api/json/models/:lifetime/:gender/:filt/:sort/:count/:file'], query: {}, lifetime: LIFETIME.categories },
  { name: 'api-channels', kind: 'api', paths: ['/api/json/channels/:lifetime/:gender/:sort/:count/:file'], query: {}, lifetime: LIFETIME.categories },
  // The double slash is the spec's (Next sends it on to the single-slash path, which answers).
  {
    name: 'api-suggester',
    kind: 'api',
    paths: ['/api//json/suggester/:lifetime/:file', '/api/json/suggester/:lifetime/:file'],
    query: {},
    lifetime: LIFETIME.suggester,
  },
  { name: 'api-suggest', kind: 'api', paths: ['/api/suggester.php'], query: { c: null }, lifetime: LIFETIME.suggester },
  { name: 'api-videofile', kind: 'api', paths: ['/api/videofile.php'], query: { video_id: null, lifetime: null }, lifetime: LIFETIME.videofile },
  // Views and votes, the visitor's country, the load balancer's probe: never shared.
  { name: 'api-input', kind: 'api', paths: ['/api/input.php'], query: {}, lifetime: null, methods: ['POST'] },
  { name: 'api-country', kind: 'api', paths: ['/api/country/'], query: {}, lifetime: null },
  { name: 'api-health', kind: 'api', paths: ['/api/health/'], query: {}, lifetime: null },
  // The age check (docs/age-assurance.md): per visitor, never shared, answered only where AGE_PROVIDER is set.
  // Plain pages of route handlers, not Next's: 'file', so a 404 there is theirs, not the site's 404 page.
  { name: 'age-verify', kind: 'file', paths: ['/age/verify/'], query: { return: null }, lifetime: null },
  // A provider's answer: whatever its protocol sends back, in the query or a form post. Never stored
  // anywhere (private, no-store), so no argument of it belongs in a cache key.
  { name: 'age-return', kind: 'file', paths: ['/age/return/'], query: {}, lifetime: null, methods: ['POST', 'GET'] },
  { name: 'age-test-provider', kind: 'file', paths: ['/age/test-provider/'], query: { nonce: null }, lifetime: null, methods: ['GET', 'POST'] },
  // The before-paint script (components/app-shell/before-paint.ts), named by a hash of its text.
  { name: 'before-paint', kind: 'file', paths: ['/before-paint/:file'], query: {}, lifetime: null },
  // Next's own files (content-hashed names) and the icon its pages link with a ?<hash>: no query read.
  { name: 'next-assets', kind: 'file', paths: ['/_next/static/:path*', '/icon.svg'], query: {}, lifetime: null },
];

export const ROUTE_FAMILIES: readonly RouteFamily[] = DECLARED.map(expandSections);

/**
 * Matchers that are no family's: a path holding a '%' (checked for broken escapes; the site's own
 * paths never hold one) and the flight-payload suffix '.rsc' (answered as the plain page).
 */
export const PROXY_PATH_MATCHERS = ['/(.*%.*)', '/(.*\\.rsc)'] as const;

/**
 * Requests server.mjs marks for the age policy's check of the visitor's region (lib/server/age-check-mark.mjs:
 * only while AGE_POLICY blocks or verifies a region; otherwise no request carries the mark).
 */
/** The mark's header: lib/server/age-check-mark.mjs (plain JavaScript server.mjs loads as it is) spells it too, a unit test keeps them equal. */
export const AGE_CHECK_HEADER = 'x-tubefront-age-check';
export const PROXY_AGE_CHECK_MATCHER = { source: '/:path*', has: [{ type: 'header', key: AGE_CHECK_HEADER }] } as const;

export type ProxyMatcher = string | { source: string; has: readonly { type: 'query' | 'header'; key: string }[] };

/** The proxy's matcher as the table has it: what proxy.ts's literal `config.matcher` must be. */
export function proxyMatchers(families: readonly RouteFamily[] = ROUTE_FAMILIES): ProxyMatcher[] {
  const rules = families.flatMap((f) => f.proxy ?? []);
  return [
    ...rules.map((r): ProxyMatcher => (r.hasQuery ? { source: r.source, has: [{ type: 'query', key: r.hasQuery }] } : r.source)),
    ...PROXY_PATH_MATCHERS,
    PROXY_AGE_CHECK_MATCHER,
  ];
}
