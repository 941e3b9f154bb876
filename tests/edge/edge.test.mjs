/**
 * test:edge, the SHIPPED nginx edge (deploy/nginx/nginx.conf, Debian's /usr/sbin/nginx with
 * libnginx-mod-http-geoip2) in front of the site, over real HTTP. The edge is set up and started
 * with the start lines of the file's own header, run literally (as root in CI: the workers then run
 * as nobody); only the listen port, the upstream line and the secrets of the copy are replaced, and
 * its CDN (realip) lines enabled for loopback, so that a request from 127.0.0.1 with
 * X-Forwarded-For stands for a visitor in a given country (tests/support/system/edge.mjs); nothing
 * is mocked. The site and the edge share EDGE_SECRET and the edge has a purge secret.
 *
 *  - the shipped file is a complete configuration (`nginx -t`, unmodified); the start lines leave
 *    state/ (the purge generation) to the workers' user;
 *  - a listing is a MISS, then a HIT with the site's gzip bytes; a client without gzip gets plain
 *    HTML; client navigations get flight data, never the stored HTML;
 *  - security headers: every kind of answer carries each of the site's security headers once, with
 *    the site's value, and the cache stores pages without them; the site leaves them out only for
 *    the right secret; a video file's byte ranges pass through;
 *  - cookieless first visits to a listing, home and a video page: the site sets no cookie, the
 *    page is a HIT from its second fetch, and the edge's own Set-Cookie (only that) carries each
 *    visitor's country from the geoip2 data (DE, NL, XX), never stored; forged CF-IPCountry,
 *    X-Vercel-IP-Country and CloudFront-Viewer-Country change neither the edge's cookie nor the
 *    site's /api/country/; no cookie on sitemaps, robots, assets, the API, the player, media;
 *  - a crawler without cookies reads the sitemaps and fetches their URLs: each a HIT after its
 *    first fetch, with the site's status, canonical and VideoObject markup;
 *  - Chromium, first visits served as HITs: from DE the gate shows and stays closed, from NL it
 *    never shows (not for a frame) and the content takes clicks, a DE address forging
 *    CF-IPCountry: NL is gated;
 *  - votes pass through uncached and count once per visitor with TRUST_PROXY=1: two source
 *    addresses (127.0.0.2, 127.0.0.3) count twice, a forged X-Forwarded-For changes nothing;
 *  - search passes through with its query, one cache entry per term;
 *  - the API's search: a term under another name than s (q) is never answered with another
 *    term's stored results, and each term given as s is its own entry;
 *  - /api/health/ through the edge: 200, its tier and source, never from the cache;
 *  - a takedown empties the edge (EDGE_PURGE_URLS, with EDGE_PURGE_SECRET), and a control takedown
 *    without it shows that the edge alone would have kept serving the removed video; a purge
 *    from loopback without the secret, or with a wrong one, is refused and changes nothing;
 *  - the site killed: cached pages are still served; health answers 502.
 *
 * The standalone build behind a second edge is standalone.test.mjs, the made-up URLs
 * made-up-urls.test.mjs; the tests of one describe run in order, on the state the earlier left.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from '@playwright/test';
import { Reader } from 'maxmind';
import { policyDigest } from '../../lib/server/edge-headers.mjs';
import { SHIPPED_CONF, startEdge, testConfig } from '../support/system/edge.mjs';
import { freePort, root, runNpmScript, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { assertEvery } from '../support/system/suite.mjs';
import { RETURNING, SECURITY, asked, cacheFile, cacheStatus, checkSecurityHeaders, counts, hitWithin, latest, prepareEdgeSite, securityHeaders, sleep, videoUrl, vote } from './edge-site.mjs';

/** @typedef {import('./edge-site.mjs').Answer} Answer */
/** @typedef {import('./edge-site.mjs').Video} Video */
/** @typedef {import('../support/system/edge.mjs').Edge} Edge */
/** @typedef {import('../support/system/harness.mjs').SiteServer} SiteServer */
/**
 * The page's globals that the age gate's scripts use in Chromium: this file is checked without
 * the DOM library, which would declare `window` and `document` in every Node script too.
 * @typedef {object} GatePage
 * @property {{ shownAt: number | null; ever: boolean }} __gate set by the init script
 * @property {{ body: { classList: { contains(name: string): boolean } } }} document
 * @property {new (callback: (records: { target: unknown; oldValue: string | null }[]) => void) => { observe(target: unknown, options: { subtree: boolean; attributes: boolean; attributeFilter: string[]; attributeOldValue: boolean }): void }} MutationObserver
 * @property {{ now(): number; getEntriesByType(type: 'navigation'): { loadEventStart: number }[] }} performance
 */

const DB = 'data/edge-suite.db';

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {readonly string[]} args
 */
const cli = (env, args) => runNpmScript(env, args, { showEnv: ['EDGE_PURGE_URLS'] });

/**
 * Visitors' addresses in the site's own country data, which the edge reads too. The edge runs with
 * its CDN lines enabled for loopback (realip), so a request from 127.0.0.1 with X-Forwarded-For
 * stands for that visitor, as a CDN's request would.
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
/** @param {Record<string, string>} [extra] */
const fromDE = (extra = {}) => ({ 'accept-encoding': 'gzip', 'x-forwarded-for': DE_ADDRESS, ...extra });
const fromNL = { 'accept-encoding': 'gzip', 'x-forwarded-for': NL_ADDRESS };

// A regular expression's groups that are not optional: there whenever it matches.
/** @param {string} xml */
const locs = (xml) => [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => /** @type {string} */ (m[1]).replace(/&amp;/g, '&'));
/** @param {string} html */
const canonical = (html) => /<link[^>]+rel="canonical"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1] ?? null;
/** @param {string} html */
const videoObjects = (html) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => /** @type {string} */ (m[1])).filter((j) => j.includes('"VideoObject"'));
/** @param {string} html the first script of the site's own static files a page loads */
const firstScript = (html) => /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];

/**
 * Waits (up to 10 s) for a process to be gone.
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitGone(child) {
  const until = Date.now() + 10_000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < until) await sleep(100);
}

describe('the shipped file', () => {
  test('deploy/nginx/nginx.conf is a complete configuration (nginx -t, unmodified)', () => {
    try {
      testConfig(fs.readFileSync(SHIPPED_CONF, 'utf8'));
    } catch (e) {
      assert.fail(`nginx -t refused it: ${String(/** @type {{ stderr?: Buffer; message?: string }} */ (e).stderr ?? /** @type {{ message?: string }} */ (e).message)}`);
    }
  });
});

describe('the shipped edge in front of the site', () => {
  /** @type {NodeJS.ProcessEnv} */
  let serverEnv;
  /** @type {SiteServer} */
  let site;
  /** @type {Edge} */
  let edge;
  /** @type {Video[]} */
  let videos;
  // The edge and its site share EDGE_SECRET (the standalone pair runs without it).
  const edgeSecret = randomBytes(24).toString('base64url');
  // The purge secret of the edge, as docs/nginx-edge.md tells an operator to set it.
  const purgeSecret = randomBytes(24).toString('base64url');
  /**
   * A wrong secret: another last character (a fixed one would sometimes be the secret's own, and
   * the "wrong" secret right).
   * @param {string} secret
   */
  const wrongOf = (secret) => `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;

  before(async () => {
    ({ serverEnv } = prepareEdgeSite(DB));
    site = await startNext(await freePort(), { ...serverEnv, EDGE_SECRET: edgeSecret });
    // Its CDN lines enabled for loopback: a request from 127.0.0.1 names its visitor.
    edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`], edgeSecret, purgeSecret, realIpFrom: '127.0.0.1' });
    console.log(`edge: the header's start lines, then ${edge.command} (shipped config, listen 127.0.0.1:${edge.baseUrl.split(':').pop()}, upstream ${site.baseUrl}, realip from 127.0.0.1)`);
    videos = await latest(site.baseUrl);
  });
  after(() => {
    site?.stop();
    edge?.stop();
  });

  test("the header's start lines leave state/ (where a purge writes) to the workers' user", () => {
    // The start lines as documented, as root: the workers (nobody) own state/.
    const state = fs.statSync(path.join(edge.prefix, 'state'));
    // Linux only (nginx, /proc): process.getuid is there.
    const posix = /** @type {NodeJS.Process & { getuid(): number }} */ (process);
    const worker = posix.getuid() === 0 ? Number(execFileSync('id', ['-u', 'nobody']).toString()) : posix.getuid();
    assert.equal(state.uid, worker, `state/ should belong to the workers' user (uid ${worker}${posix.getuid() === 0 ? ', the start lines run as root' : ''})`);
  });

  describe('a listing: MISS, then HIT, with the site\'s compressed bytes', () => {
    /** @type {string} */
    let url;
    /** @type {Answer} */
    let a;
    /** @type {Answer & { tries: number }} */
    let b;
    /** @type {Answer} */
    let flight;
    before(async () => {
      url = `${edge.baseUrl}/videos/latest-updates/2/`;
      a = await request(url, { headers: RETURNING });
      b = await hitWithin(url, RETURNING);
    });

    test('listing: first request is a MISS', () => {
      assert.equal(a.status, 200);
      assert.equal(cacheStatus(a), 'MISS');
    });
    test('listing: the next request is a HIT', () => {
      assert.equal(b.status, 200);
      assert.equal(cacheStatus(b), 'HIT', `a HIT within ${b.tries} requests`);
    });
    test('listing: the HIT is the same gzip bytes the site sent', () => {
      assert.equal(a.headers['content-encoding'], 'gzip');
      assert.equal(b.headers['content-encoding'], 'gzip');
      assert.ok(a.raw.equals(b.raw), `${a.raw.length} and ${b.raw.length} bytes, not the same`);
    });
    test("listing: the site's Cache-Control passes through", () => {
      assert.match(String(b.headers['cache-control']), /s-maxage=86400/);
    });
    test("listing: the edge leaves out the site's X-Nextjs-Cache (a stored copy would repeat it on every hit)", async () => {
      const direct = await request(url.replace(edge.baseUrl, site.baseUrl), { headers: RETURNING });
      assert.ok(direct.headers['x-nextjs-cache'], 'the site itself sends X-Nextjs-Cache');
      assert.equal(a.headers['x-nextjs-cache'], undefined, 'the MISS');
      assert.equal(b.headers['x-nextjs-cache'], undefined, 'the HIT');
    });
    test('listing: a client without gzip gets the same page uncompressed', async () => {
      const plain = await request(url, { headers: { cookie: 'tf_country=XX' } });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined, `${cacheStatus(plain)} with a Content-Encoding`);
      assert.ok(plain.text === b.text, 'not the same page as the gzip HIT');
    });
    /** Where the navigation's flight data is: the ?_rsc= URL Next sends a navigation to, else the listing's. */
    let flightUrl = '';
    test('listing: a client navigation (RSC: 1) on the same URL never gets the stored HTML', async () => {
      // A client navigation must never get the stored HTML, nor store its flight data where the
      // HTML is (Next answers it with a redirect to the ?_rsc= URL).
      const rsc = await request(url, { headers: { ...RETURNING, rsc: '1' } });
      flightUrl = rsc.status >= 300 && rsc.status < 400 && rsc.headers.location ? new URL(rsc.headers.location, url).toString() : url;
      const seen = `${rsc.status} ${cacheStatus(rsc)} ${rsc.headers['content-type'] ?? ''} ${rsc.headers.location ?? ''}`;
      assert.notEqual(cacheStatus(rsc), 'HIT', seen);
      assert.doesNotMatch(String(rsc.headers['content-type']), /^text\/html/, seen);
    });
    test('listing: the navigation gets the flight data', async () => {
      flight = await request(flightUrl, { headers: { ...RETURNING, rsc: '1' } });
      assert.equal(flight.status, 200, `${flightUrl} ${cacheStatus(flight)}`);
      assert.match(String(flight.headers['content-type']), /^text\/x-component/);
    });
    test("listing: a navigation from another router state gets the same flight data from the edge's one entry", async () => {
      // Another router state (left out of the edge's key), the same flight data.
      const state = { ...RETURNING, rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['categories', {}] }, null, null, true])) };
      const moved = await request(url, { headers: state });
      const elsewhere = moved.status === 307 && moved.headers.location ? await hitWithin(new URL(moved.headers.location, url).toString(), state) : moved;
      assert.equal(elsewhere.status, 200);
      assert.equal(cacheStatus(elsewhere), 'HIT', `not a HIT${asked(elsewhere)}`);
      assert.ok(flight && elsewhere.raw.equals(flight.raw), 'other bytes than the flight data of the navigation before');
    });
    test('listing: the HTML entry is unchanged after the navigations', async () => {
      const html = await request(url, { headers: RETURNING });
      assert.equal(cacheStatus(html), 'HIT');
      assert.ok(html.raw.equals(b.raw), 'other bytes than the HIT before the navigations');
    });
  });

  describe('security headers with EDGE_SECRET: the visitor\'s are the site\'s; the cache\'s copy has none', () => {
    test('through the edge every kind of answer carries each of the site\'s security headers once, with its value', async (t) => {
      const v = /** @type {Video} */ (videos[7]);
      await checkSecurityHeaders(t, site.baseUrl, edge.baseUrl, ['/', '/videos/latest-updates/2/', videoUrl(v), `/embed/${v.video_id}/`, '/ad-frame/banner/', '/api/json/videos2/86400/str/latest-updates/10/..1.all...json', '/no-such-page/', '/embed/no-such.mp4', '/icon.svg', '/api/health/']);
    });
    test("/favicon.ico sends a client to the site's icon", async () => {
      const icon = await request(`${edge.baseUrl}/favicon.ico`);
      assert.equal(icon.status, 308);
      assert.equal(icon.headers.location, '/icon.svg');
    });
    test('with EDGE_SECRET the edge stores the listing without the security headers', () => {
      const stored = cacheFile(edge.prefix, '/videos/latest-updates/2/');
      assert.ok(stored !== null, 'no cache file (or more than one) for the listing');
      assert.match(stored, /\r\nCache-Control: /i);
      assert.doesNotMatch(stored, /Content-Security-Policy|Permissions-Policy/i);
    });
    test('the site leaves its security headers out for the right secret only (none, a wrong one: all five)', async () => {
      // With the digest of the site's own headers, as an edge holding their copy sends it.
      const own = securityHeaders(await request(`${site.baseUrl}/videos/latest-updates/2/`, { headers: RETURNING }));
      const digest = policyDigest(SECURITY.filter((h) => own[h].length === 1).map((h) => [h, /** @type {string} */ (own[h][0])]));
      /** @param {string} [secret] */
      const ask = (secret) => request(`${site.baseUrl}/videos/latest-updates/2/`, { headers: secret === undefined ? RETURNING : { ...RETURNING, 'x-tubefront-edge': secret, 'x-tubefront-edge-policy': digest } });
      const [none, wrongSecret, right] = [securityHeaders(await ask()), securityHeaders(await ask(wrongOf(edgeSecret))), securityHeaders(await ask(edgeSecret))];
      assertEvery(SECURITY, (h) => (none[h].length === 1 && wrongSecret[h].length === 1 && right[h].length === 0 ? null : `${h}: ${none[h].length} without a secret, ${wrongSecret[h].length} with a wrong one, ${right[h].length} with the right one`), 'once without a secret or with a wrong one, left out with the right one');
    });
  });

  test("a range of a video file through the edge: 206 with the site's bytes", async () => {
    // A player seeks: byte ranges pass through.
    const range = { 'accept-encoding': 'gzip', range: 'bytes=1000-1999' };
    const direct = await request(`${site.baseUrl}/demo/clip.mp4`, { headers: range });
    const through = await request(`${edge.baseUrl}/demo/clip.mp4`, { headers: range });
    assert.equal(through.status, 206);
    assert.equal(through.headers['content-range'], direct.headers['content-range']);
    assert.equal(through.raw.length, 1000);
    assert.ok(through.raw.equals(direct.raw), "other bytes than the site's");
  });

  describe('first visits: every page from the cache, the country cookie set by the edge on delivery', () => {
    const listing = '/videos/most-popular/3/';

    test("the test's visitors are in the site's country data: DE, NL and none", () => {
      const mmdb = new Reader(fs.readFileSync(MMDB));
      // The records of this database are { country_code }, not MaxMind's own shape (lib/geo/country.ts).
      const inData = [DE_ADDRESS, NL_ADDRESS, NOWHERE_ADDRESS].map((ip) => /** @type {{ country_code?: string } | null} */ (mmdb.get(ip))?.country_code ?? null);
      assert.deepEqual(inData, ['DE', 'NL', null]);
    });

    for (const [label, pathOf] of /** @type {[string, () => string][]} */ ([
      [`a listing (${listing})`, () => listing],
      ['home', () => '/'],
      // A listing has 60.
      ['a video page', () => videoUrl(/** @type {Video} */ (videos[9]))],
    ])) {
      describe(label, () => {
        /** @type {string} */
        let p;
        /** @type {Answer} */
        let direct;
        /** @type {Answer} */
        let first;
        /** @type {Answer & { tries: number }} */
        let second;
        /** @type {Answer} */
        let returning;
        before(async () => {
          p = pathOf();
          const url = `${edge.baseUrl}${p}`;
          direct = await request(`${site.baseUrl}${p}`, { headers: { 'accept-encoding': 'gzip' } });
          first = await request(url, { headers: fromDE() });
          second = await hitWithin(url, fromNL);
          returning = await request(url, { headers: RETURNING });
        });

        test('the site answers a cookieless visit without Set-Cookie, shared-cacheable', () => {
          assert.equal(direct.status, 200, p);
          assert.deepEqual(setCookies(direct), [], p);
          assert.match(String(direct.headers['cache-control']), /s-maxage=/, p);
          assert.doesNotMatch(String(direct.headers['cache-control']), /private|no-store/, p);
        });
        test("a cookieless first visit from DE gets one Set-Cookie, the edge's, with DE", () => {
          assert.equal(first.status, 200, p);
          assert.deepEqual(setCookies(first), [edgeCookie('DE')], `${p}: ${cacheStatus(first)}`);
        });
        test('the next cookieless visit (NL) is a HIT, the same bytes, with its own country', () => {
          assert.equal(cacheStatus(second), 'HIT', `${p}: not a HIT${asked(second)}`);
          assert.deepEqual(setCookies(second), [edgeCookie('NL')], p);
          assert.ok(second.raw.equals(first.raw), `${p}: other bytes than the first visit's`);
        });
        test('a visitor with the cookie gets the same entry and no Set-Cookie', () => {
          assert.equal(cacheStatus(returning), 'HIT', p);
          assert.deepEqual(setCookies(returning), [], p);
          assert.ok(returning.raw.equals(first.raw), `${p}: other bytes than the first visit's`);
        });
        test("the edge's answer stays shared-cacheable", () => {
          assert.match(String(second.headers['cache-control']), /s-maxage=/, p);
          assert.doesNotMatch(String(second.headers['cache-control']), /private|no-store/, p);
        });
      });
    }

    test('the stored listing holds no Set-Cookie', () => {
      const stored = cacheFile(edge.prefix, listing);
      assert.ok(stored !== null, 'no cache file (or more than one) for the listing');
      assert.doesNotMatch(stored.slice(0, stored.indexOf('\r\n\r\n')), /\r\nSet-Cookie:/i);
    });
    // Forged country headers: the edge's cookie and the site's /api/country/ both keep the address's country.
    test('a visitor from DE forging CF-IPCountry, X-Vercel-IP-Country and CloudFront-Viewer-Country: NL gets DE', async () => {
      const forged = await request(`${edge.baseUrl}${listing}`, { headers: fromDE(FORGED) });
      assert.deepEqual(setCookies(forged), [edgeCookie('DE')]);
    });
    test('the same forgery at /api/country/ through the edge: the site answers DE (the edge strips the headers), the edge adds no cookie of its own', async () => {
      const api = await request(`${edge.baseUrl}/api/country/`, { headers: fromDE(FORGED) });
      assert.equal(api.status, 200);
      assert.match(api.text, /"DE"/);
      assert.ok(!setCookies(api).includes(edgeCookie('DE')), `the edge's cookie among ${setCookies(api).join(' | ')}`);
    });
    test('an address in no country: tf_country=XX (never gated)', async () => {
      const nowhere = await request(`${edge.baseUrl}${listing}`, { headers: { 'x-forwarded-for': NOWHERE_ADDRESS } });
      assert.deepEqual(setCookies(nowhere), [edgeCookie('XX')]);
    });
    test('no Set-Cookie on sitemaps, robots.txt, assets, the API, icons, media or the player (each answered below 400)', async () => {
      const home = await request(`${edge.baseUrl}/`, { headers: RETURNING });
      const others = ['/sitemap.xml', '/robots.txt', firstScript(home.text) ?? '/_next/static/missing.js', '/api/json/videos2/86400/str/latest-updates/10/..1.all...json', '/icon.svg', `/embed/${/** @type {Video} */ (videos[9]).video_id}/`, '/demo/clip.mp4'];
      /** @type {[string, Answer][]} */
      const answers = [];
      for (const p of others) answers.push([p, await request(`${edge.baseUrl}${p}`, { headers: fromDE() })]);
      assertEvery(answers, ([p, r]) => (r.status >= 400 || setCookies(r).length ? `${p} ${r.status} ${setCookies(r).join(' | ')}` : null), 'answered below 400 without Set-Cookie');
    });
  });

  // Up to EDGE_CRAWL_PER (25) of each sitemap's URLs, each fetched twice through the edge.
  describe('a crawler without cookies, from the sitemaps', () => {
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'accept-encoding': 'gzip' };
    const per = Number(process.env.EDGE_CRAWL_PER) || 25;
    /** @param {string} u */
    const local = (u) => {
      const x = new URL(u);
      return `${x.pathname}${x.search}`;
    };
    /** @type {string[]} */
    let sitemaps;
    /** @type {[string, Answer][]} */
    const sitemapAnswers = [];
    before(async () => {
      const index = await request(`${edge.baseUrl}/sitemap.xml`, { headers: bot });
      sitemaps = /<sitemapindex/.test(index.text) ? locs(index.text).map(local) : ['/sitemap.xml'];
      for (const sm of sitemaps) sitemapAnswers.push([sm, await request(`${edge.baseUrl}${sm}`, { headers: bot })]);
    });

    test('crawler: every sitemap answers 200', () => {
      assertEvery(sitemapAnswers, ([sm, r]) => (r.status === 200 ? null : `${sm}: ${r.status}`), 'answered 200');
    });
    test("crawler: the sitemaps' URLs, each a HIT after its first fetch, with the site's status, canonical and VideoObject markup", async (t) => {
      const urls = sitemapAnswers.flatMap(([, r]) => locs(r.text).slice(0, per).map(local));
      /** @type {{ p: string; problem: string | null }[]} */
      const results = [];
      let videoPages = 0;
      for (const p of urls) {
        const first = await request(`${edge.baseUrl}${p}`, { headers: bot });
        const second = await hitWithin(`${edge.baseUrl}${p}`, bot);
        const direct = await request(`${site.baseUrl}${p}`, { headers: bot });
        const objects = videoObjects(direct.text);
        if (objects.length) videoPages += 1;
        /** @param {Answer} r */
        const same = (r) => r.status === direct.status && canonical(r.text) === canonical(direct.text) && JSON.stringify(videoObjects(r.text)) === JSON.stringify(objects);
        const ok = direct.status === 200 && cacheStatus(second) === 'HIT' && same(first) && same(second);
        results.push({ p, problem: ok ? null : `${p}: site ${direct.status}, edge ${first.status} ${cacheStatus(first)} then ${second.status} ${cacheStatus(second)}, ${same(second) ? 'same' : 'other'} canonical/markup` });
      }
      t.diagnostic(`${urls.length} URLs of ${sitemaps.length} sitemaps (${videoPages} video pages)`);
      assert.ok(urls.length >= sitemaps.length, `${urls.length} URLs of ${sitemaps.length} sitemaps: at least one a sitemap expected`);
      assert.ok(videoPages > 0, 'no video page among the URLs');
      assertEvery(results, (r) => r.problem, "a HIT after its first fetch with the site's status, canonical and markup");
    });
  });

  // Each a first visit (a fresh browser context) to a page already stored (a HIT).
  describe('the age gate in Chromium, first visits served from the cache', () => {
    /** @type {import('@playwright/test').Browser} */
    let browser;
    before(async () => {
      const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
      browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    });
    after(async () => {
      await browser?.close();
    });

    const cases = [
      { label: 'DE', address: DE_ADDRESS, extra: {}, gated: true, path: () => '/videos/most-popular/2/' },
      { label: 'NL', address: NL_ADDRESS, extra: {}, gated: false, path: () => videoUrl(/** @type {Video} */ (videos[11])) },
      { label: 'DE forging CF-IPCountry: NL', address: DE_ADDRESS, extra: FORGED, gated: true, path: () => '/videos/top-rated/2/' },
    ];
    for (const c of cases) {
      const name = c.gated
        ? `Chromium, cookieless first visit from ${c.label}, a HIT: the gate shows before first paint and stays closed`
        : `Chromium, cookieless first visit from ${c.label}, a HIT: never gated, the gate never flashes, the content takes clicks`;
      test(name, async (t) => {
        const url = `${edge.baseUrl}${c.path()}`;
        // Stored before the browser comes, under the encoding Chromium asks for.
        const browserLike = { 'accept-encoding': 'gzip, deflate, br, zstd', 'x-forwarded-for': NOWHERE_ADDRESS };
        await request(url, { headers: browserLike });
        const warm = await hitWithin(url, browserLike);
        const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': c.address, ...c.extra } });
        try {
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
          page.on('request', (r) => {
            if (new URL(r.url()).pathname === '/api/country/') asks.push(r.url());
          });
          const res = await page.goto(url, { waitUntil: 'load' });
          const atLoad = await page.evaluate(() => {
            const { document, __gate, performance } = /** @type {GatePage} */ (/** @type {unknown} */ (globalThis));
            return { gated: document.body.classList.contains('tf-agegate'), ...__gate, load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? null };
          });
          await page.waitForLoadState('networkidle');
          const afterIdle = await page.evaluate(() => {
            const { document, __gate } = /** @type {GatePage} */ (/** @type {unknown} */ (globalThis));
            return { gated: document.body.classList.contains('tf-agegate'), ever: __gate.ever };
          });
          const dialog = await page.getByRole('dialog').isVisible();
          const cookie = (await context.cookies()).find((k) => k.name === 'tf_country')?.value ?? null;
          const status = res?.headers()['x-cache-status'];
          const detail = `${cacheStatus(warm)}${asked(warm)} before, the browser's ${status}; cookie ${cookie}; gated at load ${atLoad.gated}, after ${afterIdle.gated}, ever ${afterIdle.ever}; dialog ${dialog}; /api/country/ asked ${asks.length}x; ${atLoad.shownAt === null ? '' : `gate shown at ${atLoad.shownAt.toFixed(0)} ms, `}load at ${Number(atLoad.load).toFixed(0)} ms`;
          t.diagnostic(detail);
          assert.equal(status, 'HIT', `the browser's answer: ${detail}`);
          assert.equal(cookie, c.gated ? 'DE' : 'NL', detail);
          assert.equal(asks.length, 0, `the page asked /api/country/: ${detail}`);
          if (c.gated) {
            assert.ok(atLoad.gated && afterIdle.gated && dialog, `the gate did not show from the first paint and stay: ${detail}`);
          } else {
            assert.ok(!afterIdle.ever && !dialog, `the gate showed: ${detail}`);
            // Playwright's trial click: the link is visible, stable and the one that would get the click.
            const usable = await page
              .locator('main a[href^="/video/"]')
              .first()
              .click({ trial: true, timeout: 10_000 })
              .then(
                () => true,
                () => false,
              );
            assert.ok(usable, `the content does not take clicks: ${detail}`);
          }
        } finally {
          await context.close();
        }
      });
    }
  });

  describe('votes: uncached, once per visitor, by the address nginx saw', () => {
    /** @type {number} */
    let id;
    /** @type {number} */
    let countBefore;
    before(async () => {
      id = Number(/** @type {Video} */ (videos[20]).video_id);
      countBefore = await counts(site.baseUrl, id);
    });

    test('vote from 127.0.0.2 through the edge counts, not cached', async () => {
      const v1 = await vote(edge.baseUrl, id, '127.0.0.2');
      assert.equal(v1.text, '{"ok":1}');
      assert.equal(cacheStatus(v1), '', 'a cache status on a vote');
    });
    test('the same visitor with a forged X-Forwarded-For: already voted', async () => {
      const again = await vote(edge.baseUrl, id, '127.0.0.2', { 'x-forwarded-for': '198.51.100.7' });
      assert.match(again.text, /already_voted/);
    });
    test('vote from 127.0.0.3 (another visitor) counts', async () => {
      const v2 = await vote(edge.baseUrl, id, '127.0.0.3');
      assert.equal(v2.text, '{"ok":1}');
    });
    test('127.0.0.3 forging X-Forwarded-For: already voted', async () => {
      const forged = await vote(edge.baseUrl, id, '127.0.0.3', { 'x-forwarded-for': '127.0.0.2, 203.0.113.9' });
      assert.match(forged.text, /already_voted/);
    });
    test('two visitors through the edge, two votes in the catalogue', async () => {
      assert.equal(await counts(site.baseUrl, id), countBefore + 2);
    });
    test("a vote from the site's own page on the edge's port counts, one from another site is refused", async () => {
      // A browser on the edge's port posts with an Origin that has the port, while nginx's Host ($host) does not.
      const page = await vote(edge.baseUrl, id, '127.0.0.6', { origin: edge.baseUrl, 'sec-fetch-site': 'same-origin' });
      const evil = await vote(edge.baseUrl, id, '127.0.0.7', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      assert.equal(page.text, '{"ok":1}', `the page's vote: ${page.status}`);
      assert.equal(evil.status, 403, "another site's vote");
    });
  });

  describe('search', () => {
    /** @type {Video} */
    let first;
    /** @type {string} */
    let term;
    /** @type {Answer} */
    let a;
    before(async () => {
      first = /** @type {Video} */ (videos[0]);
      term = String(first.title).split(/\s+/).find((w) => w.length > 3) ?? 'demo';
      a = await request(`${edge.baseUrl}/search/1/?s=${encodeURIComponent(term)}`, { headers: RETURNING });
    });

    test('search passes through with its query', () => {
      assert.equal(a.status, 200, `search "${term}"`);
      assert.ok(a.text.includes(`/video/${first.video_id}/`), `search "${term}" does not list video ${first.video_id}`);
    });
    test('search: one entry per term', async () => {
      const b = await hitWithin(`${edge.baseUrl}/search/1/?s=${encodeURIComponent(term)}`, RETURNING);
      const other = await request(`${edge.baseUrl}/search/1/?s=zzqx${Date.now()}`, { headers: RETURNING });
      assert.equal(cacheStatus(a), 'MISS', `search "${term}", first`);
      assert.equal(cacheStatus(b), 'HIT', `search "${term}", again${asked(b)}`);
      assert.equal(cacheStatus(other), 'MISS', 'another term');
      assert.ok(!other.text.includes(`/video/${first.video_id}/`), "another term's answer lists the first term's video");
    });
  });

  // The edge keys the API's search on params and s, the arguments the route reads. It read the
  // term from q too: through the edge, ...&q=<one term> was stored under the key without a term
  // and then answered to ...&q=<any other> for the answer's hour.
  describe("the API's search: one key, the arguments the route reads", () => {
    const SEARCH = '/api/videos2.php?params=86400/str/relevance/60/search..1.all..';
    /** @type {string} */
    let one;
    /** @type {string} */
    let other;
    /** @param {string} query */
    const ids = async (query) => {
      const res = await request(`${site.baseUrl}${SEARCH}&${query}`);
      return res.status === 200 ? JSON.parse(res.text).videos.map((/** @type {Video} */ v) => String(v.video_id)) : [];
    };
    before(async () => {
      // Two title words whose results differ, asked of the site itself.
      const words = [...new Set(videos.flatMap((v) => String(v.title).toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
      one = /** @type {string} */ (words[0]);
      const first = await ids(`s=${one}`);
      for (const w of words.slice(1)) {
        const found = await ids(`s=${w}`);
        if (found.length && found.join() !== first.join()) {
          other = w;
          break;
        }
      }
      assert.ok(first.length && other, 'no two title words with different search results');
    });

    test('the term as q: the second term never gets the first one\'s answer', async () => {
      const a = await request(`${edge.baseUrl}${SEARCH}&q=${one}`, { headers: RETURNING });
      const b = await request(`${edge.baseUrl}${SEARCH}&q=${other}`, { headers: RETURNING });
      assert.notEqual(cacheStatus(b), 'HIT', `&q=${other} was answered from the entry of &q=${one} (${a.status}, then ${b.status})`);
      assert.ok(a.status !== 200 || b.text !== a.text, `&q=${other} got the answer of &q=${one}`);
      // q is no name of the term: answered like the search without one.
      assert.equal(b.status, 400, `&q=${other}: ${b.status} ${b.text.slice(0, 200)}`);
    });
    test('the term as s: each term its own entry, each with its own results', async () => {
      const [a, b] = [await hitWithin(`${edge.baseUrl}${SEARCH}&s=${one}`, RETURNING), await hitWithin(`${edge.baseUrl}${SEARCH}&s=${other}`, RETURNING)];
      assert.equal(cacheStatus(a), 'HIT', `&s=${one}${asked(a)}`);
      assert.equal(cacheStatus(b), 'HIT', `&s=${other}${asked(b)}`);
      const idsOf = (/** @type {Answer} */ res) => JSON.parse(res.text).videos.map((/** @type {Video} */ v) => String(v.video_id)).join();
      assert.deepEqual([idsOf(a), idsOf(b)], [(await ids(`s=${one}`)).join(), (await ids(`s=${other}`)).join()]);
    });
  });

  describe('health', () => {
    /** @type {Answer} */
    let a;
    /** @type {Answer} */
    let b;
    before(async () => {
      a = await request(`${edge.baseUrl}/api/health/`);
      b = await request(`${edge.baseUrl}/api/health/`);
    });

    test('/api/health/ through the edge: 200 with source and cache tier', () => {
      assert.equal(a.status, 200);
      const body = JSON.parse(b.text);
      assert.deepEqual({ ok: body.ok, source: body.source, cache: body.cache }, { ok: true, source: 'embedded', cache: 'memory' }, b.text);
    });
    test('/api/health/ is never from the cache', () => {
      assert.equal(cacheStatus(a), '', 'a cache status on the first');
      assert.equal(cacheStatus(b), '', 'a cache status on the second');
      assert.match(String(b.headers['cache-control']), /no-store/);
    });
  });

  describe('takedowns', () => {
    /** @type {string} */
    let listing;
    /** @type {Video} */
    let control;
    /** @type {Video} */
    let target;
    /** @type {string} */
    let page;
    /** @type {NodeJS.ProcessEnv} */
    let tools;
    before(() => {
      listing = `${edge.baseUrl}/videos/latest-updates/1/`;
      control = /** @type {Video} */ (videos[5]);
      target = /** @type {Video} */ (videos[3]);
      page = `${edge.baseUrl}${videoUrl(target)}`;
      tools = { ...serverEnv, REVALIDATE_URLS: site.baseUrl };
    });

    test('before the takedown: the listing and the video page are cached at the edge', async (t) => {
      for (const u of [listing, page]) {
        await t.test(`${u.slice(edge.baseUrl.length)} is cached at the edge`, async () => {
          await request(u, { headers: RETURNING });
          const warm = await hitWithin(u, RETURNING);
          assert.equal(warm.status, 200);
          assert.equal(cacheStatus(warm), 'HIT', `not a HIT${asked(warm)}`);
        });
      }
    });
    test('control takedown (the site told, the edge not): the site no longer lists it', async () => {
      const c = await cli({ ...tools, EDGE_PURGE_URLS: 'none' }, ['catalog', '--', 'remove', String(control.video_id)]);
      assert.equal(c.code, 0, `npm run catalog -- remove ${control.video_id}`);
      const fromSite = await request(`${site.baseUrl}/videos/latest-updates/1/`, { headers: RETURNING });
      assert.ok(!fromSite.text.includes(`/video/${control.video_id}/`), `the site still lists ${control.video_id}`);
    });
    test('control: without EDGE_PURGE_URLS the edge alone still serves it from its cache', async () => {
      const fromEdge = await request(listing, { headers: RETURNING });
      assert.equal(cacheStatus(fromEdge), 'HIT');
      assert.ok(fromEdge.text.includes(`/video/${control.video_id}/`), `the edge's listing lacks ${control.video_id}`);
    });
    // A purge from loopback (where a TLS terminator on the edge's host connects from, for anyone)
    // without the secret, or with a wrong one: refused, the cached listing untouched.
    test('a purge from loopback without the purge secret, or with a wrong one, is refused', async () => {
      /** @param {Record<string, string>} headers */
      const put = (headers) => request(`${edge.baseUrl}/_edge/purge`, { method: 'PUT', body: `x${Date.now()}`, headers });
      assert.equal((await put({})).status, 403, 'without the secret');
      assert.equal((await put({ 'x-tubefront-purge': wrongOf(purgeSecret) })).status, 403, 'with a wrong secret');
    });
    test('the refused purges changed nothing: the listing is still a HIT', async () => {
      const still = await hitWithin(listing, RETURNING);
      assert.equal(cacheStatus(still), 'HIT', `not a HIT${asked(still)}`);
      assert.ok(still.text.includes(`/video/${control.video_id}/`), `the listing lacks ${control.video_id}`);
    });
    /** When the takedown with the edge told began. */
    let t0 = 0;
    test('takedown with EDGE_PURGE_URLS: the tool empties the edge', async () => {
      t0 = Date.now();
      const r = await cli({ ...tools, EDGE_PURGE_URLS: edge.baseUrl, EDGE_PURGE_SECRET: purgeSecret }, ['catalog', '--', 'remove', String(target.video_id)]);
      assert.equal(r.code, 0, `npm run catalog -- remove ${target.video_id}`);
      assert.match(r.out, /edge .*: edge emptied/);
    });
    test('after the takedown the edge serves neither the video page nor the listing with it (within 60 s)', async (t) => {
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
      t.diagnostic(`${((Date.now() - t0) / 1000).toFixed(1)} s after the takedown: ${last}`);
      assert.ok(gone, `after 60 s the edge still serves the video or a listing with it: ${last}`);
    });
    test('the new listing is cached again', async () => {
      const l2 = await hitWithin(listing, RETURNING);
      assert.equal(cacheStatus(l2), 'HIT', `not a HIT${asked(l2)}`);
      assert.ok(!l2.text.includes(`/video/${target.video_id}/`), `the listing still has ${target.video_id}`);
    });
    test('a purge from an address not allowed is refused and changes nothing, even with the secret', async () => {
      const denied = await request(`${edge.baseUrl}/_edge/purge`, { method: 'PUT', body: 'x', localAddress: '127.0.0.2', headers: { 'x-tubefront-purge': purgeSecret } });
      const afterDenied = await request(listing, { headers: RETURNING });
      assert.equal(denied.status, 403);
      assert.equal(cacheStatus(afterDenied), 'HIT', 'the listing after it');
    });
    test("the site's internal endpoint is not reachable through the edge", async () => {
      const internal = await request(`${edge.baseUrl}/api/internal/catalog-changed/`, { method: 'POST', body: '{}' });
      assert.equal(internal.status, 404);
    });
  });

  // Last: the site is stopped for good.
  describe('the site killed', () => {
    test('site killed: the cached listing is still served', async () => {
      const url = `${edge.baseUrl}/videos/latest-updates/2/`;
      const beforeKill = await request(url, { headers: RETURNING });
      site.stop();
      await waitGone(site.child);
      assert.ok(site.child.exitCode !== null || site.child.signalCode !== null, 'the site is still running 10 s after it was stopped');
      const during = await request(url, { headers: RETURNING });
      assert.equal(during.status, 200);
      assert.ok(['HIT', 'STALE', 'UPDATING'].includes(cacheStatus(during)), `served as ${cacheStatus(during) || 'no cache status'}`);
      assert.ok(during.raw.equals(beforeKill.raw), 'other bytes than before the site was killed');
    });
    test('site killed: health and a page never cached answer 502 (the site is really down)', async () => {
      const health = await request(`${edge.baseUrl}/api/health/`);
      const never = await request(`${edge.baseUrl}/videos/longest/7/`, { headers: RETURNING });
      assert.equal(health.status, 502, 'health');
      assert.ok(never.status >= 502, `a page never cached: ${never.status}`);
    });
  });
});
