#!/usr/bin/env node
/**
 * npm run test:edge: the SHIPPED nginx edge (deploy/nginx/nginx.conf, Debian's /usr/sbin/nginx
 * with libnginx-mod-http-geoip2) in front of the site, over real HTTP. Each edge is set up and
 * started with the start lines of the file's own header, run literally (as root in CI: the workers
 * then run as nobody); only the listen port, the upstream line and the secrets of the copy are
 * replaced, and for the first edge its CDN (realip) lines enabled for loopback, so that a request
 * from 127.0.0.1 with X-Forwarded-For stands for a visitor in a given country (tests/support/system/edge.mjs);
 * nothing is mocked.
 *
 *  1. the shipped file is a complete configuration (`nginx -t`, unmodified); the start lines leave
 *     state/ (the purge generation) to the workers' user;
 *  2. a listing is a MISS, then a HIT with the site's gzip bytes; a client without gzip gets plain HTML;
 *  3. cookieless first visits to a listing, home and a video page: the site sets no cookie, the
 *     page is a HIT from its second fetch, and the edge's own Set-Cookie (only that) carries each
 *     visitor's country from the geoip2 data (DE, NL, XX), never stored; forged CF-IPCountry,
 *     X-Vercel-IP-Country and CloudFront-Viewer-Country change neither the edge's cookie nor the
 *     site's /api/country/; no cookie on sitemaps, robots, assets, the API, the player, ad frames;
 *     3b. a crawler without cookies reads the sitemaps and fetches their URLs: each a HIT after its
 *     first fetch, with the site's status, canonical and VideoObject markup;
 *     3c. Chromium, first visits served as HITs: from DE the gate shows and stays closed, from NL it
 *     never shows (not for a frame) and the content takes clicks, a DE address forging
 *     CF-IPCountry: NL is gated;
 *  4. votes pass through uncached and count once per visitor with TRUST_PROXY=1: two source
 *     addresses (127.0.0.2, 127.0.0.3) count twice, a forged X-Forwarded-For changes nothing;
 *  5. search passes through with its query, one cache entry per term;
 *  6. /api/health/ through the edge: 200, its tier and source, never from the cache;
 *  7. a takedown empties the edge set up by the header's lines (EDGE_PURGE_URLS, with EDGE_PURGE_SECRET), and a control takedown
 *     without it shows that the edge alone would have kept serving the removed video; a purge
 *     from loopback without the secret, or with a wrong one, is refused and changes nothing;
 *  8. the site killed: cached pages are still served; health answers 502;
 *  9. the STANDALONE build (npm run build:standalone) behind a second copy of the shipped edge:
 *     home, a listing, a video page, static assets and a vote, through nginx.
 * 10. security headers: through the edge every kind of answer (page, listing, video, player,
 *     ad frame, API, 404, static file, health) carries each of the site's security headers once,
 *     with the site's value; with EDGE_SECRET on both (the first edge) the cache stores pages
 *     without them; without it (the standalone edge) the site's own copies are replaced. The site
 *     itself leaves them out only for the right secret.
 * 11. made-up URLs: 10,000 URLs that name nothing (EDGE_FLOOD_URLS for another count; ten kinds:
 *     missing videos, wrong video dirs, unknown categories, pages past the last, made-up query
 *     strings on a listing, a sitemap and a search, made-up router states and segment prefetches,
 *     unmatched paths) through a fresh edge to a site with Redis (a throwaway redis-server) behind
 *     its page cache (tests/support/system/flood.mjs): none leaves an edge file or a Redis key that lives
 *     past a minute, none is in the site's page cache a minute later, no answer is a 5xx, and a
 *     real page cached before is still there after.
 *
 * Builds into its own folder, .next-edge (EDGE_DIST_DIR), with NEXT_STANDALONE=1, so that the other
 * suites' .next is untouched. Needs Debian's nginx (NGINX_PATH to use another).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, runNpmScript, startNext, startStandalone } from '../tests/support/system/harness.mjs';

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} args
 */
const cli = (env, args) => runNpmScript(env, args, { showEnv: ['EDGE_PURGE_URLS'] });
import { SHIPPED_CONF, startEdge, testConfig } from '../tests/support/system/edge.mjs';
import { randomBytes } from 'node:crypto';
import { request } from '../tests/support/system/http-client.mjs';
import { flood, printFlood } from '../tests/support/system/flood.mjs';
import { startRedis, stopRedis } from '../tests/support/system/redis.mjs';
import { Reader } from 'maxmind';
import { chromium } from '@playwright/test';

/** @typedef {Awaited<ReturnType<typeof request>>} Answer */
/** @typedef {import('../tests/support/system/edge.mjs').Edge} Edge */
/** @typedef {import('../tests/support/system/harness.mjs').SiteServer} SiteServer */
/** A video of the site's JSON API (the fields used here). */
/** @typedef {{ video_id: string; dir: string; title: string }} Video */
/**
 * The page's globals that the age gate's scripts use in Chromium: this file is checked without
 * the DOM library, which would declare `window` and `document` in every Node script too.
 * @typedef {object} GatePage
 * @property {{ shownAt: number | null; ever: boolean }} __gate set by the init script
 * @property {{ body: { classList: { contains(name: string): boolean } } }} document
 * @property {new (callback: (records: { target: unknown; oldValue: string | null }[]) => void) => { observe(target: unknown, options: { subtree: boolean; attributes: boolean; attributeFilter: string[]; attributeOldValue: boolean }): void }} MutationObserver
 * @property {{ now(): number; getEntriesByType(type: 'navigation'): { loadEventStart: number }[] }} performance
 */

const DIST = process.env.EDGE_DIST_DIR || '.next-edge';
const DB = 'data/edge-suite.db';
const STANDALONE_DB = 'data/edge-standalone.db';
const RETURNING = { cookie: 'tf_country=XX', 'accept-encoding': 'gzip' };
/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @type {string[]} */
const failures = [];
/**
 * @param {boolean} ok
 * @param {string} what
 * @param {string} [detail]
 */
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} - ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
  return ok;
}
/** @param {{ headers: import('node:http').IncomingHttpHeaders }} res */
const cacheStatus = (res) => String(res.headers['x-cache-status'] ?? '');
/**
 * The edge's answer once it serves `url` from its cache: asks up to `tries` times, 100 ms apart,
 * until a HIT. With nginx's two workers, a request sent just after one worker stored a page was
 * sometimes a MISS on the other (about 1 run of this suite in 13, in 120 runs; none in 60 runs with
 * one worker; no error logged): that worker fetches the page from the site once more and stores it
 * too. So a page counts as stored when one of the next requests is a HIT, not only the very next.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} [tries]
 * @returns {Promise<Answer & { tries: number }>}
 */
async function hitWithin(url, headers, tries = 3) {
  for (let i = 1; ; i++) {
    const res = await request(url, { headers });
    if (cacheStatus(res) === 'HIT' || i === tries) return Object.assign(res, { tries: i });
    await sleep(100);
  }
}
/** @param {Answer & { tries?: number }} res an answer of hitWithin, or one asked once (no `tries`) */
const asked = (res) => ((res.tries ?? 1) > 1 ? `, HIT at request ${res.tries}` : '');


/** @param {Video} video */
function videoUrl(video) {
  return `/video/${video.video_id}/${video.dir}/`;
}

/**
 * @param {string} base
 * @returns {Promise<Video[]>}
 */
async function latest(base, page = 1) {
  const res = await request(`${base}/api/json/videos2/86400/str/latest-updates/60/..${page}.all...json`);
  return JSON.parse(res.text).videos;
}

/**
 * @param {string} siteBase
 * @param {number} id
 */
async function counts(siteBase, id) {
  const m = Math.floor(id / 1_000_000) * 1_000_000;
  const k = Math.floor(id / 1000) * 1000;
  const res = await request(`${siteBase}/api/json/video/86400/${m}/${k}/${id}.json`, { headers: { 'cache-control': 'no-cache' } });
  const { video } = JSON.parse(res.text);
  return Number(video.statistics.likes) + Number(video.statistics.dislikes);
}

/**
 * @param {string} edgeBase
 * @param {number} id
 * @param {string} localAddress
 * @param {Record<string, string>} [headers]
 */
function vote(edgeBase, id, localAddress, headers = {}) {
  return request(`${edgeBase}/api/input.php`, {
    method: 'POST',
    localAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: `act=vote&section=video&object_id=${id}&vote=1`,
  });
}

const SECURITY = /** @type {const} */ (['content-security-policy', 'permissions-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']);

/**
 * Each security header of an answer: its values as received (one entry a copy).
 * @param {Answer} res
 * @returns {Record<(typeof SECURITY)[number], string[]>}
 */
function securityHeaders(res) {
  /** @type {Record<string, string[]>} */
  const out = Object.fromEntries(SECURITY.map((h) => [h, []]));
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    // Both indices are below the length (the loop's condition).
    const name = /** @type {string} */ (res.rawHeaders[i]).toLowerCase();
    const values = out[name];
    if (values) values.push(/** @type {string} */ (res.rawHeaders[i + 1]));
  }
  return /** @type {Record<(typeof SECURITY)[number], string[]>} */ (out); // every name of SECURITY, made above
}

/**
 * Check 10 on one edge: for every kind of answer, the edge's security headers are the site's
 * (asked directly, without the secret), one copy each.
 * @param {string} label
 * @param {string} siteBase
 * @param {string} edgeBase
 * @param {readonly string[]} paths
 */
async function checkSecurityHeaders(label, siteBase, edgeBase, paths) {
  for (const p of paths) {
    const direct = securityHeaders(await request(`${siteBase}${p}`, { headers: RETURNING }));
    // Twice: the second is a HIT wherever the answer may be stored.
    await request(`${edgeBase}${p}`, { headers: RETURNING });
    const res = await request(`${edgeBase}${p}`, { headers: RETURNING });
    const got = securityHeaders(res);
    const wrong = SECURITY.filter((h) => got[h].length !== direct[h].length || got[h].length > 1 || got[h][0] !== direct[h][0]);
    const expected = SECURITY.filter((h) => direct[h].length === 1).length;
    check(wrong.length === 0 && expected >= 4, `${label}: ${p} (${res.status} ${cacheStatus(res) || 'no cache status'}) has the site's ${expected} security headers, once each`, wrong.map((h) => `${h}: site ${JSON.stringify(direct[h])}, edge ${JSON.stringify(got[h])}`).join('; '));
  }
}

/**
 * The file the edge's cache keeps for `path` (gzip variant), found by its KEY line.
 * @param {string} prefix
 * @param {string} p
 * @returns {string | null}
 */
function cacheFile(prefix, p) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      // The key holds the path, the query arguments the site reads there (a listing's date and duration,
      // empty), the encoding and the router headers (none: the HTML, not a navigation's flight data).
      else if (fs.readFileSync(f).subarray(0, 4096).toString('latin1').includes(`${p}?date=&duration=|gzip|||\n`)) found.push(f);
    }
  };
  walk(path.join(prefix, 'cache'));
  return found.length === 1 ? fs.readFileSync(/** @type {string} */ (found[0])).toString('latin1') : null;
}


/**
 * Visitors' addresses in the site's own country data, which the edge reads too. The first edge
 * runs with its CDN lines enabled for loopback (realip), so a request from 127.0.0.1 with
 * X-Forwarded-For stands for that visitor, as a CDN's request would.
 */
const DE_ADDRESS = '5.9.0.1';
const NL_ADDRESS = '145.97.0.1';
const NOWHERE_ADDRESS = '10.0.0.1';
const MMDB = path.join(root, 'node_modules', '@ip-location-db', 'geo-whois-asn-country-mmdb', 'geo-whois-asn-country.mmdb');
/** The edge's own cookie, exactly as its add_header writes it (the site's Set-Cookie has an Expires). */
/** @param {string} country */
const edgeCookie = (country) => `tf_country=${country}; Path=/; Max-Age=86400; SameSite=Lax`;
/** @param {{ headers: import('node:http').IncomingHttpHeaders }} res */
const setCookies = (res) => [res.headers['set-cookie'] ?? []].flat();
const FORGED = { 'cf-ipcountry': 'NL', 'x-vercel-ip-country': 'NL', 'cloudfront-viewer-country': 'NL' };

/**
 * 3. Cookieless first visits: HITs from the second fetch on, the site sets no cookie, the edge sets the visitor's.
 * @param {Edge} edge
 * @param {SiteServer} site
 * @param {readonly Video[]} videos
 */
async function firstVisits(edge, site, videos) {
  const mmdb = new Reader(fs.readFileSync(MMDB));
  // The records of this database are { country_code }, not MaxMind's own shape (lib/geo/country.ts).
  const inData = [DE_ADDRESS, NL_ADDRESS, NOWHERE_ADDRESS].map((ip) => /** @type {{ country_code?: string } | null} */ (mmdb.get(ip))?.country_code ?? null);
  check(inData.join() === 'DE,NL,', "the test's visitors are in the site's country data: DE, NL and none", inData.join());
  /** @param {Record<string, string>} [extra] */
  const de = (extra = {}) => ({ 'accept-encoding': 'gzip', 'x-forwarded-for': DE_ADDRESS, ...extra });
  const nl = { 'accept-encoding': 'gzip', 'x-forwarded-for': NL_ADDRESS };
  const listing = '/videos/most-popular/3/';
  const ninth = /** @type {Video} */ (videos[9]); // a listing of 60
  for (const p of [listing, '/', videoUrl(ninth)]) {
    const url = `${edge.baseUrl}${p}`;
    const direct = await request(`${site.baseUrl}${p}`, { headers: { 'accept-encoding': 'gzip' } });
    check(direct.status === 200 && setCookies(direct).length === 0 && /s-maxage=/.test(String(direct.headers['cache-control'])) && !/private|no-store/.test(String(direct.headers['cache-control'])), `${p}: the site answers a cookieless visit without Set-Cookie, shared-cacheable`, `${direct.status} ${direct.headers['cache-control']} ${setCookies(direct).join(' | ')}`);
    const first = await request(url, { headers: de() });
    const second = await hitWithin(url, nl);
    const returning = await request(url, { headers: RETURNING });
    check(first.status === 200 && setCookies(first).join(' | ') === edgeCookie('DE'), `${p}: a cookieless first visit from DE gets one Set-Cookie, the edge's, with DE`, `${first.status} ${cacheStatus(first)} ${setCookies(first).join(' | ')}`);
    check(cacheStatus(second) === 'HIT' && setCookies(second).join(' | ') === edgeCookie('NL') && second.raw.equals(first.raw), `${p}: the next cookieless visit (NL) is a HIT, the same bytes, with its own country`, `${cacheStatus(second)}${asked(second)} ${setCookies(second).join(' | ')}`);
    check(cacheStatus(returning) === 'HIT' && setCookies(returning).length === 0 && returning.raw.equals(first.raw), `${p}: a visitor with the cookie gets the same entry and no Set-Cookie`, `${cacheStatus(returning)} ${setCookies(returning).join(' | ')}`);
    check(/s-maxage=/.test(String(second.headers['cache-control'])) && !/private|no-store/.test(String(second.headers['cache-control'])), `${p}: the edge's answer stays shared-cacheable`, String(second.headers['cache-control']));
  }
  const stored = cacheFile(edge.prefix, listing);
  check(stored !== null && !/\r\nSet-Cookie:/i.test(stored.slice(0, stored.indexOf('\r\n\r\n'))), 'the stored listing holds no Set-Cookie', stored === null ? 'no cache file' : 'checked');
  // Forged country headers: the edge's cookie and the site's /api/country/ both keep the address's country.
  const forged = await request(`${edge.baseUrl}${listing}`, { headers: de(FORGED) });
  check(setCookies(forged).join(' | ') === edgeCookie('DE'), 'a visitor from DE forging CF-IPCountry, X-Vercel-IP-Country and CloudFront-Viewer-Country: NL gets DE', setCookies(forged).join(' | '));
  const api = await request(`${edge.baseUrl}/api/country/`, { headers: de(FORGED) });
  check(api.status === 200 && /"DE"/.test(api.text) && !setCookies(api).includes(edgeCookie('DE')), "the same forgery at /api/country/ through the edge: the site answers DE (the edge strips the headers), the edge adds no cookie of its own", `${api.status} ${api.text} ${setCookies(api).join(' | ')}`);
  const nowhere = await request(`${edge.baseUrl}${listing}`, { headers: { 'x-forwarded-for': NOWHERE_ADDRESS } });
  check(setCookies(nowhere).join(' | ') === edgeCookie('XX'), 'an address in no country: tf_country=XX (never gated)', setCookies(nowhere).join(' | '));
  // Never on anything but pages.
  const home = await request(`${edge.baseUrl}/`, { headers: RETURNING });
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(home.text)?.[1] ?? '/_next/static/missing.js';
  const others = ['/sitemap.xml', '/robots.txt', script, '/api/json/videos2/86400/str/latest-updates/10/..1.all...json', '/icon.svg', `/embed/${ninth.video_id}/`, '/demo/clip.mp4'];
  /** @type {string[]} */
  const withCookie = [];
  for (const p of others) {
    const r = await request(`${edge.baseUrl}${p}`, { headers: de() });
    if (r.status >= 400 || setCookies(r).length) withCookie.push(`${p} ${r.status} ${setCookies(r).join(' | ')}`);
  }
  check(withCookie.length === 0, 'no Set-Cookie on sitemaps, robots.txt, assets, the API, icons, media or the player (each answered below 400)', withCookie.join('; '));
}

// A regular expression's groups that are not optional: there whenever it matches.
/** @param {string} xml */
const locs = (xml) => [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => /** @type {string} */ (m[1]).replace(/&amp;/g, '&'));
/** @param {string} html */
const canonical = (html) => /<link[^>]+rel="canonical"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1] ?? null;
/** @param {string} html */
const videoObjects = (html) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => /** @type {string} */ (m[1])).filter((j) => j.includes('"VideoObject"'));

/**
 * 3b. A crawler without cookies: the sitemap index, each sitemap, then (up to EDGE_CRAWL_PER, 25,
 * of each sitemap's) URLs, each fetched twice through the edge: the second a HIT, both with the
 * site's own status, canonical and VideoObject markup.
 * @param {Edge} edge
 * @param {SiteServer} site
 */
async function crawler(edge, site) {
  const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'accept-encoding': 'gzip' };
  const per = Number(process.env.EDGE_CRAWL_PER) || 25;
  /** @param {string} u */
  const local = (u) => { const x = new URL(u); return `${x.pathname}${x.search}`; };
  const index = await request(`${edge.baseUrl}/sitemap.xml`, { headers: bot });
  const sitemaps = /<sitemapindex/.test(index.text) ? locs(index.text).map(local) : ['/sitemap.xml'];
  /** @type {string[]} */
  const urls = [];
  for (const sm of sitemaps) {
    const r = await request(`${edge.baseUrl}${sm}`, { headers: bot });
    if (r.status !== 200) check(false, `crawler: sitemap ${sm}`, String(r.status));
    urls.push(...locs(r.text).slice(0, per).map(local));
  }
  /** @type {string[]} */
  const wrong = [];
  let videoPages = 0;
  for (const p of urls) {
    const first = await request(`${edge.baseUrl}${p}`, { headers: bot });
    const second = await hitWithin(`${edge.baseUrl}${p}`, bot);
    const direct = await request(`${site.baseUrl}${p}`, { headers: bot });
    const objects = videoObjects(direct.text);
    if (objects.length) videoPages += 1;
    /** @param {Answer} r */
    const same = (r) => r.status === direct.status && canonical(r.text) === canonical(direct.text) && JSON.stringify(videoObjects(r.text)) === JSON.stringify(objects);
    if (direct.status !== 200 || cacheStatus(second) !== 'HIT' || !same(first) || !same(second)) wrong.push(`${p}: site ${direct.status}, edge ${first.status} ${cacheStatus(first)} then ${second.status} ${cacheStatus(second)}, ${same(second) ? 'same' : 'other'} canonical/markup`);
  }
  check(urls.length >= sitemaps.length && videoPages > 0 && wrong.length === 0, `crawler: ${urls.length} URLs of ${sitemaps.length} sitemaps (${videoPages} video pages), each a HIT after its first fetch, with the site's status, canonical and VideoObject markup`, wrong.slice(0, 5).join('; '));
}

/**
 * 3c. The age gate in Chromium through the edge, each a first visit (a fresh browser context) to
 * a page already stored (a HIT): from DE the gate shows from the first paint and stays; from NL it
 * never shows, not even for a frame; a DE address forging CF-IPCountry: NL is still gated.
 * @param {Edge} edge
 * @param {readonly Video[]} videos
 */
async function gateInChromium(edge, videos) {
  const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const cases = [
      { label: 'DE', address: DE_ADDRESS, extra: {}, gated: true, path: '/videos/most-popular/2/' },
      { label: 'NL', address: NL_ADDRESS, extra: {}, gated: false, path: videoUrl(/** @type {Video} */ (videos[11])) },
      { label: 'DE forging CF-IPCountry: NL', address: DE_ADDRESS, extra: FORGED, gated: true, path: '/videos/top-rated/2/' },
    ];
    for (const c of cases) {
      const url = `${edge.baseUrl}${c.path}`;
      // Stored before the browser comes, under the encoding Chromium asks for.
      const browserLike = { 'accept-encoding': 'gzip, deflate, br, zstd', 'x-forwarded-for': NOWHERE_ADDRESS };
      await request(url, { headers: browserLike });
      const warm = await hitWithin(url, browserLike);
      const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': c.address, ...c.extra } });
      // Every state of body's class, from the first: a gate added and removed within one task still leaves a record.
      await context.addInitScript(() => {
        // In the page globalThis is window (see GatePage).
        const w = /** @type {GatePage} */ (/** @type {unknown} */ (globalThis));
        const { document, MutationObserver } = w;
        w.__gate = { shownAt: null, ever: false };
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.target !== document.body) continue;
            const now = document.body.classList.contains('tf-agegate');
            if (now || String(r.oldValue ?? '').includes('tf-agegate')) w.__gate.ever = true;
            if (now && w.__gate.shownAt === null) w.__gate.shownAt = performance.now();
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
      });
      const page = await context.newPage();
      /** @type {string[]} */
      const asks = [];
      page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/country/') asks.push(r.url()); });
      const res = await page.goto(url, { waitUntil: 'load' });
      const atLoad = await page.evaluate(() => {
        const { document, __gate, performance } = /** @type {GatePage} */ (/** @type {unknown} */ (globalThis));
        return { gated: document.body.classList.contains('tf-agegate'), ...__gate, load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? null };
      });
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate(() => {
        const { document, __gate } = /** @type {GatePage} */ (/** @type {unknown} */ (globalThis));
        return { gated: document.body.classList.contains('tf-agegate'), ever: __gate.ever };
      });
      const dialog = await page.getByRole('dialog').isVisible();
      const cookie = (await context.cookies()).find((k) => k.name === 'tf_country')?.value ?? null;
      const status = res?.headers()['x-cache-status'];
      const detail = `${cacheStatus(warm)}${asked(warm)} before, the browser's ${status}; cookie ${cookie}; gated at load ${atLoad.gated}, after ${after.gated}, ever ${after.ever}; dialog ${dialog}; /api/country/ asked ${asks.length}x; ${atLoad.shownAt === null ? '' : `gate shown at ${atLoad.shownAt.toFixed(0)} ms, `}load at ${Number(atLoad.load).toFixed(0)} ms`;
      if (c.gated) {
        check(status === 'HIT' && cookie === 'DE' && atLoad.gated && after.gated && dialog && asks.length === 0, `Chromium, cookieless first visit from ${c.label}, a HIT: the gate shows before first paint and stays closed`, detail);
      } else {
        // Playwright's trial click: the link is visible, stable and the one that would get the click.
        const usable = await page
          .locator('main a[href^="/video/"]')
          .first()
          .click({ trial: true, timeout: 10_000 })
          .then(() => true, () => false);
        check(status === 'HIT' && cookie === 'NL' && !after.ever && !dialog && asks.length === 0 && usable, `Chromium, cookieless first visit from ${c.label}, a HIT: never gated, the gate never flashes, the content takes clicks`, `${detail}; usable ${usable}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

runMain('edge', async () => {
  const started = Date.now();
  // 1. The shipped file as it is.
  try {
    testConfig(fs.readFileSync(SHIPPED_CONF, 'utf8'));
    check(true, 'deploy/nginx/nginx.conf is a complete configuration (nginx -t, unmodified)');
  } catch (e) {
    check(false, 'deploy/nginx/nginx.conf is a complete configuration (nginx -t, unmodified)', String(/** @type {{ stderr?: Buffer; message?: string }} */ (e).stderr ?? /** @type {{ message?: string }} */ (e).message));
  }

  /** @type {NodeJS.ProcessEnv} */
  const env = { ...freshCatalogEnv(DB, { TRUST_PROXY: '1', NEXT_STANDALONE: '1' }), NEXT_DIST_DIR: DIST };
  delete env.EDGE_PURGE_URLS;
  delete env.EDGE_PURGE_SECRET;
  if (!fs.existsSync(path.join(root, DIST, 'standalone', 'server.js'))) fs.rmSync(path.join(root, DIST, 'BUILD_ID'), { force: true });
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const packed = spawnSync(process.execPath, ['scripts/build-standalone.mjs', '--no-build'], { cwd: root, env, stdio: 'inherit' });
  if (packed.status !== 0) return packed.status ?? 1;

  // NEXT_STANDALONE is a build setting: a server that reads it warns that `next start` does not
  // work with standalone output (it does; the warning is about the missing folder's files).
  const serverEnv = { ...env };
  delete serverEnv.NEXT_STANDALONE;
  // The first edge and its site share EDGE_SECRET; the standalone pair (9) runs without it.
  const edgeSecret = randomBytes(24).toString('base64url');
  // The purge secret of the first edge, as docs/nginx-edge.md tells an operator to set it (7).
  const purgeSecret = randomBytes(24).toString('base64url');
  const site = await startNext(await freePort(), { ...serverEnv, EDGE_SECRET: edgeSecret });
  // Its CDN lines enabled for loopback: a request from 127.0.0.1 names its visitor (3).
  const edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`], edgeSecret, purgeSecret, realIpFrom: '127.0.0.1' });
  console.log(`edge: the header's start lines, then ${edge.command} (shipped config, listen 127.0.0.1:${edge.baseUrl.split(':').pop()}, upstream ${site.baseUrl}, realip from 127.0.0.1)`);
  {
    // The start lines as documented, as root: the workers (nobody) own state/, where a purge writes.
    const state = fs.statSync(path.join(edge.prefix, 'state'));
    // Linux only (nginx, /proc): process.getuid is there.
    const posix = /** @type {NodeJS.Process & { getuid(): number }} */ (process);
    const worker = posix.getuid() === 0 ? Number(execFileSync('id', ['-u', 'nobody']).toString()) : posix.getuid();
    check(state.uid === worker, `the header's start lines${posix.getuid() === 0 ? ' as root' : ''} leave state/ to the workers' user (uid ${worker})`, `uid ${state.uid}`);
  }
  try {
    const videos = await latest(site.baseUrl);

    // 2. MISS, then HIT, with the site's compressed bytes.
    {
      const url = `${edge.baseUrl}/videos/latest-updates/2/`;
      const a = await request(url, { headers: RETURNING });
      const b = await hitWithin(url, RETURNING);
      check(a.status === 200 && cacheStatus(a) === 'MISS', 'listing: first request is a MISS', `${a.status} ${cacheStatus(a)}`);
      check(b.status === 200 && cacheStatus(b) === 'HIT', 'listing: the next request is a HIT', `${b.status} ${cacheStatus(b)}${asked(b)}`);
      check(a.headers['content-encoding'] === 'gzip' && b.headers['content-encoding'] === 'gzip' && a.raw.equals(b.raw), 'listing: the HIT is the same gzip bytes the site sent', `${a.raw.length} and ${b.raw.length} bytes`);
      check(/s-maxage=86400/.test(String(b.headers['cache-control'])), 'listing: the site\'s Cache-Control passes through', String(b.headers['cache-control']));
      const direct = await request(url.replace(edge.baseUrl, site.baseUrl), { headers: RETURNING });
      check(
        Boolean(direct.headers['x-nextjs-cache']) && a.headers['x-nextjs-cache'] === undefined && b.headers['x-nextjs-cache'] === undefined,
        'listing: the edge leaves out the site\'s X-Nextjs-Cache (a stored copy would repeat it on every hit)',
        `site ${direct.headers['x-nextjs-cache']}, edge ${a.headers['x-nextjs-cache'] ?? 'none'} then ${b.headers['x-nextjs-cache'] ?? 'none'}`,
      );
      const plain = await request(url, { headers: { cookie: 'tf_country=XX' } });
      check(plain.status === 200 && !plain.headers['content-encoding'] && plain.text === b.text, 'listing: a client without gzip gets the same page uncompressed', `${plain.headers['content-encoding'] ?? 'identity'}, ${cacheStatus(plain)}`);
      // A client navigation (RSC: 1) on the same URL must never get the stored HTML, nor store its
      // flight data where the HTML is (Next answers it with a redirect to the ?_rsc= URL).
      const rsc = await request(url, { headers: { ...RETURNING, rsc: '1' } });
      check(cacheStatus(rsc) !== 'HIT' && !/^text\/html/.test(String(rsc.headers['content-type'])), 'listing: a client navigation (RSC: 1) on the same URL never gets the stored HTML', `${rsc.status} ${cacheStatus(rsc)} ${rsc.headers['content-type'] ?? ''} ${rsc.headers.location ?? ''}`);
      const flightUrl = rsc.status >= 300 && rsc.status < 400 && rsc.headers.location ? new URL(rsc.headers.location, url).toString() : url;
      const flight = await request(flightUrl, { headers: { ...RETURNING, rsc: '1' } });
      check(flight.status === 200 && /^text\/x-component/.test(String(flight.headers['content-type'])), 'listing: the navigation gets the flight data', `${flight.status} ${flight.headers['content-type']} ${cacheStatus(flight)}`);
      // From another page: another router state (left out of the edge's key), the same flight data.
      const state = { ...RETURNING, rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['categories', {}] }, null, null, true])) };
      const moved = await request(url, { headers: state });
      const elsewhere = moved.status === 307 && moved.headers.location ? await hitWithin(new URL(moved.headers.location, url).toString(), state) : moved;
      check(elsewhere.status === 200 && cacheStatus(elsewhere) === 'HIT' && elsewhere.raw.equals(flight.raw), "listing: a navigation from another router state gets the same flight data from the edge's one entry", `${elsewhere.status} ${cacheStatus(elsewhere)}${asked(elsewhere)}, ${elsewhere.raw.equals(flight.raw) ? 'same bytes' : 'other bytes'}`);
      const html = await request(url, { headers: RETURNING });
      check(cacheStatus(html) === 'HIT' && html.raw.equals(b.raw), 'listing: the HTML entry is unchanged after the navigations', cacheStatus(html));
    }

    // 10 (with EDGE_SECRET). Security headers: the visitor's are the site's; the cache's copy has none.
    {
      const v = /** @type {Video} */ (videos[7]);
      await checkSecurityHeaders('security headers with EDGE_SECRET', site.baseUrl, edge.baseUrl, ['/', '/videos/latest-updates/2/', videoUrl(v), `/embed/${v.video_id}/`, '/ad-frame/banner/', '/api/json/videos2/86400/str/latest-updates/10/..1.all...json', '/no-such-page/', '/embed/no-such.mp4', '/icon.svg', '/api/health/']);
      const icon = await request(`${edge.baseUrl}/favicon.ico`);
      check(icon.status === 308 && icon.headers.location === '/icon.svg', '/favicon.ico sends a client to the site\'s icon', `${icon.status} ${icon.headers.location}`);
      const stored = cacheFile(edge.prefix, '/videos/latest-updates/2/');
      check(stored !== null && /\r\nCache-Control: /i.test(stored) && !/Content-Security-Policy|Permissions-Policy/i.test(stored), 'with EDGE_SECRET the edge stores the listing without the security headers', stored === null ? 'no cache file' : `${stored.indexOf('\r\n\r\n')} bytes of stored headers`);
      /** @param {string} [secret] */
      const ask = (secret) => request(`${site.baseUrl}/videos/latest-updates/2/`, { headers: secret === undefined ? RETURNING : { ...RETURNING, 'x-tubefront-edge': secret } });
      // Another last character (a fixed one was the secret's own in 1 run of 64: the "wrong" secret was right).
      const wrong = `${edgeSecret.slice(0, -1)}${edgeSecret.endsWith('x') ? 'y' : 'x'}`;
      const [none, wrongSecret, right] = [securityHeaders(await ask()), securityHeaders(await ask(wrong)), securityHeaders(await ask(edgeSecret))];
      check(SECURITY.every((h) => none[h].length === 1 && wrongSecret[h].length === 1 && right[h].length === 0), 'the site leaves its security headers out for the right secret only (none, a wrong one: all five)', SECURITY.map((h) => `${h} ${none[h].length}/${wrongSecret[h].length}/${right[h].length}`).join(', '));
    }

    // 2b. A video file: byte ranges pass through (a player seeks), the same bytes as the site's.
    {
      const range = { 'accept-encoding': 'gzip', range: 'bytes=1000-1999' };
      const direct = await request(`${site.baseUrl}/demo/clip.mp4`, { headers: range });
      const through = await request(`${edge.baseUrl}/demo/clip.mp4`, { headers: range });
      check(through.status === 206 && through.headers['content-range'] === direct.headers['content-range'] && through.raw.equals(direct.raw) && through.raw.length === 1000, 'a range of a video file through the edge: 206 with the site\'s bytes', `${through.status} ${through.headers['content-range']} ${through.raw.length} bytes`);
    }

    // 3. First visits: every page from the cache, the country cookie set by the edge on delivery.
    await firstVisits(edge, site, videos);
    // 3b. A crawler without cookies, from the sitemaps.
    await crawler(edge, site);
    // 3c. The age gate in Chromium, first visits served from the cache.
    await gateInChromium(edge, videos);

    // 4. Votes: uncached, once per visitor, by the address nginx saw.
    {
      const id = Number(/** @type {Video} */ (videos[20]).video_id);
      const before = await counts(site.baseUrl, id);
      const v1 = await vote(edge.baseUrl, id, '127.0.0.2');
      const v1again = await vote(edge.baseUrl, id, '127.0.0.2', { 'x-forwarded-for': '198.51.100.7' });
      const v2 = await vote(edge.baseUrl, id, '127.0.0.3');
      const v2forged = await vote(edge.baseUrl, id, '127.0.0.3', { 'x-forwarded-for': '127.0.0.2, 203.0.113.9' });
      const after = await counts(site.baseUrl, id);
      check(v1.text === '{"ok":1}' && !cacheStatus(v1), 'vote from 127.0.0.2 through the edge counts, not cached', `${v1.text} ${cacheStatus(v1) || 'no cache status'}`);
      check(/already_voted/.test(v1again.text), 'the same visitor with a forged X-Forwarded-For: already voted', v1again.text);
      check(v2.text === '{"ok":1}', 'vote from 127.0.0.3 (another visitor) counts', v2.text);
      check(/already_voted/.test(v2forged.text), '127.0.0.3 forging X-Forwarded-For: already voted', v2forged.text);
      check(after === before + 2, 'two visitors through the edge, two votes in the catalogue', `${before} -> ${after}`);
      // A browser on the edge's port posts with an Origin that has the port, while nginx's Host ($host) does not.
      const page = await vote(edge.baseUrl, id, '127.0.0.6', { origin: edge.baseUrl, 'sec-fetch-site': 'same-origin' });
      const evil = await vote(edge.baseUrl, id, '127.0.0.7', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      check(page.text === '{"ok":1}' && evil.status === 403, 'a vote from the site\'s own page on the edge\'s port counts, one from another site is refused', `${page.status} ${page.text}, ${evil.status}`);
    }

    // 5. Search.
    {
      const term = String(/** @type {Video} */ (videos[0]).title).split(/\s+/).find((w) => w.length > 3) ?? 'demo';
      const url = `${edge.baseUrl}/search/1/?s=${encodeURIComponent(term)}`;
      const a = await request(url, { headers: RETURNING });
      const b = await hitWithin(url, RETURNING);
      const other = await request(`${edge.baseUrl}/search/1/?s=zzqx${Date.now()}`, { headers: RETURNING });
      check(a.status === 200 && a.text.includes(`/video/${/** @type {Video} */ (videos[0]).video_id}/`), `search "${term}" passes through with its query`, `${a.status}`);
      check(cacheStatus(a) === 'MISS' && cacheStatus(b) === 'HIT' && cacheStatus(other) === 'MISS' && !other.text.includes(`/video/${/** @type {Video} */ (videos[0]).video_id}/`), 'search: one entry per term', `${cacheStatus(a)} ${cacheStatus(b)}${asked(b)} ${cacheStatus(other)}`);
    }

    // 6. Health.
    {
      const a = await request(`${edge.baseUrl}/api/health/`);
      const b = await request(`${edge.baseUrl}/api/health/`);
      const body = JSON.parse(b.text);
      check(a.status === 200 && body.ok === true && body.source === 'embedded' && body.cache === 'memory', '/api/health/ through the edge: 200 with source and cache tier', b.text);
      check(!cacheStatus(a) && !cacheStatus(b) && /no-store/.test(String(b.headers['cache-control'])), '/api/health/ is never from the cache', `${cacheStatus(b) || 'no cache status'}, ${b.headers['cache-control']}`);
    }

    // 7. Takedowns.
    {
      const listing = `${edge.baseUrl}/videos/latest-updates/1/`;
      const control = /** @type {Video} */ (videos[5]);
      const target = /** @type {Video} */ (videos[3]);
      const page = `${edge.baseUrl}${videoUrl(target)}`;
      for (const u of [listing, page]) {
        await request(u, { headers: RETURNING });
        const warm = await hitWithin(u, RETURNING);
        check(warm.status === 200 && cacheStatus(warm) === 'HIT', `before the takedown: ${u.slice(edge.baseUrl.length)} is cached at the edge`, `${cacheStatus(warm)}${asked(warm)}`);
      }
      const tools = { ...serverEnv, REVALIDATE_URLS: site.baseUrl };
      // Control: the site is told, the edge is not.
      const c = await cli({ ...tools, EDGE_PURGE_URLS: 'none' }, ['catalog', '--', 'remove', String(control.video_id)]);
      const fromSite = await request(`${site.baseUrl}/videos/latest-updates/1/`, { headers: RETURNING });
      const fromEdge = await request(listing, { headers: RETURNING });
      check(c.code === 0 && !fromSite.text.includes(`/video/${control.video_id}/`), `control takedown of ${control.video_id}: the site no longer lists it`);
      check(cacheStatus(fromEdge) === 'HIT' && fromEdge.text.includes(`/video/${control.video_id}/`), 'control: without EDGE_PURGE_URLS the edge alone still serves it from its cache', cacheStatus(fromEdge));
      // A purge from loopback (where a TLS terminator on the edge's host connects from, for
      // anyone) without the secret, or with a wrong one: refused, the cached listing untouched.
      {
        /** @param {Record<string, string>} headers */
        const put = (headers) => request(`${edge.baseUrl}/_edge/purge`, { method: 'PUT', body: `x${Date.now()}`, headers });
        const none = await put({});
        const wrong = await put({ 'x-tubefront-purge': `${purgeSecret.slice(0, -1)}${purgeSecret.endsWith('x') ? 'y' : 'x'}` });
        const still = await hitWithin(listing, RETURNING);
        check(none.status === 403 && wrong.status === 403, 'a purge from loopback without the purge secret, or with a wrong one, is refused', `${none.status}, ${wrong.status}`);
        check(cacheStatus(still) === 'HIT' && still.text.includes(`/video/${control.video_id}/`), 'the refused purges changed nothing: the listing is still a HIT', `${cacheStatus(still)}${asked(still)}`);
      }
      // The takedown, with the edge told.
      const t0 = Date.now();
      const r = await cli({ ...tools, EDGE_PURGE_URLS: edge.baseUrl, EDGE_PURGE_SECRET: purgeSecret }, ['catalog', '--', 'remove', String(target.video_id)]);
      check(r.code === 0 && /edge .*: edge emptied/.test(r.out), `takedown of ${target.video_id} with EDGE_PURGE_URLS: the tool empties the edge`);
      let gone = false;
      let last = '';
      while (!gone && Date.now() - t0 < 60_000) {
        const l = await request(listing, { headers: RETURNING });
        const v = await request(page, { headers: RETURNING });
        const removedFromListing = l.status === 200 && !l.text.includes(`/video/${target.video_id}/`) && !l.text.includes(`/video/${control.video_id}/`);
        const pageGone = v.status === 404 || (v.status >= 300 && v.status < 400 && /\/404\//.test(String(v.headers.location)));
        gone = removedFromListing && pageGone;
        last = `listing ${l.status} ${cacheStatus(l)}, video ${v.status} ${cacheStatus(v)} ${v.headers.location ?? ''}`;
        if (!gone) await sleep(500);
      }
      check(gone, `after the takedown the edge serves neither the video page nor the listing with it (${((Date.now() - t0) / 1000).toFixed(1)} s, limit 60 s)`, last);
      const l2 = await hitWithin(listing, RETURNING);
      check(cacheStatus(l2) === 'HIT' && !l2.text.includes(`/video/${target.video_id}/`), 'the new listing is cached again', `${cacheStatus(l2)}${asked(l2)}`);
      const denied = await request(`${edge.baseUrl}/_edge/purge`, { method: 'PUT', body: 'x', localAddress: '127.0.0.2', headers: { 'x-tubefront-purge': purgeSecret } });
      const after = await request(listing, { headers: RETURNING });
      check(denied.status === 403 && cacheStatus(after) === 'HIT', 'a purge from an address not allowed is refused and changes nothing, even with the secret', `${denied.status}, then ${cacheStatus(after)}`);
      const internal = await request(`${edge.baseUrl}/api/internal/catalog-changed/`, { method: 'POST', body: '{}' });
      check(internal.status === 404, 'the site\'s internal endpoint is not reachable through the edge', String(internal.status));
    }

    // 8. The site killed.
    {
      const url = `${edge.baseUrl}/videos/latest-updates/2/`;
      const before = await request(url, { headers: RETURNING });
      site.stop();
      await waitGone(site.child);
      const during = await request(url, { headers: RETURNING });
      const health = await request(`${edge.baseUrl}/api/health/`);
      const never = await request(`${edge.baseUrl}/videos/longest/7/`, { headers: RETURNING });
      check(during.status === 200 && ['HIT', 'STALE', 'UPDATING'].includes(cacheStatus(during)) && during.raw.equals(before.raw), 'site killed: the cached listing is still served', `${during.status} ${cacheStatus(during)}`);
      check(health.status === 502 && never.status >= 502, 'site killed: health and a page never cached answer 502 (the site is really down)', `${health.status}, ${never.status}`);
    }
  } finally {
    site.stop();
    edge.stop();
  }

  // 9. The standalone build behind the shipped edge.
  {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(root, STANDALONE_DB + suffix), { force: true });
    fs.copyFileSync(path.join(root, DB), path.join(root, STANDALONE_DB));
    const sa = await startStandalone(path.join(root, DIST, 'standalone'), await freePort(), { ...serverEnv, DATABASE_PATH: path.join(root, STANDALONE_DB) });
    const front = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${sa.port}`] });
    console.log(`standalone: node ${DIST}/standalone/server.mjs behind ${front.command}`);
    try {
      const home = await request(`${front.baseUrl}/`, { headers: RETURNING });
      check(home.status === 200 && /<html/.test(home.text), 'standalone through the edge: home', String(home.status));
      const script = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(home.text)?.[1];
      const js = script ? await request(`${front.baseUrl}${script}`, { headers: RETURNING }) : null;
      check(js?.status === 200, 'standalone: the static assets were copied beside it', `${script} ${js?.status}`);
      const list = await request(`${front.baseUrl}/videos/most-popular/1/`, { headers: RETURNING });
      const list2 = await hitWithin(`${front.baseUrl}/videos/most-popular/1/`, RETURNING);
      check(list.status === 200 && cacheStatus(list2) === 'HIT' && /\/video\/\d+\//.test(list.text), 'standalone: a listing, then a HIT', `${list.status} ${cacheStatus(list)}, then ${cacheStatus(list2)}${asked(list2)}`);
      const v = /** @type {Video} */ ((await latest(sa.baseUrl))[10]);
      const page = await request(`${front.baseUrl}${videoUrl(v)}`, { headers: RETURNING });
      check(page.status === 200 && page.text.includes(String(v.title).replace(/&/g, '&amp;')), 'standalone: a video page', `${page.status}`);
      const demo = fs.readdirSync(path.join(root, 'public', 'demo'))[0];
      const pub = await request(`${front.baseUrl}/demo/${demo}`);
      check(pub.status === 200, 'standalone: public/ was copied beside it', `/demo/${demo} ${pub.status}`);
      const a = await vote(front.baseUrl, Number(v.video_id), '127.0.0.4');
      const b = await vote(front.baseUrl, Number(v.video_id), '127.0.0.4');
      const c = await vote(front.baseUrl, Number(v.video_id), '127.0.0.5');
      check(a.text === '{"ok":1}' && /already_voted/.test(b.text) && c.text === '{"ok":1}', 'standalone: votes through the edge, once per visitor', `${a.text} ${b.text} ${c.text}`);
      // 10 (without EDGE_SECRET): the site sends its headers, the edge replaces them with the same.
      await checkSecurityHeaders('security headers without EDGE_SECRET', sa.baseUrl, front.baseUrl, ['/videos/most-popular/1/', `/embed/${v.video_id}/`, '/ad-frame/native/', '/no-such-page/']);
      const stored = cacheFile(front.prefix, '/videos/most-popular/1/');
      check(stored !== null && /Content-Security-Policy/.test(stored), 'without EDGE_SECRET the edge stores the site\'s headers as sent', stored === null ? 'no cache file' : 'stored with them');
    } finally {
      sa.stop();
      front.stop();
    }
  }

  // 11. Made-up URLs.
  {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-flood-'));
    const redisPort = await freePort();
    const redis = await startRedis(redisPort, tmp);
    const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
    let site;
    let front;
    try {
      site = await startNext(await freePort(), { ...serverEnv, REDIS_URL: redisUrl });
      front = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`] });
      const realId = Number(/** @type {Video} */ ((await latest(site.baseUrl))[12]).video_id);
      const r = await flood({ edge: front, siteBase: site.baseUrl, redisUrl, realId, count: Number(process.env.EDGE_FLOOD_URLS) || 10_000 });
      printFlood(r);
      const failed = r.perKind.filter((k) => Object.keys(k.answers).some((status) => !/^[234]\d\d$/.test(status)));
      check(failed.length === 0, 'made-up URLs: every answer below 500', failed.map((k) => `${k.kind} ${JSON.stringify(k.answers)}`).join('; '));
      const long = r.perKind.filter((k) => k.edgeFreshMax > 60 || k.edgeStaleMax > 60);
      check(long.length === 0 && r.edge.servableAfterWait === 0, `made-up URLs: no edge file servable past a minute (${r.edge.madeUpFiles} files of ${r.count} URLs)`, long.map((k) => `${k.kind}: ${k.edgeFiles} files, ${k.edgeFreshMax}/${k.edgeStaleMax} s`).join('; '));
      check(r.redis.madeUpKeys === 0 || (r.redis.ttlMax <= 60 && r.redis.madeUpKeysAfterWait === 0), `made-up URLs: no Redis key living past a minute (${r.redis.madeUpKeys} keys, Redis memory ${r.redis.memoryBefore} -> ${r.redis.memoryAfter})`);
      const kept = (r.pageCache.sampleAfterWait.HIT ?? 0) + (r.pageCache.sampleAfterWait.STALE ?? 0);
      check(kept === 0, "made-up URLs: none in the site's page cache a minute later", JSON.stringify(r.pageCache.sampleAfterWait));
      check(r.pageCache.realPageAfter === 'HIT', "made-up URLs: a real page cached before is still in the site's page cache after", r.pageCache.realPageAfter);
    } finally {
      front?.stop();
      site?.stop();
      await stopRedis(redis);
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  console.log(`\nedge: ${failures.length === 0 ? 'all checks passed' : `${failures.length} failed: ${failures.join('; ')}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return failures.length === 0 ? 0 : 1;
});

/** @param {import('node:child_process').ChildProcess} child */
async function waitGone(child) {
  const until = Date.now() + 10_000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < until) await sleep(100);
}
