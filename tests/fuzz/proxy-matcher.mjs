/**
 * The proxy stays off the hot path: with the build's own matchers (functions-config-manifest.json)
 * and Next's own matching code, a plain page request must not enter the proxy, a returning
 * visitor's or a first visit's (no cookie at all: a crawler, a visitor from a search engine),
 * while a path holding a '%' or ending in '.rsc' must (that is where broken escapes and the
 * flight-payload suffix are handled), and so must the listings of the sorts no menu offers (they redirect).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { getMiddlewareRouteMatcher } = require('next/dist/shared/lib/router/utils/middleware-route-matcher');

/** Paths that must stay off the proxy, for a returning visitor and a first visit alike. */
export const PLAIN = ['/', '/gay/', '/videos/latest-updates/1/', '/videos/top-rated/37/', '/videos/most-viewed/1/', '/shemale/videos/most-commented/2/', '/models/', '/models/ann/latest-updates/1/', '/gay/tags/lake/top-rated/3/', '/categories/travel/latest-updates/2/', '/categories/', '/video/4200/serene-waterfall-walk/', '/information/dmca/', '/bookmarks/', '/api/json/video/86400/0/4000/4200.json', '/media/thumbs/4200/1.svg', '/embed/4200/', '/_next/static/chunks/app.js'];
/** Paths that must enter the proxy: '%', '.rsc' and the short forms that redirect. */
export const ENTERING = ['/models/ann/', '/channel/studio-one/', '/gay/categories/travel/', '/shemale/latest-updates/', '/videos/%ZZ/1/', '/video/4200/%FF/', '/api/json/video/%FF/0/4000/4200.json', '/media/thumbs/abc/%ZZ.svg', '/videos.rsc', '/videos/latest-updates/1.rsc', '/index.rsc'];

/**
 * What the matcher reads of a request (for the `has` and `missing` conditions of the proxy's
 * matchers): the fixtures below carry only that, not a whole BaseNextRequest.
 * @typedef {{ headers: import('node:http').IncomingHttpHeaders; cookies: Partial<Record<string, string>> }} MatchedRequest
 */

/** @type {MatchedRequest} */
export const RETURNING_VISITOR = { headers: { cookie: 'tf_country=DE' }, cookies: { tf_country: 'DE' } };
/** @type {MatchedRequest} */
export const FIRST_VISIT = { headers: {}, cookies: {} };

/**
 * The build's proxy matcher: true when a request for `pathname` enters the proxy.
 * @param {string} root the project folder, whose .next holds the build
 * @returns {(pathname: string, request: MatchedRequest) => boolean}
 */
export function proxyMatcher(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next', 'server', 'functions-config-manifest.json'), 'utf8'));
  const matchers = manifest.functions['/_middleware']?.matchers ?? [];
  const match = /** @type {(pathname: string, request: MatchedRequest, query: object) => boolean} */ (getMiddlewareRouteMatcher(matchers));
  return (pathname, request) => match(pathname, request, {});
}
