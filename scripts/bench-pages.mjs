#!/usr/bin/env node
/**
 * Page benchmark: for home, a listing and a video page, measures against `next start` on the
 * embedded catalogue
 *   - HTML bytes (raw, gzip, and the flight payload's share) and first-load JavaScript (gzip), split
 *     into our own code, the packages we chose and the framework's (scripts/lib/page-weight.mjs,
 *     from the chunks' source maps), against budgets (scripts/lib/page-budgets.mjs): a regression
 *     fails the run;
 *   - throughput of cached page hits (requests per second, median of 3 rounds), side by side with
 *     a static file from the same server, so the figure reads as a ratio on a noisy machine;
 *   - Lighthouse mobile scores (performance, accessibility, SEO, best practices) and CLS, in Chromium.
 * Writes bench-results/pages.json. Options: --no-lighthouse, --port N, --base URL (use a running site;
 * its JavaScript counts as unattributed unless it was built with BROWSER_SOURCE_MAPS=1).
 *
 * The site is built in its own folder (.next-bench, with browser source maps: the shared .next has
 * none) when that build is missing or older than the sources.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BUDGETS, budgetBreaches } from './lib/page-budgets.mjs';
import { measurePage } from './lib/page-weight.mjs';
import { median } from './lib/median.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
/** @param {string} name */
const flag = (name) => args.includes(name);
/** @param {string} name */
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {number} [ms]
 */
async function waitFor(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the site did not answer at ${url}`);
}

const DIST_DIR = '.next-bench';
const SOURCES = ['app', 'components', 'lib', 'locales', 'public', 'proxy.ts', 'next.config.ts', 'package.json'];

/**
 * @param {string} p
 * @returns {number}
 */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

async function startSite() {
  const env = { ...process.env, NEXT_DIST_DIR: DIST_DIR, BROWSER_SOURCE_MAPS: '1', NEXT_TELEMETRY_DISABLED: '1' };
  const buildId = path.join(root, DIST_DIR, 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (!built || SOURCES.some((s) => newestMtime(path.join(root, s)) > built)) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const port = Number(option('--port')) || (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  return { base, stop: () => child.kill('SIGTERM') };
}

/**
 * Requests per second for one URL. A returning visitor carries the country cookie, so the proxy
 * stays out of the way; a first visit (no cookie) goes through it.
 * @param {string} url
 * @param {{ total?: number; concurrency?: number; returning?: boolean }} [options]
 */
async function throughput(url, { total = 1500, concurrency = 16, returning = true } = {}) {
  /** @type {Record<string, string>} */
  const headers = returning ? { cookie: 'tf_country=XX' } : {};
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      next += 1;
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total / ((performance.now() - started) / 1000);
}

/**
 * What is read of a Lighthouse report. A category's score is null only in a run that failed,
 * which `runtimeError` reports (the score then counts as 0, as Math.round(null * 100) is).
 * @typedef {{ runtimeError?: { code: string; message: string }; categories: Record<string, { score: number }>; audits: Record<string, { numericValue: number }> }} LighthouseReport
 */

/**
 * Median scores of three Lighthouse runs per page.
 * @param {string} base
 * @param {Record<string, string>} pages
 */
async function lighthouseScores(base, pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chromePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  /** @type {Record<string, Record<string, number>>} */
  const out = {};
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      /** @type {Record<string, number>[]} */
      const runs = [];
      for (let i = 0; i < 3; i += 1) {
        // Silent: the build's source maps (for the weight split) make Lighthouse log one line per
        // Turbopack mapping that ends past its line, on every run; a failed run is reported below.
        const result = await lighthouse(base + pagePath, { port: chrome.port, output: 'json', logLevel: 'silent' }, undefined);
        const lhr = /** @type {LighthouseReport} */ (/** @type {NonNullable<typeof result>} */ (result).lhr);
        if (lhr.runtimeError) console.error(`lighthouse ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        runs.push({
          performance: Math.round(/** @type {{ score: number }} */ (lhr.categories.performance).score * 100),
          accessibility: Math.round(/** @type {{ score: number }} */ (lhr.categories.accessibility).score * 100),
          seo: Math.round(/** @type {{ score: number }} */ (lhr.categories.seo).score * 100),
          bestPractices: Math.round(/** @type {{ score: number }} */ (lhr.categories['best-practices']).score * 100),
          cls: /** @type {{ numericValue: number }} */ (lhr.audits['cumulative-layout-shift']).numericValue,
          lcpMs: Math.round(/** @type {{ numericValue: number }} */ (lhr.audits['largest-contentful-paint']).numericValue),
        });
      }
      out[name] = Object.fromEntries(Object.keys(/** @type {Record<string, number>} */ (runs[0])).map((k) => [k, median(runs.map((r) => /** @type {number} */ (r[k])))]));
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

const site = option('--base') ? { base: /** @type {string} */ (option('--base')), stop: () => {} } : await startSite();
try {
  const { base } = site;
  // A video that exists: the first of the latest listing.
  const listing = /** @type {{ videos: { video_id: number; dir: string }[] }} */ (await (await fetch(`${base}/api/json/videos2/86400/str/latest-updates/1/..1.all...json`)).json());
  const v = /** @type {{ video_id: number; dir: string }} */ (listing.videos[0]);
  // A 60-video listing page (page 2: page 1 of latest-updates is the one most often cached elsewhere).
  const pages = { home: '/', listing: '/videos/latest-updates/2/', video: `/video/${v.video_id}/${v.dir}/` };
  // A returning visitor from a country without a gate: the page as most visitors get it.
  const headers = { cookie: 'tf_country=XX' };

  for (const p of Object.values(pages)) await fetch(base + p, { headers }); // warm the page cache

  /** @typedef {Awaited<ReturnType<typeof measurePage>>} PageWeight */
  /** @type {Record<string, PageWeight>} */
  const weights = {};
  for (const [name, p] of Object.entries(pages)) weights[name] = await measurePage(base, p, { headers });
  console.log('\npage weight (bytes; JS split by source map: own = our code, deps = packages we chose, framework = Next, React, runtime)');
  console.table(
    Object.fromEntries(
      Object.entries(weights).map(([k, w]) => [
        k,
        {
          status: w.status,
          'html raw': w.htmlBytes,
          'html gzip': w.htmlGzip,
          'flight raw': w.flightBytes,
          'own JS gzip': w.own.gzip,
          'deps JS gzip': w.deps.gzip,
          'framework JS gzip': w.framework.gzip,
          ...(w.unattributed.raw ? { 'unattributed JS gzip': w.unattributed.gzip } : {}),
          'first-load JS gzip': w.jsGzip,
          'noModule JS gzip': w.legacyGzip,
        },
      ]),
    ),
  );
  for (const [k, w] of Object.entries(weights)) {
    console.log(`${k}: our largest modules (raw minified bytes): ${w.ownModules.slice(0, 8).map(([n, b]) => `${n} ${b}`).join(', ')}`);
  }
  const overBudget = Object.entries(BUDGETS).flatMap(([k, budget]) => budgetBreaches(k, /** @type {PageWeight} */ (weights[k]), budget));
  if (Object.values(weights).some((w) => w.mappedScripts === 0)) console.log('\nno source maps (a site given with --base not built with BROWSER_SOURCE_MAPS=1): own JavaScript not checked');
  if (overBudget.length) {
    console.error(`\nOVER BUDGET: ${overBudget.join('; ')}`);
    process.exitCode = 1;
  } else console.log(`\nweight budgets hold: ${JSON.stringify(BUDGETS)}`);

  // A static file from the same server (the first script of the home page) as the yardstick.
  const homeHtml = await (await fetch(`${base}/`, { headers })).text();
  const staticPath = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(homeHtml)?.[1];
  if (!staticPath) throw new Error('no static script found on the home page');
  /** @type {{ page: number[]; firstVisit: number[]; staticFile: number[] }} */
  const rounds = { page: [], firstVisit: [], staticFile: [] };
  for (let i = 0; i < 3; i += 1) {
    rounds.page.push(await throughput(base + pages.listing));
    rounds.firstVisit.push(await throughput(base + pages.listing, { returning: false }));
    rounds.staticFile.push(await throughput(base + staticPath));
  }
  const rps = { page: median(rounds.page), firstVisit: median(rounds.firstVisit), staticFile: median(rounds.staticFile) };
  console.log(
    `\ncached listing page: ${rps.page.toFixed(0)} req/s (returning visitor), ${rps.firstVisit.toFixed(0)} req/s (first visit, through the proxy); ` +
      `static file: ${rps.staticFile.toFixed(0)} req/s; ratios ${(rps.page / rps.staticFile).toFixed(2)} and ${(rps.firstVisit / rps.staticFile).toFixed(2)} ` +
      '(median of 3 rounds, 1500 requests, 16 concurrent)',
  );

  let lighthouseResult = null;
  if (!flag('--no-lighthouse')) {
    lighthouseResult = await lighthouseScores(base, pages);
    console.log('\nLighthouse mobile (median of 3 runs)');
    console.table(lighthouseResult);
  }

  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results', 'pages.json'), JSON.stringify({ when: new Date().toISOString(), pages, weights, budgets: BUDGETS, overBudget, rps, rounds, lighthouse: lighthouseResult }, null, 2));
} finally {
  site.stop();
}
