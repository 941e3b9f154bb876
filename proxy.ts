/**
 * Redirects, filter-query rewrites and the country cookie of the age gate. Kept off the hot path:
 * the matcher lists only the paths that redirect, listing requests that carry a filter query, and
 * page requests without the country cookie, so a returning visitor's plain page request never
 * enters it (a catch-all proxy halves the rate of cached pages served).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { COUNTRY_COOKIE, detectCountry } from '@/lib/geo/country';
import { setCountryCookie } from '@/lib/geo/country-cookie';
import { isMalformedPath, MALFORMED_PATH_TARGET } from '@/lib/malformed-path';
import { parseCategorySort, parseDate, parseDurationFilter, parsePage, parseSlug, parseSort } from '@/lib/params';
import { sortHasDate } from '@/lib/types';

const SORT_REDIRECTS: Record<string, string> = {
  '/latest-updates/': '/videos/latest-updates/1/',
  '/top-rated/': '/videos/top-rated/1/',
  '/most-popular/': '/videos/most-popular/1/',
  '/videos/': '/videos/latest-updates/1/',
  '/favourites/': '/bookmarks/',
};

/** keepQuery: a path-only redirect that carries the visitor's query (campaign parameters) along. */
type Decision = { redirect: string; status: 308; keepQuery?: boolean } | { rewrite: string } | null;

/** The query without the filter keys (campaign and other parameters survive a redirect). */
function otherParams(url: URL): URLSearchParams {
  const q = new URLSearchParams(url.search);
  q.delete('date');
  q.delete('duration');
  return q;
}

/**
 * ?date=&duration= on a listing: whitelisted, then rewritten to the internal filter route
 * ({base}f/{date}/{duration}/), so that each combination is its own cached page. Invalid or
 * inapplicable values are dropped with a redirect, so only canonical URLs reach the cache.
 */
function filterDecision(url: URL, base: string, sortParam: string): Decision {
  const sort = parseSort(sortParam);
  if (!sort) return null; // the page answers 404
  const rawDate = url.searchParams.get('date');
  const rawDuration = url.searchParams.get('duration');
  let date = parseDate(rawDate) ?? 'all';
  const duration = parseDurationFilter(rawDuration) ?? 'all';
  if (!sortHasDate(sort)) date = 'all';
  const canonical = new URLSearchParams();
  if (date !== 'all') canonical.set('date', date);
  if (duration !== 'all') canonical.set('duration', duration);
  const given = new URLSearchParams();
  if (rawDate !== null) given.set('date', rawDate);
  if (rawDuration !== null) given.set('duration', rawDuration);
  if (canonical.toString() !== given.toString()) {
    const q = otherParams(url);
    canonical.forEach((v, k) => q.set(k, v));
    const s = q.toString();
    return { redirect: `${base}${s ? `?${s}` : ''}`, status: 308 };
  }
  if (date === 'all' && duration === 'all') return null;
  return { rewrite: `${base}f/${date}/${duration}/` };
}

export function decide(url: URL): Decision {
  const path = url.pathname;
  const fixed = SORT_REDIRECTS[path];
  if (fixed) return { redirect: fixed, status: 308, keepQuery: true };

  let m = /^\/videos\/([^/]+)\/$/.exec(path);
  if (m?.[1]) return parseSort(m[1]) ? { redirect: `/videos/${m[1]}/1/`, status: 308, keepQuery: true } : null;

  m = /^\/videos\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (m?.[1] && m[2]) return parsePage(m[2]) ? filterDecision(url, path, m[1]) : null;

  m = /^\/categories\/([^/]+)\/$/.exec(path);
  if (m?.[1]) return parseSlug(m[1]) ? { redirect: `/categories/${m[1]}/latest-updates/1/`, status: 308, keepQuery: true } : null;

  m = /^\/categories\/([^/]+)\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (m?.[1] && m[2] && m[3]) return parseSlug(m[1]) && parsePage(m[3]) ? filterDecision(url, path, m[2]) : null;

  if (path === '/categories/' && url.searchParams.has('sort')) {
    const sort = parseCategorySort(url.searchParams.get('sort'));
    if (sort === 'title') return { rewrite: '/category-index/title/' };
    const q = new URLSearchParams(url.search);
    q.delete('sort');
    const s = q.toString();
    return { redirect: `/categories/${s ? `?${s}` : ''}`, status: 308 };
  }
  return null;
}

/**
 * A path with a broken percent-escape, answered before Next's router throws on it (a bare 500):
 * the API's 400 JSON error under /api/, the 404 page (through a rewrite to a path no route
 * matches) everywhere else.
 */
function malformedPathResponse(url: NextRequest['nextUrl']): NextResponse | null {
  if (!isMalformedPath(url.pathname)) return null;
  if (url.pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: 1, code: 'bad_request', message: 'the path holds a malformed percent-escape' },
      { status: 400, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } },
    );
  }
  const target = url.clone();
  target.pathname = MALFORMED_PATH_TARGET;
  target.search = '';
  return NextResponse.rewrite(target);
}

/**
 * `/videos.rsc`, `/videos/latest-updates/1.rsc`, `/index.rsc`: Next's flight-payload suffix. Next
 * strips it before the proxy runs (`/videos.rsc` arrives as `/videos`), and `next start` then found
 * no route for it: 404 where the plain URL redirects or answers 200. With trailingSlash on, no other
 * page path reaches the proxy without its final slash, so such a path is taken as its plain page:
 * the same redirects, status and country cookie. The matcher admits only paths ending in '.rsc'.
 */
function plainOfRscSuffix(url: NextRequest['nextUrl']): NextRequest['nextUrl'] | null {
  const path = url.pathname;
  if (path.endsWith('/') || /\.[^/]*$/.test(path) || /^\/(?:_next|api|media|embed)\//.test(path)) return null;
  const plain = url.clone();
  plain.pathname = path === '/index' ? '/' : `${path}/`;
  return plain;
}

export function proxy(request: NextRequest) {
  const plainUrl = plainOfRscSuffix(request.nextUrl);
  const url = plainUrl ?? request.nextUrl;
  const malformed = malformedPathResponse(url);
  if (malformed?.status === 400) return malformed;
  const d = malformed ? null : decide(url);
  let response: NextResponse;
  if (malformed) {
    response = malformed;
  } else if (d && 'redirect' in d) {
    const target = new URL(d.redirect, url);
    if (d.keepQuery) target.search = url.search;
    response = NextResponse.redirect(target, d.status);
  } else if (d && 'rewrite' in d) {
    const target = url.clone();
    target.pathname = d.rewrite;
    response = NextResponse.rewrite(target);
  } else {
    response = plainUrl ? NextResponse.rewrite(plainUrl) : NextResponse.next();
  }
  if (url.pathname.startsWith('/search/') && !malformed) {
    // Search renders per request (unbounded terms); a CDN may still keep it for a while.
    response.headers.set('Cache-Control', 'public, s-maxage=600, stale-while-revalidate=3600');
  }
  if (!request.cookies.has(COUNTRY_COOKIE)) {
    // Also marks the response private: Next keeps a Cache-Control set here instead of the page's s-maxage.
    setCountryCookie(response, detectCountry(request));
  }
  return response;
}

export const config = {
  matcher: [
    // Redirecting paths.
    '/videos/',
    '/videos/:sort/',
    '/categories/:id/',
    '/latest-updates/',
    '/top-rated/',
    '/most-popular/',
    '/favourites/',
    // Listings with a filter query, and the category index with a sort.
    { source: '/videos/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/videos/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/categories/:id/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/categories/:id/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/categories/', has: [{ type: 'query', key: 'sort' }] },
    // Search pages: per request anyway; the proxy adds the CDN cache header.
    '/search/:page/',
    // Paths with a percent-escape, checked for broken ones (plain paths never hold a '%').
    '/(.*%.*)',
    // The flight-payload suffix, answered as the plain page.
    '/(.*\\.rsc)',
    // Page requests of a visitor without the country cookie (the age gate needs it).
    {
      source: '/((?!_next/|api/|media/|embed/|demo/|favicon|robots\\.txt|sitemap).*)',
      missing: [{ type: 'cookie', key: 'tf_country' }],
    },
  ],
};
