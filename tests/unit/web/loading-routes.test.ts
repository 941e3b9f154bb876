/**
 * The loading placeholders' table that the root layout hands to the browser (lib/web/loading-page.ts)
 * says what the route families' table says, for every family's paths, also where a family without
 * a placeholder owns a path that a later family's pattern matches too.
 */
import { familyFinder, loadingRoutes } from '@/lib/web/loading-page';
import { loadingMatcher } from '@/lib/web/loading-routes';
import { ROUTE_FAMILIES, type RouteFamily } from '@/lib/web/route-families';
import { patternPath } from '@/lib/web/route-pattern';

const family = (name: string, paths: string[], loading?: RouteFamily['loading']): RouteFamily => ({ name, kind: 'page', paths, query: {}, lifetime: null, ...(loading ? { loading } : {}) });

// A family without a placeholder ahead of one whose pattern also matches its paths.
const SHADOWED: readonly RouteFamily[] = [
  family('model-top', ['/models/top/:page/']),
  ...ROUTE_FAMILIES,
  family('models', ['/models/:model/:page/', '/models/:model/:sort/:page/'], 'listing'),
];

test.each([
  ['the site', ROUTE_FAMILIES],
  ['a table with a shadowed family', SHADOWED],
])('%s: every family path has the placeholder of the family that owns it', (_, table) => {
  const inBrowser = loadingMatcher(loadingRoutes(table));
  const owner = familyFinder(table);
  const paths = table.flatMap((f) => f.paths.flatMap((p) => [patternPath(p), patternPath(p, {}, 'a-b'), `${patternPath(p)}?s=x`]));
  expect(paths.length).toBeGreaterThan(table.length);
  for (const path of paths) expect([path, inBrowser(path)]).toEqual([path, owner(path.split('?')[0] as string)?.loading ?? null]);
});

test('a family without a placeholder keeps the paths it owns from a later one', () => {
  const inBrowser = loadingMatcher(loadingRoutes(SHADOWED));
  expect(inBrowser('/models/top/2/')).toBeNull();
  expect(inBrowser('/models/ann/2/')).toBe('listing');
  // Without the first family the same path is the later one's: the case above is a real one.
  expect(loadingMatcher(loadingRoutes(SHADOWED.slice(1)))('/models/top/2/')).toBe('listing');
});

test('the browser gets no family past the last with a placeholder', () => {
  const routes = loadingRoutes();
  const last = ROUTE_FAMILIES.findLastIndex((f) => f.loading);
  expect(routes).toHaveLength(last + 1);
  expect(routes.at(-1)?.[1]).not.toBe(0);
  expect(JSON.stringify(routes)).not.toContain('/api/');
});
