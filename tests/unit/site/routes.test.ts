/**
 * lib/web/routes.ts, the one module that builds and parses the site's page URLs: what a builder
 * writes, the parser (or the proxy's decision plus the page's parser) reads back as the same
 * page; what no builder writes is rejected.
 */
import fc from 'fast-check';
import {
  categoriesUrl,
  categoryUrl,
  filteredListingRoute,
  filterQuery,
  entityIndexRoute,
  entityIndexUrl,
  homeUrl,
  parseOrientationSegment,
  splitSection,
  parseCategoryDir,
  parseEntityIndex,
  sectionUrl,
  SECTION_KINDS,
  parseListing,
  routeDecision,
  searchUrl,
  videosUrl,
  videoUrl,
  type ListingParams,
} from '@/lib/web/routes';
import { loadingPageOf } from '@/lib/web/loading-page';
import { parseTerm, parseVideoId } from '@/lib/web/params';
import { LETTERS } from '@/lib/web/params';
import { ALL_SORTS, DATES, DURATIONS, ENTITY_SORTS, ORIENTATIONS, PAGE_DURATIONS, SORTS, sortHasDate } from '@/lib/contract/types';

const BASE = 'http://site.test';

/** The page a listing URL shows, as next start would: the proxy's rewrite (if any), then the page's parser. */
function readListing(href: string): ListingParams | null {
  const url = new URL(href, BASE);
  const d = routeDecision(url);
  if (d && 'redirect' in d) return null; // not a canonical URL
  const path = d && 'rewrite' in d ? d.rewrite : url.pathname;
  const m = /^(?:\/(gay|shemale))?\/(?:videos|(?:categories|models|channel|tags)\/[^/]+)\/([^/]+)\/([^/]+)\/(?:f\/([^/]+)\/([^/]+)\/)?$/.exec(path);
  if (!m) return null;
  return parseListing({ sort: m[2]!, page: m[3]!, ...(m[1] ? { orientation: m[1] } : {}) }, m[4] !== undefined ? { date: m[4], duration: m[5]! } : undefined);
}

const listing = fc.record({
  sort: fc.constantFrom(...SORTS),
  page: fc.integer({ min: 1, max: 10_000 }),
  date: fc.constantFrom(...DATES),
  duration: fc.constantFrom(...PAGE_DURATIONS),
  o: fc.constantFrom(...ORIENTATIONS),
});
const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,30}$/);

describe('routes: parse ∘ build', () => {
  it('a videos listing reads back as the page it names (the date only where the sort has it)', () => {
    fc.assert(
      fc.property(listing, (p) => {
        const expected = { ...p, date: sortHasDate(p.sort) ? p.date : 'all' };
        expect(readListing(videosUrl(p.sort, p.page, p, p.o))).toEqual(expected);
      }),
    );
  });

  it('a category listing reads back as its dir and page', () => {
    fc.assert(
      fc.property(listing, slug, (p, dir) => {
        const href = categoryUrl(dir, p.sort, p.page, p, p.o);
        expect(parseCategoryDir(decodeURIComponent(href.split('/')[p.o === 'str' ? 2 : 3]!))).toBe(dir);
        expect(readListing(href)).toEqual({ ...p, date: sortHasDate(p.sort) ? p.date : 'all' });
      }),
    );
  });

  it('a video URL reads back as its id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4_294_967_295 }), slug, (id, dir) => {
        const m = /^\/video\/([^/]+)\/([^/]+)\/$/.exec(videoUrl({ id, dir }))!;
        expect(parseVideoId(m[1])).toBe(id);
        expect(decodeURIComponent(m[2]!)).toBe(dir);
      }),
    );
  });

  it('a search URL reads back as its term, page and duration', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3, maxLength: 40 }), fc.integer({ min: 1, max: 500 }), fc.constantFrom(...PAGE_DURATIONS), (raw, page, duration) => {
        const term = parseTerm(raw);
        fc.pre(term !== null);
        const url = new URL(searchUrl(term!, page, { duration }), BASE);
        expect(routeDecision(url)).toBeNull();
        expect(url.pathname).toBe(`/search/${page}/`);
        expect(parseTerm(url.searchParams.get('s'))).toBe(term);
        expect(url.searchParams.get('duration')).toBe(duration === 'all' ? null : duration);
      }),
    );
  });

  it('the proxy rewrites a filtered listing to the internal route and never redirects a built URL', () => {
    expect(routeDecision(new URL(videosUrl('top-rated', 2, { date: 'week', duration: '1' }), BASE))).toEqual({
      rewrite: filteredListingRoute('/videos/top-rated/2/', 'week', '1'),
    });
    expect(routeDecision(new URL(videosUrl('latest-updates', 3), BASE))).toBeNull();
  });
});

describe('routes: models, channels, tags', () => {
  it("a model's, channel's or tag's listing reads back as its kind's page, filters included", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SECTION_KINDS), listing, slug, (kind, p, dir) => {
        const href = sectionUrl(kind, dir, p.sort, p.page, p, p.o);
        const prefix = { str: '', gay: '/gay', she: '/shemale' }[p.o];
        expect(href.startsWith(`${prefix}/${{ category: 'categories', model: 'models', channel: 'channel', tag: 'tags' }[kind]}/${dir}/`)).toBe(true);
        expect(readListing(href)).toEqual({ ...p, date: sortHasDate(p.sort) ? p.date : 'all' });
      }),
    );
  });

  it("a section's own path (/models/{dir}/, the network's /channel/{dir}/) redirects to its first page", () => {
    const r = (path: string) => routeDecision(new URL(path, BASE));
    expect(r('/models/jane-example/')).toEqual({ redirect: '/models/jane-example/latest-updates/1/', status: 308, keepQuery: true });
    expect(r('/channel/studio-one/')).toEqual({ redirect: '/channel/studio-one/latest-updates/1/', status: 308, keepQuery: true });
    expect(r('/tags/garden/')).toEqual({ redirect: '/tags/garden/latest-updates/1/', status: 308, keepQuery: true });
    expect(r('/tags/a%20b/')).toBeNull();
  });

  it('an index URL is rewritten to its internal page: one spelling per sort, letter and page', () => {
    fc.assert(
      fc.property(fc.constantFrom('model' as const, 'channel' as const), fc.constantFrom(...ENTITY_SORTS), fc.constantFrom('', ...LETTERS), fc.integer({ min: 1, max: 10_000 }), (kind, sort, letter, page) => {
        const href = entityIndexUrl(kind, { sort, letter, page });
        const d = routeDecision(new URL(href, BASE));
        const shown = { sort, letter: kind === 'model' ? letter : '', page };
        if (href === entityIndexUrl(kind)) expect(d).toBeNull();
        else expect(d).toEqual({ rewrite: entityIndexRoute(kind, shown) });
        const m = /^\/(model|channel)-index\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(entityIndexRoute(kind, shown))!;
        expect(parseEntityIndex(kind, { sort: m[2]!, letter: m[3]!, page: m[4]! })).toEqual(shown);
      }),
    );
  });

  it('any other index query is redirected to its canonical spelling, campaigns kept; bad values dropped', () => {
    const r = (path: string) => routeDecision(new URL(path, BASE));
    expect(r('/models/?page=2&sort=title')).toEqual({ redirect: '/models/?sort=title&page=2', status: 308 });
    expect(r('/models/?sort=count-videos&letter=b')).toEqual({ redirect: '/models/?letter=b', status: 308 });
    expect(r('/models/?letter=%C3%A9&utm=x')).toEqual({ redirect: '/models/?utm=x', status: 308 });
    expect(r('/models/?letter=b&utm=x')).toEqual({ rewrite: '/model-index/count-videos/b/1/' });
    expect(r('/channels/?letter=b')).toEqual({ redirect: '/channels/', status: 308 });
    expect(r('/channels/?page=1')).toEqual({ redirect: '/channels/', status: 308 });
    expect(r('/channels/?sort=newest&page=3')).toEqual({ rewrite: '/channel-index/newest/all/3/' });
    expect(r('/channels/?utm=x')).toBeNull();
    expect(parseEntityIndex('channel', { sort: 'title', letter: 'b', page: '1' })).toBeNull();
    expect(parseEntityIndex('model', { sort: 'views', letter: 'all', page: '1' })).toBeNull();
    expect(parseEntityIndex('model', { sort: 'title', letter: 'ab', page: '1' })).toBeNull();
  });

  it("the category index's sorts: recent and title rewritten, the default and anything else without ?sort", () => {
    const r = (path: string) => routeDecision(new URL(path, BASE));
    expect(categoriesUrl('recent')).toBe('/categories/?sort=recent');
    expect(r(categoriesUrl('recent'))).toEqual({ rewrite: '/category-index/recent/' });
    expect(r(categoriesUrl('title'))).toEqual({ rewrite: '/category-index/title/' });
    expect(r('/categories/?sort=count-videos&x=1')).toEqual({ redirect: '/categories/?x=1', status: 308 });
    expect(r('/categories/?sort=nope')).toEqual({ redirect: '/categories/', status: 308 });
  });
});

describe('routes: orientation sections', () => {
  const r = (path: string) => routeDecision(new URL(path, BASE));

  it("straight is unprefixed; the others' pages are the same pages under their own prefix", () => {
    expect(homeUrl()).toBe('/');
    expect(homeUrl('gay')).toBe('/gay/');
    expect(videosUrl('top-rated', 2, {}, 'she')).toBe('/shemale/videos/top-rated/2/');
    expect(categoriesUrl('title', 'gay')).toBe('/gay/categories/?sort=title');
    expect(entityIndexUrl('model', { letter: 'b' }, 'she')).toBe('/shemale/models/?letter=b');
    expect(searchUrl('lake walk', 2, {}, 'gay')).toBe('/gay/search/2/?s=lake+walk');
    expect(splitSection('/gay/videos/x/')).toEqual({ o: 'gay', rest: '/videos/x/' });
    expect(splitSection('/shemale/')).toEqual({ o: 'she', rest: '/' });
    expect(splitSection('/she/videos/x/')).toEqual({ o: 'str', rest: '/she/videos/x/' });
    expect(parseOrientationSegment('gay')).toBe('gay');
    expect(parseOrientationSegment('str')).toBeNull();
  });

  it("a prefixed section's redirects and rewrites keep its prefix", () => {
    expect(r('/gay/videos/top-rated/1/?date=week')).toEqual({ rewrite: '/gay/videos/top-rated/1/f/week/all/' });
    expect(r('/gay/videos/longest/1/?date=week&utm=x')).toEqual({ redirect: '/gay/videos/longest/1/?utm=x', status: 308 });
    expect(r('/shemale/models/ann/')).toEqual({ redirect: '/shemale/models/ann/latest-updates/1/', status: 308, keepQuery: true });
    expect(r('/shemale/categories/?sort=recent')).toEqual({ rewrite: '/shemale/category-index/recent/' });
    expect(r('/gay/models/?sort=title&page=2')).toEqual({ rewrite: '/gay/model-index/title/all/2/' });
    expect(r('/gay/channels/?page=1')).toEqual({ redirect: '/gay/channels/', status: 308 });
    expect(r('/gay/latest-updates/')).toEqual({ redirect: '/gay/videos/latest-updates/1/', status: 308, keepQuery: true });
    expect(r('/gay/search/1/?s=lake&duration=3')).toEqual({ redirect: '/gay/search/1/?s=lake', status: 308 });
    // The visitor's own lists have no section.
    expect(r('/gay/favourites/')).toBeNull();
    expect(r('/gay/video/1/x/')).toBeNull();
  });
});

describe('routes: rejects', () => {
  it('no sort, page or filter outside the whitelists', () => {
    expect(parseListing({ sort: 'newest', page: '1' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '0' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '01' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'year', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'all', duration: '4' })).toBeNull();
  });

  it('the internal filter route only for a real filter, and a date only on a sort that has it', () => {
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'all', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'latest-updates', page: '1' }, { date: 'week', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'most-popular', page: '1' }, { date: 'week', duration: 'all' })).toEqual({ sort: 'most-popular', page: 1, date: 'week', duration: 'all', o: 'str' });
  });

  it('a date on a sort without one is dropped with a redirect, and never built', () => {
    expect(filterQuery('longest', { date: 'day', duration: '2' })).toBe('?duration=2');
    expect(routeDecision(new URL('/videos/longest/1/?date=day&utm_source=x', BASE))).toEqual({ redirect: '/videos/longest/1/?utm_source=x', status: 308 });
  });

  it('most viewed and most commented are listings of their own; a duration the filter does not offer is dropped', () => {
    expect(parseListing({ sort: 'most-viewed', page: '1' })).toEqual({ sort: 'most-viewed', page: 1, date: 'all', duration: 'all', o: 'str' });
    expect(parseListing({ sort: 'most-commented', page: '2' })).toEqual({ sort: 'most-commented', page: 2, date: 'all', duration: 'all', o: 'str' });
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'all', duration: '3' })).toBeNull();
    const r = (path: string) => routeDecision(new URL(path, BASE));
    expect(r('/videos/most-viewed/')).toEqual({ redirect: '/videos/most-viewed/1/', status: 308, keepQuery: true });
    expect(r('/videos/most-viewed/1/')).toBeNull();
    expect(r('/videos/most-commented/3/?duration=3&camp=x')).toEqual({ redirect: '/videos/most-commented/3/?camp=x', status: 308 });
    // Neither takes a date (all-time orders).
    expect(r('/videos/most-viewed/1/?date=week')).toEqual({ redirect: '/videos/most-viewed/1/', status: 308 });
    expect(r('/categories/nature/most-viewed/2/?duration=1')).toEqual({ rewrite: '/categories/nature/most-viewed/2/f/all/1/' });
    expect(r('/videos/top-rated/1/?duration=3')).toEqual({ redirect: '/videos/top-rated/1/', status: 308 });
    expect(r('/categories/nature/longest/1/?duration=3&date=week')).toEqual({ redirect: '/categories/nature/longest/1/', status: 308 });
    expect(r('/search/2/?s=walk&duration=3')).toEqual({ redirect: '/search/2/?s=walk', status: 308 });
    expect(r('/search/1/?s=walk&duration=all&camp=x')).toEqual({ redirect: '/search/1/?s=walk&camp=x', status: 308 });
    expect(r('/search/1/?s=walk&duration=2')).toBeNull();
  });

  it('every listing URL of any sort and duration lands, in one redirect at most, on a page the filter offers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_SORTS), fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(...DATES), fc.constantFrom(...DURATIONS), (sort, page, date, duration) => {
        const href = `/videos/${sort}/${page}/?date=${date}&duration=${duration}`;
        const d = routeDecision(new URL(href, BASE));
        const target = d && 'redirect' in d ? d.redirect : href;
        expect(readListing(target)).toEqual({
          o: 'str',
          sort,
          page,
          date: sortHasDate(sort) ? date : 'all',
          duration: duration === '3' ? 'all' : duration,
        });
      }),
    );
  });

  it('tells the pages that have a placeholder while they load', () => {
    expect(loadingPageOf('/')).toBe('home');
    expect(loadingPageOf(categoriesUrl('title'))).toBe('categories');
    expect(loadingPageOf(videosUrl('top-rated', 2, { date: 'week' }))).toBe('listing');
    expect(loadingPageOf(categoryUrl('nature', 'longest', 3))).toBe('listing');
    expect(loadingPageOf(searchUrl('old town', 2))).toBe('listing');
    for (const other of [videoUrl({ id: 1, dir: 'a' }), '/history/', '/bookmarks/', '/information/dmca/', '/videos/top-rated/']) expect(loadingPageOf(other)).toBeNull();
  });

  it('category dirs are slugs', () => {
    expect(parseCategoryDir('../etc')).toBeNull();
    expect(parseCategoryDir('')).toBeNull();
    expect(parseCategoryDir('a b')).toBeNull();
  });
});
