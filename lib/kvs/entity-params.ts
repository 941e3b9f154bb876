/**
 * Parsing of the model and channel index paths (app/api/json/models, app/api/json/channels), in
 * the network's shapes as its public clients send them. Like ./route-params.ts, each parser
 * returns a validated query or the message of the 400 answer.
 */
import { LIFETIME, LIMITS } from '@/lib/contract/constants';
import { ENTITY_SORTS, type EntitySort } from '@/lib/contract/types';
import type { EntitiesQuery } from '@/lib/contract/source';
import { oneOf, parsePage } from '@/lib/web/params';
import { bad, common, jsonParts, ok, type Parsed } from './route-params';

/**
 * The index answers are kept as long as the category index's: they change with imports, as the
 * categories' totals do.
 */
export const ENTITIES_LIFETIME = LIFETIME.categories;

/**
 * The network's spellings of the index sorts, as its clients send them, and the sort each means.
 * They are taken as that sort (an API client cannot follow a redirect to the canonical path), so
 * the catalogue's and the upstream client's memory keep one answer per canonical query: both key
 * on the parsed query, never on the path's spelling.
 */
export const ENTITY_SORT_ALIASES: Readonly<Record<string, EntitySort>> = {
  'count-videos-toptn': 'count-videos',
  'most-viewed': 'most-popular',
  'latest-updates': 'newest',
};

/** A sort of the index, under its own name or one of the network's. */
export function parseEntitySort(v: unknown): EntitySort | null {
  const own = oneOf(ENTITY_SORTS, v);
  if (own !== null) return own;
  return typeof v === 'string' && Object.hasOwn(ENTITY_SORT_ALIASES, v) ? ENTITY_SORT_ALIASES[v]! : null;
}

const SORT_NAMES = [...ENTITY_SORTS, ...Object.keys(ENTITY_SORT_ALIASES)].join(', ');

/** The filt segment's fields after "filt": the letter, then nine the network's clients send empty. */
export const FILTER_FIELDS = 10;

/**
 * "filt.{letter}........." (ten dot-separated fields): the letter is '' (every name), 'a' to 'z',
 * or '0' (names that start otherwise). The other fields must be empty: a filter this site does not
 * apply would otherwise answer the unfiltered index under a URL that a shared cache keeps apart.
 */
export function parseFilter(v: string | undefined): Parsed<string> {
  const parts = (v ?? '').split('.');
  if (parts[0] !== 'filt' || parts.length !== FILTER_FIELDS + 1) {
    return bad(`the filter segment must be "filt" and ${FILTER_FIELDS} dot-separated fields (filt.{letter}.........)`);
  }
  const [letter, ...rest] = parts.slice(1) as [string, ...string[]];
  if (!/^([a-z0]?)$/.test(letter)) return bad('the letter must be empty, a to z, or 0 for names that start otherwise');
  if (rest.some((f) => f !== '')) return bad('only the letter filter is served: the other filter fields must be empty');
  return ok(letter);
}

interface EntityPathBase {
  lifetime?: string;
  gender?: string;
  sort?: string;
  count?: string;
}

function base(p: EntityPathBase): Parsed<Omit<EntitiesQuery, 'letter' | 'page'>> {
  const c = common(p.lifetime, p.gender, p.count, ENTITIES_LIFETIME);
  if (!c.ok) return c;
  const sort = parseEntitySort(p.sort);
  if (sort === null) return bad(`sort must be one of ${SORT_NAMES}`);
  return ok({ ...c.value, sort });
}

const PAGE_MESSAGE = `page must be a whole number from 1 to ${LIMITS.maxPage}`;

/** /api/json/models/{lifetime}/{gender}/filt.{letter}........./{sort}/{count}/{page}.json */
export function parseModelsPath(p: EntityPathBase & { filt?: string; file?: string }): Parsed<EntitiesQuery> {
  const b = base(p);
  if (!b.ok) return b;
  const letter = parseFilter(p.filt);
  if (!letter.ok) return letter;
  const parts = jsonParts(p.file, 1);
  if (!parts) return bad('the file name must be {page}.json');
  const page = parsePage(parts[0]);
  if (page === null) return bad(PAGE_MESSAGE);
  return ok({ ...b.value, letter: letter.value, page });
}

/** /api/json/channels/{lifetime}/{gender}/{sort}/{count}/..{page}.json (the two empty fields are the network's) */
export function parseChannelsPath(p: EntityPathBase & { file?: string }): Parsed<EntitiesQuery> {
  const b = base(p);
  if (!b.ok) return b;
  const parts = jsonParts(p.file, 3);
  if (!parts || parts[0] !== '' || parts[1] !== '') return bad('the file name must be ..{page}.json');
  const page = parsePage(parts[2]);
  if (page === null) return bad(PAGE_MESSAGE);
  return ok({ ...b.value, letter: '', page });
}
