/**
 * Every route family of the site, each as a fast-check arbitrary of requests built from valid
 * tokens and hostile values (tests/fuzz/inputs.mjs): one per family of the route families' table
 * (lib/web/route-families.ts, through table-families.mjs), and, below, the shapes a pattern does
 * not tell (the API's dotted file names and params, the input form's bodies, free text, paths no
 * family owns). A request is { method, path, headers?, body?, kind }: kind 'page' (must answer
 * below 500, a 404 being the site's not-found page), 'api' (a 4xx under /api/ is a JSON error),
 * 'file' (media, embed, sitemaps: anything below 500).
 */
import fc from 'fast-check';
import { tsImport } from 'tsx/esm/api';
import { encode, encoder, hostile, queryArb, slot } from './inputs.mjs';
import { IDS, LIFETIMES, PAGES, SORTS, tableFamilies, TERMS } from './table-families.mjs';

/**
 * The table is TypeScript, which Node does not load by itself: tsx (a dependency, which runs the
 * site's own scripts) loads it for this import alone.
 * @param {string} file
 */
async function typescript(file) {
  const m = await tsImport(file, import.meta.url);
  // A .ts file outside a "type": "module" package is CommonJS: its exports are the default's.
  return m.default ?? m;
}
/** @type {typeof import('../../lib/web/route-families.ts')} */
const { ROUTE_FAMILIES } = await typescript('../../lib/web/route-families.ts');
/** @type {typeof import('../../lib/web/route-pattern.ts')} */
const { patternParts } = await typescript('../../lib/web/route-pattern.ts');

const GENDERS = ['str', 'gay', 'she'];
const LANGS = ['en', 'ru', 'fr', 'de'];
const TYPES = ['all', 'straight', 'gay', 'shemale'];

/**
 * Builds a path from literal pieces and [mode, value] segments.
 * @param {(string | [string, string])[]} parts
 */
function pathOf(parts) {
  return parts.map((p) => (typeof p === 'string' ? p : encode(p[0], p[1]))).join('');
}
/** @param {string[]} valid */
const seg = (valid) => fc.tuple(encoder, slot(valid));
/** @type {(path: string, q: string) => string} */
const withQuery = (path, q) => (q ? `${path}?${q}` : path);
const GENERIC_QUERY = queryArb([
  ['utm_source', hostile],
  ['s', hostile],
  ['page', hostile],
]);
/** @typedef {import('./http.mjs').FuzzRequest} FuzzRequest */
/** @type {(arb: fc.Arbitrary<string>) => fc.Arbitrary<FuzzRequest>} */
const page = (arb) => arb.map((path) => ({ method: 'GET', path, kind: 'page' }));
/** @type {(arb: fc.Arbitrary<string>) => fc.Arbitrary<FuzzRequest>} */
const api = (arb) => arb.map((path) => ({ method: 'GET', path, kind: 'api' }));

/** @type {Record<string, fc.Arbitrary<FuzzRequest>>} */
const SHAPES = {
  'api-videos-tail': api(
    fc
      .tuple(seg(LIFETIMES), seg(GENDERS), seg(SORTS), seg(['1', '60', '120']), fc.tuple(slot(['', 'categories', 'category', 'model', 'models', 'channel', 'channels', 'tag', 'tags']), slot(['', 'travel']), slot(PAGES), slot(TYPES), slot(['', '1', '2', '3']), slot(['', 'day', 'week', 'month'])), encoder)
      .map(([l, g, s, c, tail, mode]) => pathOf(['/api/json/videos2/', l, '/', g, '/', s, '/', c, '/', [mode, `${tail.join('.')}.json`]])),
  ),
  'api-search-params': api(
    fc
      .tuple(
        fc.tuple(slot(['86400', '0']), slot(GENDERS), slot(['relevance']), slot(['60']), fc.tuple(slot(['search']), slot(['']), slot(PAGES), slot(TYPES), slot(['', '1']), slot(['', 'week']))),
        queryArb([['s', slot(TERMS)], ['q', hostile], ['s', hostile]]),
        encoder,
      )
      .map(([[l, g, o, c, tail], q, mode]) => `/api/videos2.php?params=${encode(mode, [l, g, o, c, tail.join('.')].join('/'))}${q ? `&${q}` : ''}`),
  ),
  'api-video-file': api(
    fc
      .tuple(seg(LIFETIMES), seg(['0', '1000000']), seg(['4000', '0', '1000']), fc.tuple(encoder, slot(IDS).map((id) => `${id}.json`)))
      .map(([l, m, t, f]) => pathOf(['/api/json/video/', l, '/', m, '/', t, '/', f])),
  ),
  'api-related-file': api(
    fc
      .tuple(seg(LIFETIMES), seg(['20', '10']), seg(['0']), seg(['4000', '0']), fc.tuple(encoder, fc.tuple(slot(IDS), slot(['all']), slot(PAGES)).map((p) => `${p.join('.')}.json`)))
      .map(([l, c, m, t, f]) => pathOf(['/api/json/videos_related2/', l, '/', c, '/', m, '/', t, '/', f])),
  ),
  'api-main-file': api(
    fc
      .tuple(fc.constantFrom('json', 'jsond'), seg(LIFETIMES), fc.tuple(encoder, fc.tuple(slot(GENDERS), slot(LANGS)).map((p) => `${p.join('.')}.json`)))
      .map(([j, l, f]) => pathOf([`/api/${j}/main/`, l, '/', f])),
  ),
  'api-categories-file': api(
    fc
      .tuple(seg(LIFETIMES), fc.tuple(encoder, fc.tuple(slot(GENDERS), slot(['toptn', 'title']), slot(LANGS)).map((p) => `${p.join('.')}.json`)))
      .map(([l, f]) => pathOf(['/api/json/categories/', l, '/', f])),
  ),
  'api-suggester-file': api(
    fc.oneof(
      fc.tuple(seg(LIFETIMES), fc.tuple(encoder, slot(['1000', '5']).map((c) => `${c}.json`))).map(([l, f]) => pathOf(['/api//json/suggester/', l, '/', f])),
      queryArb([['c', slot(TERMS)], ['c', hostile]]).map((q) => `/api/suggester.php${q ? `?${q}` : ''}`),
    ),
  ),
  'api-input-form': fc
    .tuple(
      fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8', 'application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
      fc.oneof(
        queryArb([['act', slot(['view', 'vote', 'VOTE'])], ['section', slot(['video'])], ['object_id', slot(IDS)], ['vote', slot(['1', '-1', '0', '2'])], ['user_id', slot(IDS)], ['nogeo', slot(['1', '0'])]]),
        hostile,
        fc.constantFrom('{"act":"vote","object_id":1}', `act=view&object_id=1&x=${'a'.repeat(3000)}`, ''),
      ),
    )
    .map(
      /** @returns {FuzzRequest} */
      ([method, type, body]) => ({
        method,
        path: '/api/input.php',
        headers: type ? { 'content-type': type } : {},
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
        kind: 'api',
      }),
    ),
  // Free text on otherwise valid requests: what reaches the upstream's search and suggestions.
  'search-text': page(
    fc
      .tuple(hostile, encoder, fc.constantFrom('', '&duration=2', '&s=second'))
      .map(([term, mode, rest]) => `/search/1/?s=${encode(mode, term)}${rest}`),
  ),
  'api-text': api(
    fc.tuple(hostile, encoder, fc.constantFrom('s', 'q', 'c')).map(([text, mode, key]) =>
      key === 'c'
        ? `/api/suggester.php?c=${encode(mode, text)}`
        : `/api/videos2.php?params=86400/str/relevance/60/search..1.all..&${key}=${encode(mode, text)}`,
    ),
  ),
  unknown: page(
    fc
      .tuple(fc.array(fc.tuple(encoder, hostile), { minLength: 1, maxLength: 4 }), fc.constantFrom('/', ''), GENERIC_QUERY)
      .map(([segs, end, q]) => withQuery(`/${segs.map(([m, v]) => encode(m, v)).join('/')}${end}`, q)),
  ),
};

/** @type {Record<string, fc.Arbitrary<FuzzRequest>>} */
export const FAMILIES = { ...tableFamilies(ROUTE_FAMILIES, patternParts), ...SHAPES };

/** The families whose pages and API calls reach the upstream source, for the run in upstream mode. */
export const UPSTREAM_FAMILIES = [
  ...['search-text', 'api-text', 'listing', 'category-listing', 'video', 'search', 'api-videos', 'api-videos-tail', 'api-search', 'api-search-params'],
  ...['api-video', 'api-video-file', 'api-related', 'api-related-file', 'api-main', 'api-main-file', 'api-categories', 'api-categories-file'],
  ...['api-suggester', 'api-suggester-file', 'api-suggest', 'api-videofile', 'api-input', 'api-input-form'],
  ...['api-models', 'api-channels'],
];
