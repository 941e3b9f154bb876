/**
 * The edge's cache key by route (lib/web/edge-key-maps.ts): the shipped nginx.conf holds the
 * table's maps; for every family the key holds exactly the arguments the table says it reads; and
 * those are the arguments the site's code reads there (recorded while the proxy's decisions and
 * the API's parsers run).
 */
import fs from 'node:fs';
import path from 'node:path';
import { EDGE_KEY_BEGIN, EDGE_KEY_END, edgeKeyMaps, UNKNOWN_ROUTE, withEdgeKeyBlock } from '@/lib/web/edge-key-maps';
import { familyFinder } from '@/lib/web/loading-page';
import { ROUTE_FAMILIES, type RouteFamily } from '@/lib/web/route-families';
import { patternPath } from '@/lib/web/route-pattern';
import { routeDecision } from '@/lib/web/routes';
import { parseSearchQuery, parseSuggestText, parseVideofileQuery } from '@/lib/kvs/route-params';
import { evaluate, parseMaps } from './helpers/nginx-maps';

const CONF = path.join(__dirname, '..', '..', '..', 'deploy', 'nginx', 'nginx.conf');

/** A valid value per parameter or argument name, for the example requests. */
const EXAMPLES: Record<string, string> = {
  sort: 'top-rated',
  page: '2',
  category: 'travel',
  video: '4200',
  dir: 'serene-waterfall-walk',
  date: 'week',
  duration: '1',
  s: 'waterfall',
  c: 'water',
  params: '86400/str/relevance/60/search..1.all..',
  video_id: '4200',
  lifetime: '86400',
  stopScroll: '1',
};

/** Every path of every family, as a request carrying each argument the family reads. */
function examples(families: readonly RouteFamily[]) {
  return families.flatMap((family) =>
    family.paths.map((pattern) => {
      const args = Object.keys(family.query).map((a) => `${a}=${encodeURIComponent(EXAMPLES[a] ?? 'x')}`);
      return { family, path: patternPath(pattern, EXAMPLES), args };
    }),
  );
}

/** The names of the arguments in a key's query (`date=$arg_date&...` filled in). */
const keyNames = (query: string) => (query ? query.split('&').map((p) => p.split('=')[0]) : []);

describe("the edge's key maps (deploy/nginx/nginx.conf)", () => {
  const conf = fs.readFileSync(CONF, 'utf8');

  test('are current: npm run edge:key would change nothing', () => {
    expect(withEdgeKeyBlock(conf, edgeKeyMaps())).toBe(conf);
  });

  // The shipped file's maps, as nginx reads them.
  const maps = parseMaps(conf.slice(conf.indexOf(EDGE_KEY_BEGIN), conf.indexOf(EDGE_KEY_END)));
  const owner = familyFinder(ROUTE_FAMILIES);

  test.each(examples(ROUTE_FAMILIES).map((e) => [e.family.name, e.path, e]))('%s %s: keyed on exactly the arguments it reads', (_name, _path, e) => {
    const request = { path: e.path, args: [...e.args, 'utm_source=news'].join('&') };
    // nginx's idea of the owner is the table's (first pattern that matches, in the table's order).
    expect(evaluate(maps, 'edge_route', request)).toBe(e.family.name);
    expect(owner(e.path)?.name).toBe(e.family.name);
    const query = evaluate(maps, 'edge_query', request);
    if (e.family.wholeQuery) {
      expect(query).toBe(request.args);
      // The whole query, stored only when it holds nothing but the family's own arguments.
      expect(evaluate(maps, 'edge_query_odd', request)).toBe('1');
      expect(evaluate(maps, 'edge_query_odd', { path: e.path, args: e.args.join('&') })).toBe('0');
    } else {
      expect(keyNames(query)).toEqual(Object.keys(e.family.query));
      expect(query).toBe(e.args.join('&'));
      expect(evaluate(maps, 'edge_query_odd', request)).toBe('0');
    }
  });

  test('a path no family owns, with a query, is never stored; without one, it is', () => {
    for (const p of ['/api/videos2.php/', '/videos/top-rated/2', '/nothing/here/']) {
      expect([p, evaluate(maps, 'edge_route', { path: p, args: 's=risotto' })]).toEqual([p, UNKNOWN_ROUTE]);
      expect([p, evaluate(maps, 'edge_query_odd', { path: p, args: 's=risotto' })]).toEqual([p, '1']);
      expect([p, evaluate(maps, 'edge_query_odd', { path: p, args: '' })]).toEqual([p, '0']);
    }
  });

  test('the search of the API keys s and not q: two terms given as q are two requests the key tells apart only by s', () => {
    const key = (args: string) => evaluate(maps, 'edge_query', { path: '/api/videos2.php', args });
    expect(key('params=86400/str/relevance/60/search..1.all..&s=waterfall')).not.toBe(key('params=86400/str/relevance/60/search..1.all..&s=risotto'));
    expect(key('params=86400/str/relevance/60/search..1.all..&q=waterfall')).toBe('params=86400/str/relevance/60/search..1.all..&s=');
  });

  test('argument names with capitals: only the ones a family reads are let through', () => {
    const odd = (args: string) => evaluate(maps, 'edge_odd_args', { path: '/search/1/', args });
    expect(odd('s=lake&stopScroll=1')).toBe('0');
    expect(odd('s=lake&StopScroll=1')).toBe('1');
    expect(odd('S=lake')).toBe('1');
    expect(odd('s%31=lake')).toBe('1');
  });
});

/**
 * The query arguments `run` reads by name (get, getAll, has) from the URLSearchParams it is given:
 * given `query`, and `query` without each of `omit` in turn (a second name read only when the first
 * is missing is read all the same).
 */
function readsOf(run: (search: URLSearchParams) => unknown, query: string, omit: readonly string[] = []): string[] {
  const read = new Set<string>();
  for (const q of [query, ...omit.map((name) => query.split('&').filter((p) => !p.startsWith(`${name}=`)).join('&'))]) readOnce(run, q, read);
  return [...read].sort();
}

function readOnce(run: (search: URLSearchParams) => unknown, query: string, read: Set<string>): void {
  const params = new URLSearchParams(query);
  const recording = new Proxy(params, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function') return v;
      if (key === 'get' || key === 'getAll' || key === 'has') {
        return (name: string, ...rest: unknown[]) => {
          read.add(name);
          return (v as (...a: unknown[]) => unknown).call(target, name, ...rest);
        };
      }
      return (v as (...a: unknown[]) => unknown).bind(target);
    },
  });
  run(recording);
}

/** The proxy's decision for `path`, its URL's query recorded. */
const proxyReads = (path: string) =>
  (query: URLSearchParams) => {
    const url = new URL(`${path}?${query.toString()}`, 'http://site.example');
    routeDecision(new Proxy(url, { get: (t, k) => (k === 'searchParams' ? query : (Reflect.get(t, k, t) as unknown)) }));
  };

describe("the arguments the site's code reads are the table's", () => {
  const family = (name: string) => ROUTE_FAMILIES.find((f) => f.name === name) as RouteFamily;
  const declared = (name: string) => Object.keys(family(name).query).sort();
  const full = (name: string) =>
    Object.keys(family(name).query)
      .map((a) => `${a}=${encodeURIComponent(EXAMPLES[a] ?? 'x')}`)
      .concat('utm_source=news', 'q=other')
      .join('&');

  test.each([
    ['api-search', (q: URLSearchParams) => parseSearchQuery(q)],
    ['api-suggest', (q: URLSearchParams) => parseSuggestText(q)],
    ['api-videofile', (q: URLSearchParams) => parseVideofileQuery(q)],
    ['listing', proxyReads('/videos/top-rated/2/')],
    ['category-listing', proxyReads('/categories/travel/top-rated/2/')],
    ['category-index', proxyReads('/categories/')],
  ])('%s', (name, run) => {
    expect(readsOf(run, full(name), declared(name))).toEqual(declared(name));
  });

  test('the proxy reads nothing of the families that declare no argument', () => {
    for (const e of examples(ROUTE_FAMILIES).filter((x) => Object.keys(x.family.query).length === 0)) {
      expect([e.path, readsOf(proxyReads(e.path), 'utm_source=news&date=week&sort=title&duration=1')]).toEqual([e.path, []]);
    }
  });

  test("search: the proxy reads no argument but the family's (its key holds the whole query)", () => {
    expect(declared('search')).toEqual(expect.arrayContaining(readsOf(proxyReads('/search/2/'), full('search'))));
  });
});
