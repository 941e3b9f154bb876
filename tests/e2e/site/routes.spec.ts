import { expect, test } from '@playwright/test';

/** Redirects, status codes and cache headers, checked at the HTTP level (no redirects followed). */
const redirects: [string, string, number][] = [
  ['/videos/', '/videos/latest-updates/1/', 308],
  ['/videos/top-rated/', '/videos/top-rated/1/', 308],
  ['/videos/most-popular/', '/videos/most-popular/1/', 308],
  ['/latest-updates/', '/videos/latest-updates/1/', 308],
  ['/top-rated/', '/videos/top-rated/1/', 308],
  ['/most-popular/', '/videos/most-popular/1/', 308],
  ['/favourites/', '/bookmarks/', 308],
  ['/categories/nature/', '/categories/nature/latest-updates/1/', 308],
  ['/videos/latest-updates/1', '/videos/latest-updates/1/', 308],
  ['/information', '/information/', 308],
  // Filters that do not apply or are not whitelisted are dropped.
  ['/videos/latest-updates/1/?date=week', '/videos/latest-updates/1/', 308],
  ['/videos/top-rated/1/?date=bogus&duration=1', '/videos/top-rated/1/?duration=1', 308],
  ['/videos/top-rated/2/?duration=9', '/videos/top-rated/2/', 308],
  // What the filter does not offer: duration 3, and the sorts only the texts name.
  ['/videos/top-rated/1/?duration=3', '/videos/top-rated/1/', 308],
  ['/videos/most-popular/2/?date=week&duration=3', '/videos/most-popular/2/?date=week', 308],
  ['/videos/most-viewed/', '/videos/most-viewed/1/', 308],
  // Most viewed and most commented take no date (all-time orders).
  ['/videos/most-viewed/1/?date=week&camp=x', '/videos/most-viewed/1/?camp=x', 308],
  ['/categories/nature/most-commented/1/?duration=3', '/categories/nature/most-commented/1/', 308],
  ['/models/some-model/', '/models/some-model/latest-updates/1/', 308],
  ['/gay/categories/nature/', '/gay/categories/nature/latest-updates/1/', 308],
  ['/channels/?page=1', '/channels/', 308],
  ['/categories/nature/longest/1/?duration=3', '/categories/nature/longest/1/', 308],
  ['/search/1/?s=walk&duration=3', '/search/1/?s=walk', 308],
];

for (const [from, to, status] of redirects) {
  test(`redirect ${from}`, async ({ request }) => {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status()).toBe(status);
    const location = new URL(res.headers()['location'] ?? '', 'http://x');
    expect(location.pathname + location.search).toBe(to);
  });
}

test('the redirects of what the filter does not offer carry the cache headers of the other redirects', async ({ request }) => {
  const headers = async (path: string) => {
    const res = await request.get(path, { maxRedirects: 0, headers: RETURNING });
    expect(res.status()).toBe(308);
    return res.headers()['cache-control'];
  };
  const usual = await headers('/videos/top-rated/2/?duration=9');
  for (const path of ['/videos/top-rated/1/?duration=3', '/videos/most-viewed/1/?date=week', '/categories/nature/most-commented/1/?duration=3', '/search/1/?s=walk&duration=3']) {
    expect(await headers(path)).toBe(usual);
  }
});

test('redirects keep campaign parameters', async ({ request }) => {
  const res = await request.get('/top-rated/?campaign=spring', { maxRedirects: 0 });
  expect(res.headers()['location']).toContain('/videos/top-rated/1/?campaign=spring');
});

const pages = [
  '/',
  '/videos/latest-updates/1/',
  '/videos/most-popular/1/',
  '/videos/top-rated/2/',
  '/videos/longest/1/',
  '/videos/top-rated/1/?date=week',
  '/videos/most-popular/1/?date=month&duration=2',
  '/categories/',
  '/categories/?sort=title',
  '/information/',
  '/information/dmca/',
  '/information/support/',
  '/information/terms/',
  '/information/privacy/',
  '/information/2257/',
  '/information/cookies/',
];

const RETURNING = { cookie: 'tf_country=XX' };

for (const path of pages) {
  test(`page ${path} is 200 and cacheable`, async ({ request }) => {
    // A returning visitor's answer (the country cookie set) is the shared one; a first visit's sets the cookie and is private.
    const res = await request.get(path, { maxRedirects: 0, headers: RETURNING });
    expect(res.status()).toBe(200);
    const cc = res.headers()['cache-control'] ?? '';
    expect(cc).toMatch(/s-maxage=\d+/);
    expect(cc).toMatch(/stale-while-revalidate/);
    expect(cc).not.toMatch(/private|no-store/);
  });
}

test('search pages render per request with CDN cache headers', async ({ request }) => {
  const res = await request.get('/search/1/?s=walk', { headers: RETURNING });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toMatch(/public, s-maxage=\d+, stale-while-revalidate=\d+/);
  expect(await res.text()).toContain('Search results for');
});

const notFound = [
  '/no-such-page/',
  '/videos/bogus-sort/1/',
  '/videos/latest-updates/0/',
  '/videos/latest-updates/-1/',
  '/videos/latest-updates/abc/',
  '/videos/latest-updates/01/',
  '/videos/latest-updates/10001/',
  '/videos/latest-updates/9999/',
  '/categories/no-such-category-xyz/latest-updates/1/',
  '/categories/nature/bogus/1/',
  '/information/nope/',
  '/search/0/?s=walk',
  // The internal filter routes exist only for what the filter offers.
  '/videos/top-rated/1/f/all/3/',
  '/videos/most-viewed/1/f/week/all/',
];

for (const path of notFound) {
  test(`404 for ${path}`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Go to main page');
  });
}

test('the /404/ page shows the not-found content', async ({ request }) => {
  const res = await request.get('/404/');
  expect(await res.text()).toContain('Go to main page');
});

test('no page sets a cookie, first visit or not: the country endpoint does, privately', async ({ request }) => {
  for (const path of ['/', '/information/', '/videos/latest-updates/1/', '/videos/', '/categories/', '/search/1/?s=forest']) {
    const res = await request.get(path, { headers: { 'cf-ipcountry': 'DE' }, maxRedirects: 0 });
    expect([path, res.headers()['set-cookie']]).toEqual([path, undefined]);
    expect([path, res.headers()['cache-control'] ?? '']).not.toEqual([path, expect.stringMatching(/private|no-store/)]);
  }
  const country = await request.get('/api/country/', { headers: { 'cf-ipcountry': 'DE' } });
  // No proxy is trusted here: the header is the client's own word, and loopback has no country.
  expect(await country.json()).toEqual({ country: 'XX' });
  expect(country.headers()['set-cookie']).toMatch(/^tf_country=XX; Path=\/; .*Max-Age=86400/i);
  expect(country.headers()['cache-control']).toBe('private, no-store');
});

test('the health endpoint answers a balancer: 200, JSON, never cached', async ({ request }) => {
  const res = await request.get('/api/health/');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(await res.json()).toMatchObject({ ok: true, source: 'embedded', cache: 'memory' });
});

test('robots.txt names the sitemap', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  expect(body).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test("every URL of the models', channels' and tags' sitemaps is an indexable page, in each orientation's section", async ({ request }) => {
  test.setTimeout(300_000);
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname).filter((p) => /\/(model|channel|tag)s-\d+\.xml$/.test(p));
  expect(files.length).toBeGreaterThanOrEqual(3);
  const urls = [];
  for (const file of files) {
    const xml = await (await request.get(file)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
  }
  // An entity with only gay or shemale videos is listed in its section: its straight page is a 404.
  expect(urls.some((u) => /^\/(gay|shemale)\/(models|channel|tags)\//.test(u))).toBe(true);
  for (const url of urls) {
    const res = await request.get(url, { maxRedirects: 0, headers: RETURNING });
    expect(res.status(), url).toBe(200);
    expect(await res.text(), url).not.toContain('noindex');
  }
});

test('sitemap index, pages and video sitemaps', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  expect(locs).toContain('/sitemaps/pages.xml');
  expect(locs).toContain('/sitemaps/videos-1.xml');
  const pagesXml = await (await request.get('/sitemaps/pages.xml')).text();
  expect(pagesXml).toContain('/videos/latest-updates/1/');
  expect(pagesXml).toContain('/information/dmca/');
  expect(pagesXml).toContain('/videos/most-viewed/1/');
  expect(pagesXml).toContain('/gay/videos/latest-updates/1/');
  // Every page it lists is a page, not a redirect (nor the durations that redirect).
  expect(pagesXml).not.toMatch(/duration=3/);
  for (const loc of [...pagesXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname)) {
    expect((await request.get(loc, { maxRedirects: 0, headers: RETURNING })).status(), loc).toBe(200);
  }
  const videos = await request.get('/sitemaps/videos-1.xml');
  expect(videos.headers()['content-type']).toContain('xml');
  const xml = await videos.text();
  expect(xml).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
  for (const tag of ['thumbnail_loc', 'title', 'description', 'player_loc', 'duration', 'publication_date', 'family_friendly']) {
    expect(xml).toContain(`<video:${tag}>`);
  }
  expect(xml).toContain('<video:family_friendly>no</video:family_friendly>');
  expect((await request.get('/sitemaps/videos-999.xml')).status()).toBe(404);
  // lastmod everywhere: on every file of the index and every URL of every sitemap.
  expect(index.match(/<sitemap>/g)!.length).toBe(index.match(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod><\/sitemap>/g)!.length);
  expect(xml.match(/<url>/g)!.length).toBe(xml.match(/<\/loc><lastmod>/g)!.length);
  // A video's own description, not its title again; its player is the site's embed page.
  const entry = /<url>.*?<\/url>/s.exec(xml)![0];
  expect(/<video:description>([^<]+)</.exec(entry)![1]).not.toBe(/<video:title>([^<]+)</.exec(entry)![1]);
  expect(entry).toMatch(/<video:player_loc>[^<]+\/embed\/\d+\/<\/video:player_loc>/);
  // Kept apart from the page cache (lib/seo/sitemap-store.ts), sent as stored: gzip, with an ETag.
  expect(videos.headers()['x-nextjs-cache']).toBeUndefined();
  expect(videos.headers()['content-encoding']).toBe('gzip');
  const etag = videos.headers()['etag']!;
  expect(etag).toMatch(/^W\/"/);
  expect((await request.get('/sitemaps/videos-1.xml', { headers: { 'if-none-match': etag } })).status()).toBe(304);
  // A query string names no other file: a redirect to the file, kept a minute at most.
  const queried = await request.get('/sitemaps/videos-1.xml?n=1', { maxRedirects: 0 });
  expect(queried.status()).toBe(308);
  expect(queried.headers()['location']).toBe('/sitemaps/videos-1.xml');
  expect(queried.headers()['cache-control']).toBe('max-age=0, s-maxage=60');
});
