/**
 * npm run test:judges: the outside judges on the built site (one shared build, see
 * tests/support/system/harness.mjs), on a server started on a fresh embedded catalogue:
 * - the W3C Nu HTML checker (vnu-jar, Java): zero errors on thirteen page families, and the checker's
 *   own run judged (it read every page, gave a whole report, found its canary's known errors, and
 *   exited 1 for them), so that a checker that read nothing fails;
 * - the security headers (lib/web/security-headers.ts) on every page family, the API, media and embed;
 * - the video page's social markup (twitter:image:alt) and VideoObject properties (its models as
 *   actors, its tags as keywords), and Google's rules for the BreadcrumbList of video and listing pages;
 * - in Chromium: zero Content-Security-Policy violations while the pages load (the player plays;
 *   the detector itself is shown to see violations), and no serious or critical axe-core violation.
 *
 *   node --test --test-concurrency=1 --test-reporter=spec tests/judges/
 *   JUDGES_KEEP=dir     keeps the saved HTML (what vnu judged) in dir
 *   DATABASE_PATH=file  the catalogue the server runs on (default data/judges.db, re-created)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort, freshCatalogEnv, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { assertEvery, prepareSite } from '../support/system/suite.mjs';
import { axeViolations, cspViolations, launchChromium, loadPage, playEmbeddedVideo } from './browser.mjs';
import { CANARY_NAME, problemsOf, runVnu } from './vnu.mjs';

/** The page families judged; `video` is a video page found from the home page's links. */
const PAGE_NAMES = /** @type {const} */ (['home', 'listing', 'video', 'search', 'notFound', 'bookmarks', 'history', 'categories', 'information', 'models', 'model', 'tag', 'gayHome']);
/** @typedef {typeof PAGE_NAMES[number]} PageName */

/** @type {import('../support/system/harness.mjs').SiteServer | undefined} */
let server;
let baseUrl = '';
/** @type {Record<PageName, string>} the path of each page family */
let pages;
let videoId = 0;

/**
 * GET `p` from the site on a connection of its own (a kept-alive one could be closed by the
 * server while a judge runs), redirects not followed.
 * @param {string} p
 */
const get = (p) => request(baseUrl + p, { timeoutMs: 60_000 });

/**
 * A response header as one string, or null when it is missing.
 * @param {{ headers: import('node:http').IncomingHttpHeaders }} res
 * @param {string} name
 */
const header = (res, name) => {
  const v = res.headers[name];
  return v === undefined ? null : [v].flat().join(', ');
};

before(async () => {
  const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/judges.db');
  prepareSite(env);
  server = await startNext(await freePort(), env);
  baseUrl = server.baseUrl;
  const home = await get('/');
  const video = /href="(\/video\/\d+\/[^"/]+\/)"/.exec(home.text)?.[1];
  assert.ok(video, `no video link on the home page (${home.status})`);
  videoId = Number(/** @type {RegExpExecArray} */ (/\/video\/(\d+)\//.exec(video))[1]);
  const model = /href="(\/models\/[^"/?]+\/latest-updates\/1\/)"/.exec((await get('/models/')).text)?.[1];
  assert.ok(model, 'no model link on the model index');
  // A tag page, from the first video page of the home page that links one (tags are linked from MIN_TAG_VIDEOS videos on).
  let tag;
  for (const m of [...home.text.matchAll(/href="(\/video\/\d+\/[^"/]+\/)"/g)].slice(0, 30)) {
    tag = /href="(\/tags\/[^"/]+\/latest-updates\/1\/)"/.exec((await get(/** @type {string} */ (m[1]))).text)?.[1];
    if (tag) break;
  }
  assert.ok(tag, 'no tag link on the first video pages of the home page');
  pages = {
    home: '/',
    listing: '/videos/latest-updates/1/',
    video,
    search: '/search/1/?s=walk',
    notFound: '/this/does/not/exist/',
    bookmarks: '/bookmarks/',
    history: '/history/',
    categories: '/categories/',
    information: '/information/terms/',
    models: '/models/',
    model,
    tag,
    gayHome: '/gay/',
  };
});

after(() => server?.stop());

describe('W3C Nu HTML checker (vnu-jar)', () => {
  const dir = process.env.JUDGES_KEEP || fs.mkdtempSync(path.join(os.tmpdir(), 'judges-'));
  /** @type {Record<string, string>} the saved HTML of each page family */
  const files = {};
  /** @type {import('./vnu.mjs').VnuRun} */
  let run;

  before(async () => {
    fs.mkdirSync(dir, { recursive: true });
    for (const name of PAGE_NAMES) {
      const { text } = await get(pages[name]);
      const file = path.join(dir, `${name}.html`);
      fs.writeFileSync(file, text);
      files[name] = file;
    }
    run = runVnu(Object.values(files));
  });

  after(() => {
    if (process.env.JUDGES_KEEP) fs.rmSync(path.join(dir, CANARY_NAME), { force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
  });

  test('vnu ran and read its canary and every page', () => {
    assert.equal(run.spawnError, null, `vnu did not run: ${run.spawnError}`);
    const unread = [run.canary, ...Object.values(files)].filter((f) => !run.read.has(f));
    assert.deepEqual(unread, [], `vnu did not read ${unread.join(', ')} (exit ${run.status}): ${run.stderr}`);
  });

  test('vnu gave a whole JSON report and could judge every file', () => {
    assert.ok(run.messages, run.reportProblem);
    const other = run.messages.filter((m) => m.type === 'non-document-error');
    assert.deepEqual(other.map((m) => `${m.url}: ${m.message}`), [], 'vnu could not judge');
  });

  test('vnu reports the known errors of its canary page (no title, a stray </p>)', () => {
    assert.ok(run.messages, run.reportProblem);
    const found = problemsOf(run.messages, run.canary).map((m) => m.message);
    assert.ok(found.some((m) => /title/.test(m)), `no error about the missing title among ${JSON.stringify(found)}`);
    assert.ok(found.some((m) => /No “p” element in scope/.test(m)), `no error about the stray </p> among ${JSON.stringify(found)}`);
  });

  test('vnu exits with status 1 for the errors it reported', () => {
    // With the canary's errors there are always some: vnu says so with exit status 1. (A java
    // that could not start vnu exits 1 too: the errors must be in the report.)
    assert.ok(run.messages, run.reportProblem);
    const errors = run.messages.filter((m) => m.type === 'error' || m.subType === 'fatal').length;
    assert.ok(errors > 0, 'vnu reported no error, not even its canary page\'s');
    assert.equal(run.status, 1, `vnu exited with ${run.status} where it reported ${errors} error(s)`);
  });

  for (const name of PAGE_NAMES) {
    test(`zero HTML errors: ${name}`, () => {
      const file = /** @type {string} */ (files[name]);
      // A page vnu did not read, or a run without a report, must not pass as a page without errors.
      assert.ok(run.read.has(file), `vnu did not read ${file}`);
      assert.ok(run.messages, run.reportProblem);
      const errors = problemsOf(run.messages, file).map((m) => `line ${m.lastLine ?? '?'}: ${m.message}`);
      assert.deepEqual(errors, [], `vnu ${pages[name]}: ${errors.length} error(s)`);
    });
  }
});

/** The headers every page family, the API, media and robots.txt carry (lib/web/security-headers.ts). */
const PAGE_HEADERS = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/,
  'content-security-policy':
    /(?=.*frame-ancestors 'self')(?=.*object-src 'none')(?=.*base-uri 'self')(?=.*form-action 'self')(?=.*frame-src 'self')(?=.*script-src 'self')/,
};

describe('security headers', () => {
  const apiVideo = () => `/api/json/video/86400/0/${Math.floor(videoId / 1000) * 1000}/${videoId}.json`;
  /** @type {Record<string, () => string>} */
  const targets = {
    ...Object.fromEntries(PAGE_NAMES.map((name) => [name, () => pages[name]])),
    api: apiVideo,
    apiError: () => '/api/json/video/%FF/0/4000/4200.json',
    thumb: () => `/media/thumbs/${videoId}/1.svg`,
    robots: () => '/robots.txt',
  };
  for (const [name, target] of Object.entries(targets)) {
    test(`${name}: nosniff, referrer policy, permissions policy, content security policy`, async () => {
      const p = target();
      const res = await get(p);
      assertEvery(
        Object.entries(PAGE_HEADERS),
        ([h, want]) => {
          const got = header(res, h);
          return got && want.test(got) ? null : `${h}: ${got ?? 'missing'}`;
        },
        `as wanted on ${name} ${p} (${res.status})`,
      );
    });
  }

  test('the embed page may be framed anywhere, loads no plugin, and says nosniff', async () => {
    const embed = await get(`/embed/${videoId}/`);
    const csp = header(embed, 'content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors \*/, `embed CSP: ${csp || 'missing'}`);
    assert.match(csp, /object-src 'none'/, `embed CSP: ${csp || 'missing'}`);
    assert.equal(header(embed, 'x-content-type-options'), 'nosniff', 'embed: no nosniff');
  });

  test('the ad frame is sandboxed by its CSP', async () => {
    const ad = await get('/ad-frame/banner/');
    assert.match(header(ad, 'content-security-policy') ?? '', /^sandbox allow-scripts/, 'ad frame: no sandbox CSP');
  });

  test('the API answers a video as JSON', async () => {
    const p = apiVideo();
    const res = await get(p);
    const type = header(res, 'content-type');
    assert.ok(res.status === 200 && /json/.test(type ?? '') && res.text.startsWith('{'), `API ${p}: ${res.status} ${type}: ${res.text.slice(0, 100)}`);
  });
});

describe('video page social markup', () => {
  let html = '';
  /** @type {Record<string, unknown> | undefined} the page's VideoObject */
  let video;

  before(async () => {
    html = (await get(pages.video)).text;
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    /** @type {Record<string, unknown>[]} */
    const data = ld ? [JSON.parse(ld)].flat() : [];
    /** @param {Record<string, unknown>} d */
    const isVideo = (d) => d['@type'] === 'VideoObject';
    video = data.find(isVideo) ?? data.flatMap((d) => /** @type {Record<string, unknown>[]} */ (d['@graph'] ?? [])).find(isVideo);
  });

  test('twitter:image:alt', () => {
    assert.match(html, /<meta name="twitter:image:alt" content="[^"]+"/, 'video page: no twitter:image:alt');
  });

  test('VideoObject JSON-LD with name, description, thumbnailUrl, uploadDate, duration, interactionStatistic', () => {
    assert.ok(video, 'video page: no VideoObject JSON-LD');
    const v = video;
    assertEvery(
      ['name', 'description', 'thumbnailUrl', 'uploadDate', 'duration', 'interactionStatistic'],
      (key) => (!v[key] || (Array.isArray(v[key]) && !v[key].length) ? `no ${key}` : null),
      'in the VideoObject',
    );
  });

  test('VideoObject has an embedUrl or a contentUrl', () => {
    assert.ok(video, 'video page: no VideoObject JSON-LD');
    assert.ok(video.embedUrl || video.contentUrl, 'VideoObject: neither embedUrl nor contentUrl');
  });
});

/**
 * The JSON-LD objects of a page's HTML.
 * @param {string} html
 * @returns {Record<string, any>[]}
 */
const jsonLdOf = (html) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(/** @type {string} */ (m[1])));

/**
 * Google's rules for a BreadcrumbList (developers.google.com/search/docs/appearance/structured-data/breadcrumb):
 * at least two ListItems, positions 1, 2, ... in order, each with a name, each but the last with an
 * absolute item URL.
 * @param {Record<string, any>} list
 */
function breadcrumbProblems(list) {
  /** @type {Record<string, any>[]} */
  const items = Array.isArray(list.itemListElement) ? list.itemListElement : [];
  const problems = items.length < 2 ? [`${items.length} item(s)`] : [];
  items.forEach((c, i) => {
    if (c['@type'] !== 'ListItem') problems.push(`item ${i + 1}: @type ${c['@type']}`);
    if (c.position !== i + 1) problems.push(`item ${i + 1}: position ${c.position}`);
    if (typeof c.name !== 'string' || !c.name.trim()) problems.push(`item ${i + 1}: no name`);
    if (i < items.length - 1 && !(typeof c.item === 'string' && /^https?:\/\/[^/]+\//.test(c.item)))
      problems.push(`item ${i + 1}: item ${c.item}`);
  });
  return problems;
}

describe("structured data: Google's rules", () => {
  for (const name of /** @type {const} */ (['video', 'listing', 'model', 'tag', 'models'])) {
    test(`${name}: one BreadcrumbList, by Google's rules`, async () => {
      const lists = jsonLdOf((await get(pages[name])).text).filter((d) => d['@type'] === 'BreadcrumbList');
      assert.equal(lists.length, 1, `${pages[name]}: ${lists.length} BreadcrumbList(s)`);
      assert.deepEqual(breadcrumbProblems(/** @type {Record<string, any>} */ (lists[0])), [], `${pages[name]}: BreadcrumbList`);
    });
  }

  test("a model's video: the VideoObject names its models as Person actors, its tags as keywords", async () => {
    const listing = (await get(pages.model)).text;
    const v = /href="(\/video\/\d+\/[^"/]+\/)"/.exec(listing)?.[1];
    assert.ok(v, `no video on ${pages.model}`);
    const video = jsonLdOf((await get(v)).text).find((d) => d['@type'] === 'VideoObject');
    assert.ok(video, `${v}: no VideoObject`);
    assert.ok(Array.isArray(video.actor) && video.actor.length > 0, `${v}: no actor`);
    assertEvery(/** @type {Record<string, any>[]} */ (video.actor), (a) => (a['@type'] === 'Person' && a.name && /^https?:\/\//.test(a.url) ? null : JSON.stringify(a)), 'a Person with a name and URL');
    assert.ok(video.keywords === undefined || (typeof video.keywords === 'string' && video.keywords.length > 0), `${v}: keywords ${video.keywords}`);
  });
});

describe('Chromium: Content-Security-Policy violations and axe-core', () => {
  /** @type {import('@playwright/test').Browser} */
  let browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  test('the CSP detector sees violations under a policy without unsafe-inline', async () => {
    const probe = await loadPage(browser, baseUrl + pages.home, { rewriteCsp: (csp) => csp.replace(" 'unsafe-inline'", '') });
    try {
      const seen = await cspViolations(probe);
      assert.ok(seen.length > 0, 'CSP detector: no violation seen under a policy without unsafe-inline (is the CSP header there?)');
    } finally {
      await probe.close();
    }
  });

  for (const name of PAGE_NAMES) {
    describe(name, () => {
      /** @type {import('./browser.mjs').LoadedPage} */
      let loaded;
      before(async () => {
        loaded = await loadPage(browser, baseUrl + pages[name]);
      });
      after(() => loaded?.close());

      if (name === 'video') {
        test('the player in the embed frame plays', async () => {
          const played = await playEmbeddedVideo(loaded);
          assert.equal(played, true, `video page: the player did not play (${played})`);
        });
      }

      // After the player played: what it loaded counts too.
      test('no Content-Security-Policy violation', async () => {
        const violations = await cspViolations(loaded);
        assert.deepEqual(violations.map((v) => v.slice(0, 200)), [], `CSP ${pages[name]}: ${violations.length} violation(s)`);
      });

      test('axe-core: no serious or critical violation', async (t) => {
        const all = await axeViolations(loaded);
        const serious = all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        t.diagnostic(`${name}: axe serious/critical ${serious.length} (all ${all.length})`);
        assert.deepEqual(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.length} node(s): ${v.help}`), [], `axe ${pages[name]}`);
      });
    });
  }
});
