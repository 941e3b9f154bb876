/**
 * Redirects and filter-query rewrites. Kept off the hot path: the matcher lists only the paths
 * that redirect, listing requests that carry a filter query, search pages and odd paths, so a
 * plain page request never enters it (a catch-all proxy halves the rate of cached pages served).
 *
 * It sets no cookie: every page answer is the same bytes for every visitor, first visits and
 * crawlers included, so shared caches store it. The age gate's country cookie comes from the
 * edge on delivery or from /api/country/ (components/agegate/gate.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isMalformedPath, MALFORMED_PATH_TARGET } from '@/lib/web/malformed-path';
import { routeDecision, splitSection } from '@/lib/web/routes';
import { familyFinder } from '@/lib/web/loading-page';
import { ROUTE_FAMILIES } from '@/lib/web/route-families';
import { ageCheck } from '@/lib/age/proxy-check';

/** The redirects and filter rewrites of page URLs: the route module's (lib/web/routes.ts). */
export const decide = routeDecision;

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
 * the same redirects and status. The matcher admits only paths ending in '.rsc'.
 */
function plainOfRscSuffix(url: NextRequest['nextUrl']): NextRequest['nextUrl'] | null {
  const path = url.pathname;
  if (path.endsWith('/') || /\.[^/]*$/.test(path) || /^\/(?:_next|api|media|embed)\//.test(path)) return null;
  const plain = url.clone();
  plain.pathname = path === '/index' ? '/' : `${path}/`;
  // A path no family owns is the 404 page, as its plain request is (an unknown first segment would
  // otherwise be taken for an orientation section, which Next answers with a redirect here).
  if (!ownerOf(plain.pathname)) plain.pathname = MALFORMED_PATH_TARGET;
  return plain;
}

const ownerOf = familyFinder(ROUTE_FAMILIES);

export function proxy(request: NextRequest) {
  const refused = ageCheck(request);
  if (refused) return refused;
  const plainUrl = plainOfRscSuffix(request.nextUrl);
  const url = plainUrl ?? request.nextUrl;
  const malformed = malformedPathResponse(url);
  if (malformed?.status === 400) return malformed;
  const d = malformed ? null : routeDecision(url);
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
  if (splitSection(url.pathname).rest.startsWith('/search/') && !malformed && !(d && 'redirect' in d) && request.headers.get('rsc') !== '1') {
    // Search renders per request (unbounded terms); a CDN may still keep it for a while. Not a
    // client navigation's flight data: that is rendered against the visitor's router state
    // (Next-Router-State-Tree), which shared caches leave out of their key (any value can be sent,
    // deploy/nginx/nginx.conf), so it stays Next's private answer.
    response.headers.set('Cache-Control', 'public, s-maxage=600, stale-while-revalidate=3600');
  }
  return response;
}

/**
 * The route families' table (lib/web/route-families.ts) decides which requests enter the proxy:
 * Next wants the matcher as a literal here, so it is the table's `proxyMatchers()` written out, in
 * its order, and a unit test (tests/unit/web/proxy-matcher.test.ts) fails while the two differ.
 */
export const config = {
  matcher: [
    // Listings with a filter query (whitelisted and rewritten, or redirected), in every orientation
    // section; the category, model and channel indexes with a sort, letter or page (rewritten to
    // their internal pages).
    { source: '/videos/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/videos/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/:orientation(gay|shemale)/videos/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/:orientation(gay|shemale)/videos/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/categories/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/:orientation(gay|shemale)/categories/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/categories/:category/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/categories/:category/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/:orientation(gay|shemale)/categories/:category/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/:orientation(gay|shemale)/categories/:category/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/models/:model/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/models/:model/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/:orientation(gay|shemale)/models/:model/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/:orientation(gay|shemale)/models/:model/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/channel/:channel/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/channel/:channel/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/:orientation(gay|shemale)/channel/:channel/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/:orientation(gay|shemale)/channel/:channel/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/tags/:tag/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/tags/:tag/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/:orientation(gay|shemale)/tags/:tag/:sort/:page/', has: [{ type: 'query', key: 'date' }] },
    { source: '/:orientation(gay|shemale)/tags/:tag/:sort/:page/', has: [{ type: 'query', key: 'duration' }] },
    { source: '/models/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/models/', has: [{ type: 'query', key: 'letter' }] },
    { source: '/models/', has: [{ type: 'query', key: 'page' }] },
    { source: '/:orientation(gay|shemale)/models/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/:orientation(gay|shemale)/models/', has: [{ type: 'query', key: 'letter' }] },
    { source: '/:orientation(gay|shemale)/models/', has: [{ type: 'query', key: 'page' }] },
    { source: '/channels/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/channels/', has: [{ type: 'query', key: 'page' }] },
    { source: '/:orientation(gay|shemale)/channels/', has: [{ type: 'query', key: 'sort' }] },
    { source: '/:orientation(gay|shemale)/channels/', has: [{ type: 'query', key: 'page' }] },
    // The short forms, redirected (a model's, channel's or tag's own path among them).
    '/videos/',
    '/videos/:sort/',
    '/categories/:category/',
    '/models/:model/',
    '/channel/:channel/',
    '/tags/:tag/',
    '/latest-updates/',
    '/top-rated/',
    '/most-popular/',
    '/:orientation(gay|shemale)/videos/',
    '/:orientation(gay|shemale)/videos/:sort/',
    '/:orientation(gay|shemale)/categories/:category/',
    '/:orientation(gay|shemale)/models/:model/',
    '/:orientation(gay|shemale)/channel/:channel/',
    '/:orientation(gay|shemale)/tags/:tag/',
    '/:orientation(gay|shemale)/latest-updates/',
    '/:orientation(gay|shemale)/top-rated/',
    '/:orientation(gay|shemale)/most-popular/',
    // The old bookmarks path (the visitor's own lists have no section).
    '/favourites/',
    // Search pages: per request anyway; the proxy adds the CDN cache header and drops a duration
    // the filter does not offer.
    '/search/:page/',
    '/:orientation(gay|shemale)/search/:page/',
    // Paths with a percent-escape, checked for broken ones (plain paths never hold a '%').
    '/(.*%.*)',
    // The flight-payload suffix, answered as the plain page.
    '/(.*\\.rsc)',
    // Any request the site's server marked for the age check: only what AGE_POLICY can refuse
    // (lib/server/age-check-mark.mjs), so without a blocked region no page comes here.
    { source: '/:path*', has: [{ type: 'header', key: 'x-tubefront-age-check' }] },
  ],
};
