#!/usr/bin/env node
/**
 * npm run test:judges: the outside judges on the built site (one shared build, see lib/harness):
 * - the W3C Nu HTML checker (vnu-jar, Java): zero errors on nine page families;
 * - axe-core in Chromium: no serious or critical violation on the same pages;
 * - the security headers (lib/web/security-headers.ts) on every page family, the API, media and embed;
 * - zero Content-Security-Policy violations in Chromium while the pages load (the player plays);
 * - the video page's social markup (twitter:image:alt) and VideoObject properties.
 * Exits non-zero with one line per failure. JUDGES_KEEP=dir keeps the saved HTML there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from '../tests/support/system/harness.mjs';

/** @type {string[]} */
const failures = [];
/** @param {string} msg */
const fail = (msg) => {
  failures.push(msg);
  console.log(`  FAIL ${msg}`);
};

/**
 * @param {string} baseUrl
 * @param {string} p
 * @param {boolean} [retry]
 * @returns {Promise<{ res: Response; body: string }>}
 */
async function text(baseUrl, p, retry = true) {
  try {
    const res = await fetch(baseUrl + p, { redirect: 'manual' });
    return { res, body: await res.text() };
  } catch (err) {
    // A kept-alive socket that the server closed while vnu ran fails once ("other side closed").
    if (retry) return text(baseUrl, p, false);
    // fetch's failures: a TypeError whose cause says what went wrong.
    const e = /** @type {Error & { cause?: { message?: string } }} */ (err);
    throw new Error(`GET ${p}: ${e.cause?.message ?? e.message}`);
  }
}

/**
 * The pages judged: fixed paths plus a video page found from the home page's links.
 * @param {string} baseUrl
 */
async function pages(baseUrl) {
  const { body } = await text(baseUrl, '/');
  const video = /href="(\/video\/\d+\/[^"/]+\/)"/.exec(body)?.[1];
  if (!video) throw new Error('no video link on the home page');
  const info = '/information/terms/';
  return {
    home: '/',
    listing: '/videos/latest-updates/1/',
    video,
    search: '/search/1/?s=walk',
    notFound: '/this/does/not/exist/',
    bookmarks: '/bookmarks/',
    history: '/history/',
    categories: '/categories/',
    information: info,
  };
}

/**
 * The errors vnu finds in `files`. A judge that read nothing would pass everything, so the run
 * itself is checked: vnu names every file it read (--verbose, on stdout) and a file it cannot read
 * is left out without a message; its JSON report (on stderr) must be whole; its exit status must be
 * 1 with errors and 0 without; and a page with known errors, judged in the same run, must get them.
 * @param {string[]} files at least one, all in one folder
 * @returns {VnuMessage[]}
 */
function vnu(files) {
  const jar = path.join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
  const canary = path.join(path.dirname(/** @type {string} */ (files[0])), 'judges-canary.html');
  // Two errors vnu always reports: a head without a title, an end tag </p> with no <p> open.
  fs.writeFileSync(canary, '<!doctype html><html lang="en"><head></head><body><div>canary</div></p></body></html>');
  const r = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '--verbose', canary, ...files], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`vnu did not run (java -jar ${jar}): ${r.error.message}`);
  const read = new Set(r.stdout.split('\n').map((l) => l.trim()).filter(Boolean));
  const unread = [canary, ...files].filter((f) => !read.has(f));
  if (unread.length) throw new Error(`vnu did not read ${unread.join(', ')} (exit ${r.status}): ${r.stderr.slice(0, 300)}`);
  let report;
  try {
    report = JSON.parse(r.stderr);
  } catch {
    throw new Error(`vnu gave no JSON report (exit ${r.status}): ${r.stderr.slice(0, 300) || 'nothing'}`);
  }
  if (!Array.isArray(report?.messages)) throw new Error(`vnu's report has no messages list: ${r.stderr.slice(0, 300)}`);
  /** @type {VnuMessage[]} */
  const messages = report.messages;
  const other = messages.filter((m) => m.type === 'non-document-error');
  if (other.length) throw new Error(`vnu could not judge: ${other.map((m) => m.message).join('; ')}`);
  const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
  /** @param {VnuMessage} m */
  const isCanary = (m) => m.url?.endsWith('/judges-canary.html');
  const canaryErrors = errors.filter(isCanary).map((m) => m.message);
  if (!canaryErrors.some((m) => /title/.test(m)) || !canaryErrors.some((m) => /No “p” element in scope/.test(m))) {
    throw new Error(`vnu missed the known errors of its canary page: ${JSON.stringify(canaryErrors)}`);
  }
  // With the canary's errors there are always some: vnu says so with exit status 1.
  if (r.status !== 1) throw new Error(`vnu exited with ${r.status} where it reported ${errors.length} error(s)`);
  fs.rmSync(canary, { force: true });
  return errors.filter((m) => !isCanary(m));
}

/**
 * What is read of a message of vnu's JSON report.
 * @typedef {{ type: string; subType?: string; message: string; url?: string }} VnuMessage
 */
/** @typedef {Awaited<ReturnType<typeof pages>>} Pages */

/**
 * @param {string} baseUrl
 * @param {Record<string, string>} list the pages, by name
 */
async function checkHtml(baseUrl, list) {
  console.log('judges: W3C Nu HTML checker');
  const dir = process.env.JUDGES_KEEP || fs.mkdtempSync(path.join(os.tmpdir(), 'judges-'));
  fs.mkdirSync(dir, { recursive: true });
  /** @type {Record<string, string>} */
  const files = {};
  for (const [name, p] of Object.entries(list)) {
    const { body } = await text(baseUrl, p);
    const file = path.join(dir, `${name}.html`);
    files[name] = file;
    fs.writeFileSync(file, body);
  }
  const errors = vnu(Object.values(files));
  for (const [name, file] of Object.entries(files)) {
    const mine = errors.filter((m) => m.url?.endsWith(`/${path.basename(file)}`));
    console.log(`  ${name.padEnd(12)} ${mine.length} error(s)`);
    if (mine.length) fail(`vnu ${list[name]}: ${mine.length} error(s), first: ${mine[0]?.message}`);
  }
  if (!process.env.JUDGES_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}

const PAGE_HEADERS = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\)/,
  'content-security-policy':
    /(?=.*frame-ancestors 'self')(?=.*object-src 'none')(?=.*base-uri 'self')(?=.*form-action 'self')(?=.*frame-src 'self')(?=.*script-src 'self')/,
};

/**
 * @param {string} baseUrl
 * @param {Record<string, string>} list the pages, by name
 * @param {number} videoId
 */
async function checkHeaders(baseUrl, list, videoId) {
  console.log('judges: security headers');
  const apiVideo = `/api/json/video/86400/0/${Math.floor(videoId / 1000) * 1000}/${videoId}.json`;
  const targets = {
    ...list,
    api: apiVideo,
    apiError: '/api/json/video/%FF/0/4000/4200.json',
    thumb: `/media/thumbs/${videoId}/1.svg`,
    robots: '/robots.txt',
  };
  for (const [name, p] of Object.entries(targets)) {
    const { res } = await text(baseUrl, p);
    for (const [header, want] of Object.entries(PAGE_HEADERS)) {
      const got = res.headers.get(header);
      if (!got || !want.test(got)) fail(`header ${header} on ${name} ${p} (${res.status}): ${got ?? 'missing'}`);
    }
  }
  const { res: embed } = await text(baseUrl, `/embed/${videoId}/`);
  const csp = embed.headers.get('content-security-policy') ?? '';
  if (!/frame-ancestors \*/.test(csp) || !/object-src 'none'/.test(csp)) fail(`embed CSP: ${csp || 'missing'}`);
  if (embed.headers.get('x-content-type-options') !== 'nosniff') fail('embed: no nosniff');
  const { res: ad } = await text(baseUrl, '/ad-frame/banner/');
  if (!/^sandbox allow-scripts/.test(ad.headers.get('content-security-policy') ?? '')) fail('ad frame: no sandbox CSP');
  const { res: api, body } = await text(baseUrl, apiVideo);
  if (api.status !== 200 || !/json/.test(api.headers.get('content-type') ?? '') || !body.startsWith('{')) {
    fail(`API ${apiVideo}: ${api.status} ${api.headers.get('content-type')}`);
  }
}

/** @param {string} html the video page */
function checkSocial(html) {
  console.log('judges: video page social markup');
  if (!/<meta name="twitter:image:alt" content="[^"]+"/.test(html)) fail('video page: no twitter:image:alt');
  const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  const data = ld ? [JSON.parse(ld)].flat() : [];
  const video = data.find((d) => d['@type'] === 'VideoObject') ?? data.flatMap((d) => d['@graph'] ?? []).find((d) => d['@type'] === 'VideoObject');
  if (!video) return fail('video page: no VideoObject JSON-LD');
  for (const key of ['name', 'description', 'thumbnailUrl', 'uploadDate', 'duration', 'interactionStatistic']) {
    if (!video[key] || (Array.isArray(video[key]) && !video[key].length)) fail(`VideoObject: no ${key}`);
  }
  if (!video.embedUrl && !video.contentUrl) fail('VideoObject: neither embedUrl nor contentUrl');
}

/**
 * The page's globals that the scripts run in Chromium use: these files are checked without the DOM
 * library, which would declare `window` and `document` in every Node script too.
 * @typedef {object} PageGlobals
 * @property {{ addEventListener(type: 'securitypolicyviolation', listener: (e: { violatedDirective: string; blockedURI: string }) => void): void }} document
 * @property {string[]} [__cspViolations] the violations seen, pushed by the init script
 */
/**
 * What is used of a <video> element.
 * @typedef {object} VideoElement
 * @property {boolean} muted
 * @property {number} currentTime
 * @property {() => Promise<void>} play
 * @property {(type: 'timeupdate', listener: () => void) => void} addEventListener
 * @property {(type: 'timeupdate', listener: () => void) => void} removeEventListener
 */

/**
 * @param {string} baseUrl
 * @param {Pages} list
 */
async function checkBrowser(baseUrl, list) {
  console.log('judges: Chromium (CSP violations, axe-core)');
  const { chromium } = await import('@playwright/test');
  const { default: axeModule } = await import('@axe-core/playwright');
  // Its ESM build's default export is the class; its declarations, read as CommonJS under NodeNext,
  // make this default import the whole module.
  const AxeBuilder = /** @type {typeof axeModule.default} */ (/** @type {unknown} */ (axeModule));
  const executablePath = process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    /**
     * @param {string} url
     * @param {(csp: string) => string} [rewriteCsp] what to make of each answer's CSP header
     */
    const load = async (url, rewriteCsp) => {
      const context = await browser.newContext();
      await context.addInitScript(() => {
        const { document } = /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis));
        document.addEventListener('securitypolicyviolation', (e) => {
          const w = /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis));
          (w.__cspViolations = w.__cspViolations ?? []).push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      if (rewriteCsp) {
        await context.route(`${baseUrl}/**`, async (route) => {
          const res = await route.fetch();
          const headers = { ...res.headers(), 'content-security-policy': rewriteCsp(res.headers()['content-security-policy'] ?? '') };
          await route.fulfill({ response: res, headers });
        });
      }
      const page = await context.newPage();
      /** @type {string[]} */
      const violations = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      return { context, page, violations };
    };
    // The detector itself: the same page under the policy without 'unsafe-inline' must show violations.
    const probe = await load(baseUrl + list.home, (csp) => csp.replace(" 'unsafe-inline'", ''));
    const seen = probe.violations.length + (await probe.page.evaluate(() => /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis)).__cspViolations ?? [])).length;
    await probe.context.close();
    if (!seen) fail('CSP detector: no violation seen under a policy without unsafe-inline (is the CSP header there?)');
    for (const [name, p] of Object.entries(list)) {
      const { context, page, violations } = await load(baseUrl + p);
      if (name === 'video') {
        const frame = page.frameLocator('iframe[src*="/embed/"]');
        const played = await frame
          .locator('video')
          .evaluate(async (element) => {
            const v = /** @type {VideoElement} */ (/** @type {unknown} */ (element));
            v.muted = true;
            await v.play();
            // A busy machine may take seconds to decode the first frames: wait for time to move.
            if (v.currentTime === 0) {
              await new Promise((resolve) => {
                const moved = () => v.currentTime > 0 && (v.removeEventListener('timeupdate', moved), resolve(undefined));
                v.addEventListener('timeupdate', moved);
                setTimeout(resolve, 30_000);
              });
            }
            return v.currentTime > 0;
          })
          .catch((e) => String(e));
        if (played !== true) fail(`video page: the player did not play (${played})`);
      }
      // Events the console may not show (in frames too).
      const events = await page.evaluate(() => /** @type {PageGlobals} */ (/** @type {unknown} */ (globalThis)).__cspViolations ?? []);
      violations.push(...events);
      const axe = await new AxeBuilder({ page }).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      console.log(`  ${name.padEnd(12)} CSP violations ${violations.length}, axe serious/critical ${serious.length} (all ${axe.violations.length})`);
      for (const v of violations.slice(0, 3)) fail(`CSP ${p}: ${v.slice(0, 200)}`);
      for (const v of serious) fail(`axe ${p}: ${v.id} (${v.impact}) ${v.nodes.length} node(s)`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

runMain('judges', async () => {
  const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/judges.db');
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const port = await freePort();
  const server = await startNext(port, env);
  try {
    const list = await pages(server.baseUrl);
    // pages() took list.video from a link of this shape.
    const videoId = Number(/** @type {RegExpExecArray} */ (/\/video\/(\d+)\//.exec(list.video))[1]);
    await checkHtml(server.baseUrl, list);
    await checkHeaders(server.baseUrl, list, videoId);
    checkSocial((await text(server.baseUrl, list.video)).body);
    await checkBrowser(server.baseUrl, list);
  } finally {
    server.stop();
  }
  console.log(failures.length ? `judges: ${failures.length} failure(s)` : 'judges: all passed');
  return failures.length ? 1 : 0;
});
