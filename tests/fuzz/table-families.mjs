/**
 * A fuzz family for every route family of the table (lib/web/route-families.ts): its URL patterns
 * with each parameter a valid token or a hostile value, and a query of the arguments it reads
 * (their allowed values, or samples) and a campaign parameter. A family added to the table is
 * fuzzed with no edit here; a parameter or argument this file has no samples for gets '1' and 'x'.
 *
 * Pure (the table and the pattern reader are arguments, TypeScript that Node does not load by
 * itself): families.mjs hands it the real ones, the unit tests a copy of the table with a fixture
 * family.
 */
import fc from 'fast-check';
import { encode, encoder, hostile, queryArb, slot } from './inputs.mjs';

/**
 * @typedef {import('../../lib/web/route-families.ts').RouteFamily} RouteFamily
 * @typedef {typeof import('../../lib/web/route-pattern.ts').patternParts} PatternParts
 * @typedef {import('./http.mjs').FuzzRequest} FuzzRequest
 */

export const SORTS = ['latest-updates', 'most-popular', 'top-rated', 'longest', 'most-viewed', 'most-commented'];
export const PAGES = ['1', '2', '10000'];
export const CATEGORIES = ['travel', 'cooking', 'music'];
export const IDS = ['1', '42', '4200', '5000', '5001'];
export const LIFETIMES = ['0', '3600', '86400', '31536000'];
export const TERMS = ['walk', 'harbour', 'old town', 'rail'];

/**
 * Valid tokens by parameter or argument name, `family.name` before `name`: what names something
 * in the fuzz run's demo catalogue, or has the right shape.
 * @type {Record<string, string[]>}
 */
const SAMPLES = {
  sort: SORTS,
  page: PAGES,
  category: CATEGORIES,
  video: IDS,
  dir: ['serene-waterfall-walk', 'x', 'a-b'],
  lifetime: LIFETIMES,
  gender: ['str', 'gay', 'she'],
  count: ['1', '20', '60', '120'],
  million: ['0', '1000000'],
  thousand: ['4000', '0', '1000'],
  file: ['4200.json', 'str.en.json', 'str.toptn.en.json', '1000.json', '4200.all.1.json', '..1.all...json', 'categories.travel.1.all.1.week.json', 'model.x.1.all...json', 'tags.x.2.gay..week.json'],
  'api-categories.file': ['str.toptn.en.json', 'gay.title.en.json', 'she.recent.de.json', 'str.all.en.json', 'str.all.json'],
  'api-models.filt': ['filt..........', 'filt.a.........', 'filt.0.........', 'filt..x........'],
  'api-models.sort': ['title', 'count-videos', 'most-popular', 'newest', 'count-videos-toptn', 'most-viewed', 'latest-updates'],
  'api-models.file': ['1.json', '2.json', '10000.json'],
  'api-channels.sort': ['title', 'count-videos', 'most-popular', 'newest', 'count-videos-toptn', 'most-viewed', 'latest-updates'],
  'api-channels.file': ['..1.json', '..2.json', '1.json'],
  'media.file': ['1.svg', '5.svg', 'travel.svg', '99.svg'],
  name: ['pages.xml', 'videos-1.xml', 'videos-99999.xml'],
  slot: ['banner', 'native', 'x'],
  path: ['chunks/app.js', 'x'],
  s: TERMS,
  c: TERMS,
  params: ['86400/str/relevance/60/search..1.all..', '3600/gay/relevance/20/search..2.all.1.week'],
  video_id: IDS,
  stopScroll: ['1'],
};

const FALLBACK = ['1', 'x'];

/**
 * @param {string} family
 * @param {string} name
 */
const samplesOf = (family, name) => SAMPLES[`${family}.${name}`] ?? SAMPLES[name] ?? FALLBACK;

/**
 * The paths of one URL pattern: literal text as it is, each parameter one of its allowed values
 * (the pattern's `(a|b)`) or samples, or hostile, encoded or raw.
 * @param {PatternParts} patternParts
 * @param {string} family
 * @param {string} pattern
 * @returns {fc.Arbitrary<string>}
 */
function patternArb(patternParts, family, pattern) {
  const parts = patternParts(pattern).map((p) =>
    'literal' in p ? fc.constant(p.literal) : fc.tuple(encoder, slot(p.values ? [...p.values] : samplesOf(family, p.param))).map(([mode, v]) => encode(mode, v)),
  );
  return fc.tuple(...parts).map((p) => p.join(''));
}

/**
 * A family's requests: one of its patterns, a query of its arguments and utm_source, by its method.
 * @param {PatternParts} patternParts
 * @param {RouteFamily} f
 * @returns {fc.Arbitrary<FuzzRequest>}
 */
function familyArb(patternParts, f) {
  const paths = fc.oneof(...f.paths.map((p) => patternArb(patternParts, f.name, p)));
  /** @type {[string, fc.Arbitrary<string>][]} */
  // A bounded argument also empty: the site's links leave such a value out, and redirect it.
  const args = Object.entries(f.query).map(([name, values]) => [name, slot(values ? [...values, ''] : samplesOf(f.name, name))]);
  const query = queryArb([...args, ['utm_source', hostile]]);
  const method = f.methods?.[0] ?? 'GET';
  return fc.tuple(paths, query).map(([path, q]) => ({ method, path: q ? `${path}?${q}` : path, kind: f.kind }));
}

/**
 * One fuzz family per route family, under the family's name.
 * @param {readonly RouteFamily[]} families
 * @param {PatternParts} patternParts
 * @returns {Record<string, fc.Arbitrary<FuzzRequest>>}
 */
export function tableFamilies(families, patternParts) {
  return Object.fromEntries(families.map((f) => [f.name, familyArb(patternParts, f)]));
}
