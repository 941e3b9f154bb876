/**
 * Requests that carry Next's internal headers and parameters (x-middleware-subrequest, the header
 * of CVE-2025-29927; x-nextjs-data; RSC; Next-Router-Prefetch; ?_rsc=; a .rsc suffix) must get the
 * same redirects and the same status as the plain request, and set no cookie where it sets none
 * (no page does): none of them may skip the proxy. Each path of the table is requested plain and
 * with each variant, over real HTTP, as a first-time visitor who claims a gated country
 * (CF-IPCountry: DE, no cookie).
 *
 * Next answers an RSC request whose `_rsc` cache-busting value does not match its headers with a
 * 307 to the same URL carrying the right value (its guard against cache poisoning); a browser
 * follows it, so the table follows that one hop before comparing.
 */
import { send } from './http.mjs';

/** The paths of the table, each requested plain and with every variant. */
export const PATHS = [
  '/',
  '/videos/',
  '/latest-updates/',
  '/favourites/',
  '/videos/latest-updates/',
  '/videos/latest-updates/1/',
  '/videos/latest-updates/1/?date=week',
  '/videos/latest-updates/1/?date=bogus&utm_source=x',
  '/videos/top-rated/2/?date=week&duration=2',
  '/categories/',
  '/categories/?sort=title',
  '/categories/?sort=bogus',
  '/categories/travel/',
  '/categories/travel/latest-updates/1/?duration=1',
  '/video/4200/wrong-dir/',
  '/information/dmca/',
  '/nonexistent/',
  '/videos/%ZZ/1/',
  '/search/1/?s=walk',
];

const SUBREQUEST = 'proxy:proxy:proxy:proxy:proxy';
/** @type {Record<string, { headers?: Record<string, string>; query?: string; suffix?: string }>} */
export const VARIANTS = {
  'x-middleware-subrequest': { headers: { 'x-middleware-subrequest': SUBREQUEST } },
  'x-middleware-subrequest (middleware)': { headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } },
  'x-nextjs-data': { headers: { 'x-nextjs-data': '1' } },
  'RSC: 1': { headers: { rsc: '1' } },
  'Next-Router-Prefetch': { headers: { 'next-router-prefetch': '1' } },
  'RSC + prefetch': { headers: { rsc: '1', 'next-router-prefetch': '1' } },
  '?_rsc=': { query: '_rsc=1x2y3' },
  '.rsc suffix': { suffix: '.rsc' },
};

/**
 * The path with its last slash replaced by a suffix (/videos/ -> /videos.rsc, / -> /index.rsc), query kept.
 * @param {string} path
 * @param {string | undefined} suffix
 */
function withSuffix(path, suffix) {
  if (!suffix) return path;
  const [p = '', q] = path.split(/\?(.*)/s);
  const bare = p === '/' ? '/index' : p.replace(/\/$/, '');
  return `${bare}${suffix}${q ? `?${q}` : ''}`;
}

/**
 * @param {string} path
 * @param {string | undefined} query
 */
function withQuery(path, query) {
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * What a visitor gets: status, where a redirect leads (without Next's _rsc), the country cookie.
 * Next answers a redirect during an RSC render as a 200 flight payload that carries it (with a
 * Location header too); the client router follows it, so that counts as the redirect.
 * @param {import('./http.mjs').FuzzResponse} res
 * @returns {Outcome}
 */
function outcome(res) {
  const location = [res.headers.location ?? res.headers['x-nextjs-redirect'] ?? ''].flat()[0] ?? '';
  const target = location ? new URL(location, 'http://site') : null;
  target?.searchParams.delete('_rsc');
  const cookie = [res.headers['set-cookie'] ?? []].flat().join(';').match(/tf_country=([A-Z]{2})/)?.[1] ?? '-';
  const rscRedirect = res.status === 200 && target && String(res.headers['content-type']).startsWith('text/x-component');
  return { status: rscRedirect ? 308 : res.status, location: target ? `${target.pathname}${target.search}` : '', country: cookie };
}

/** @typedef {{ status: number; location: string; country: string }} Outcome */

/**
 * @param {string} baseUrl
 * @param {string} path
 * @param {Record<string, string>} headers
 * @returns {Promise<Outcome>}
 */
async function visit(baseUrl, path, headers) {
  const all = { 'cf-ipcountry': 'DE', ...headers };
  let res = await send(baseUrl, { method: 'GET', path, headers: all });
  const loc = String(res.headers.location ?? '');
  if (res.status === 307 && headers.rsc && /[?&]_rsc(=|&|$)/.test(loc)) {
    const first = outcome(res);
    res = await send(baseUrl, { method: 'GET', path: loc.replace(/^https?:\/\/[^/]+/, ''), headers: all });
    const second = outcome(res);
    // The cookie was set on the first answer; the browser sends it with the second request.
    return { ...second, country: first.country !== '-' ? first.country : second.country };
  }
  return outcome(res);
}

/** @type {(a: Outcome, b: Outcome) => boolean} */
const same = (a, b) => a.status === b.status && a.location === b.location && a.country === b.country;
/** @param {Outcome} o */
const show = (o) => `${o.status}${o.location ? ` -> ${o.location}` : ''} country=${o.country}`;

/**
 * One row of the table: what the plain request of `path` gets, and each variant whose outcome
 * differs from it (as "variant: outcome").
 * @param {string} baseUrl
 * @param {string} path
 * @returns {Promise<{ plain: string; wrong: string[] }>}
 */
export async function compareVariants(baseUrl, path) {
  const plain = await visit(baseUrl, path, {});
  /** @type {string[]} */
  const wrong = [];
  for (const [name, v] of Object.entries(VARIANTS)) {
    const got = await visit(baseUrl, withSuffix(withQuery(path, v.query), v.suffix), v.headers ?? {});
    if (!same(plain, got)) wrong.push(`${name}: ${show(got)}`);
  }
  return { plain: show(plain), wrong };
}
