/** The sitemaps of the route families' table: the one pages sitemap lists what it always did, in the same order. */
import { entitySitemapEntries, entitySitemapName, pagesSitemapEntries, pagesSitemapNames, sitemapIndexEntries } from '@/lib/seo/sitemap';
import { ROUTE_FAMILIES } from '@/lib/web/route-families';

const NEWEST = '2026-11-30T10:00:00Z';
const catalog = { categories: async (o: string) => (o === 'str' ? [{ dir: 'travel' }, { dir: 'cooking' }] : o === 'gay' ? [{ dir: 'travel' }] : []) };
const SORT_NAMES = ['latest-updates', 'most-popular', 'top-rated', 'longest', 'most-viewed', 'most-commented'];

test("pages.xml: each orientation section's home, sort listings, category index, categories, model and channel indexes, then the information pages and the age-assurance page", async () => {
  expect(pagesSitemapNames()).toEqual(['pages.xml']);
  const entries = await pagesSitemapEntries('pages.xml', ROUTE_FAMILIES, catalog, NEWEST);
  expect(entries?.map((e) => [e.loc, e.freq, e.priority, e.lastmod])).toEqual([
    ...['/', '/gay/', '/shemale/'].map((loc) => [loc, 'hourly', '1.0', NEWEST]),
    ...['', '/gay', '/shemale'].flatMap((section) => SORT_NAMES.map((s) => [`${section}/videos/${s}/1/`, 'daily', '0.8', NEWEST])),
    ...['/categories/', '/gay/categories/', '/shemale/categories/'].map((loc) => [loc, 'daily', '0.7', NEWEST]),
    ['/categories/travel/latest-updates/1/', 'daily', '0.7', NEWEST],
    ['/categories/cooking/latest-updates/1/', 'daily', '0.7', NEWEST],
    ['/gay/categories/travel/latest-updates/1/', 'daily', '0.7', NEWEST],
    ...['/models/', '/gay/models/', '/shemale/models/'].map((loc) => [loc, 'daily', '0.7', NEWEST]),
    ...['/channels/', '/gay/channels/', '/shemale/channels/'].map((loc) => [loc, 'daily', '0.7', NEWEST]),
    ['/information/', 'monthly', '0.2', null],
    ...['dmca', 'support', 'terms', 'privacy', '2257', 'cookies'].map((p) => [`/information/${p}/`, 'monthly', '0.2', null]),
    ['/information/age-assurance/', 'monthly', '0.2', null],
  ]);
  expect(await pagesSitemapEntries('models.xml', ROUTE_FAMILIES, catalog, NEWEST)).toBeNull();
});

test('the index: pages.xml, then the video sitemaps', () => {
  const files = [
    { n: 1, lastmod: '2026-11-01T00:00:00Z' },
    { n: 2, lastmod: NEWEST },
  ];
  expect(sitemapIndexEntries(ROUTE_FAMILIES, NEWEST, files)).toEqual([
    { name: 'pages.xml', lastmod: NEWEST },
    { name: 'videos-1.xml', lastmod: '2026-11-01T00:00:00Z' },
    { name: 'videos-2.xml', lastmod: NEWEST },
  ]);
});

test("the index names the models', channels' and tags' files after the video sitemaps, each dated by its newest video", () => {
  const videos = [{ n: 1, lastmod: NEWEST }];
  const entities = { model: [{ n: 1, lastmod: '2026-11-02T00:00:00.000Z' }, { n: 2, lastmod: NEWEST }], tag: [{ n: 1, lastmod: NEWEST }] };
  expect(sitemapIndexEntries(ROUTE_FAMILIES, NEWEST, videos, entities).map((e) => [e.name, e.lastmod])).toEqual([
    ['pages.xml', NEWEST],
    ['videos-1.xml', NEWEST],
    ['models-1.xml', '2026-11-02T00:00:00.000Z'],
    ['models-2.xml', NEWEST],
    ['tags-1.xml', NEWEST],
  ]);
  expect(entitySitemapName('channel', 3)).toBe('channels-3.xml');
});

test("an entity sitemap lists each one's page in every orientation it is listed in, each dated by that orientation's newest video", () => {
  const listing = ROUTE_FAMILIES.flatMap((f) => (f.sitemap && 'entities' in f.sitemap && f.sitemap.entities === 'model' ? [f.sitemap] : []))[0]!;
  const rows = [
    { dir: 'alex-stone', o: 'gay' as const, lastmod: '2026-11-03T00:00:00.000Z' },
    { dir: 'bo-lane', o: 'str' as const, lastmod: '2026-11-01T00:00:00.000Z' },
    { dir: 'bo-lane', o: 'she' as const, lastmod: NEWEST },
  ];
  expect(entitySitemapEntries(listing, rows).map((e) => [e.loc, e.lastmod])).toEqual([
    ['/gay/models/alex-stone/latest-updates/1/', '2026-11-03T00:00:00.000Z'],
    ['/models/bo-lane/latest-updates/1/', '2026-11-01T00:00:00.000Z'],
    ['/shemale/models/bo-lane/latest-updates/1/', NEWEST],
  ]);
});
