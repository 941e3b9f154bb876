/**
 * A route family added to (a copy of) the table, and nothing else: it appears in the edge's key,
 * the sitemap index and its own sitemap, the fuzz families, the proxy's matcher and the loading
 * placeholder.
 */
import fc from 'fast-check';
import { edgeKeyMaps } from '@/lib/web/edge-key-maps';
import { familyFinder } from '@/lib/web/loading-page';
import { proxyMatchers, ROUTE_FAMILIES, type RouteFamily } from '@/lib/web/route-families';
import { patternParts, patternRegExpSource } from '@/lib/web/route-pattern';
import { pagesSitemapEntries, sitemapIndexEntries, sitemapIndexXml } from '@/lib/seo/sitemap';
import { tableFamilies } from '@/tests/fuzz/table-families.mjs';
import { evaluate, parseMaps } from './helpers/nginx-maps';

const STUDIOS: RouteFamily = {
  name: 'studios',
  kind: 'page',
  paths: ['/studios/:studio/:sort/:page/'],
  query: { letter: ['a', 'b', 'c'] },
  lifetime: 86400,
  sitemap: {
    file: 'studios',
    changefreq: 'daily',
    priority: '0.6',
    lastmod: true,
    urls: async (catalog) => (await catalog.categories('str')).map((c) => `/studios/${c.dir}/latest-updates/1/`),
  },
  loading: 'listing',
  proxy: [{ does: 'redirect-or-rewrite', source: '/studios/:studio/:sort/:page/', hasQuery: 'letter' }],
};
const TABLE = [...ROUTE_FAMILIES, STUDIOS];
const NEWEST = '2026-11-30T10:00:00Z';

test("the edge keys it on the arguments it reads, and no other family's", () => {
  const maps = parseMaps(edgeKeyMaps(TABLE));
  const request = { path: '/studios/ann/top-rated/3/', args: 'utm_source=x&letter=b&date=week' };
  expect(evaluate(maps, 'edge_route', request)).toBe('studios');
  expect(evaluate(maps, 'edge_query', request)).toBe('letter=b');
  expect(evaluate(maps, 'edge_query_odd', request)).toBe('0');
  // Without it in the table, the same request is on no family's path: passed through, never stored.
  expect(evaluate(parseMaps(edgeKeyMaps()), 'edge_query_odd', request)).toBe('1');
});

test('the sitemap index names its file, which lists its URLs', async () => {
  const entries = sitemapIndexEntries(TABLE, NEWEST, [{ n: 1, lastmod: NEWEST }]);
  expect(entries.map((e) => e.name)).toEqual(['pages.xml', 'studios.xml', 'videos-1.xml']);
  expect(sitemapIndexXml('https://site.example', entries)).toContain('<loc>https://site.example/sitemaps/studios.xml</loc>');
  const catalog = { categories: async () => [{ dir: 'ann' }, { dir: 'bea' }] };
  const listed = await pagesSitemapEntries('studios.xml', TABLE, catalog, NEWEST);
  expect(listed).toEqual([
    { loc: '/studios/ann/latest-updates/1/', freq: 'daily', priority: '0.6', lastmod: NEWEST },
    { loc: '/studios/bea/latest-updates/1/', freq: 'daily', priority: '0.6', lastmod: NEWEST },
  ]);
  // The pages sitemap is as it was.
  expect((await pagesSitemapEntries('pages.xml', TABLE, catalog, NEWEST))?.map((e) => e.loc)).not.toContain('/studios/ann/latest-updates/1/');
});

test('the fuzz run has a family of its requests', () => {
  const families = tableFamilies(TABLE, patternParts);
  expect(Object.keys(families)).toContain('studios');
  const shape = /^\/studios\/[^/]*\/[^/]*\/[^/]*\//;
  const requests = fc.sample(families.studios as fc.Arbitrary<{ path: string; kind?: string }>, { numRuns: 50, seed: 7 });
  for (const r of requests) expect([r.path, shape.test(r.path), r.kind]).toEqual([r.path, true, 'page']);
  expect(requests.some((r) => /[?&]letter=[abc](&|$)/.test(r.path))).toBe(true);
});

test('the proxy admits its filtered pages, and its links show the listing placeholder', () => {
  expect(proxyMatchers(TABLE)).toContainEqual({ source: '/studios/:studio/:sort/:page/', has: [{ type: 'query', key: 'letter' }] });
  expect(familyFinder(TABLE)('/studios/ann/top-rated/3/')?.loading).toBe('listing');
  expect(new RegExp(patternRegExpSource(STUDIOS.paths[0] as string)).test('/studios/ann/top-rated/3/')).toBe(true);
});
