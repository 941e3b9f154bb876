#!/usr/bin/env node
/**
 * Page benchmark: for home, a listing and a video page, measures against `next start` on the
 * embedded catalogue
 *   - HTML bytes (raw and gzip) and first-load JavaScript (gzip, every script the page loads);
 *   - throughput of cached page hits (requests per second, median of 3 rounds), side by side with
 *     a static file from the same server, so the figure reads as a ratio on a noisy machine;
 *   - Lighthouse mobile scores (performance, accessibility, SEO, best practices) and CLS, in Chromium.
 * Writes bench-results/pages.json. Options: --no-lighthouse, --port N, --base URL (use a running site).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

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

async function startSite() {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const port = Number(option('--port')) || (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  return { base, stop: () => child.kill('SIGTERM') };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};

async function weight(base, pagePath) {
  const res = await fetch(base + pagePath);
  const html = Buffer.from(await res.arrayBuffer());
  // Modern browsers skip noModule scripts (the legacy polyfills): they are counted apart.
  const tags = [...html.toString('utf8').matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)];
  const scripts = [...new Map(tags.map((m) => [m[2], /\bnomodule\b/i.test(m[1] + m[3])])).entries()];
  let jsRaw = 0;
  let jsGzip = 0;
  let legacyGzip = 0;
  for (const [src, legacy] of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    if (legacy) {
      legacyGzip += gz;
    } else {
      jsRaw += body.length;
      jsGzip += gz;
    }
  }
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    htmlBytes: html.length,
    htmlGzip: gzipSync(html, { level: 9 }).length,
    scripts: scripts.length,
    jsRaw,
    jsGzip,
    legacyGzip,
  };
}

/**
 * Requests per second for one URL. A returning visitor carries the country cookie, so the proxy
 * stays out of the way; a first visit (no cookie) goes through it.
 */
async function throughput(url, { total = 1500, concurrency = 16, returning = true } = {}) {
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

async function lighthouseScores(base, pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chromePath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const out = {};
  try {
    for (const [name, pagePath] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < 3; i += 1) {
        const result = await lighthouse(base + pagePath, { port: chrome.port, output: 'json', logLevel: 'error' }, undefined);
        const lhr = result.lhr;
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          seo: Math.round(lhr.categories.seo.score * 100),
          bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        });
      }
      out[name] = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

const site = option('--base') ? { base: option('--base'), stop: () => {} } : await startSite();
try {
  const { base } = site;
  // A video that exists: the first of the latest listing.
  const listing = await (await fetch(`${base}/api/json/videos2/86400/str/latest-updates/1/..1.all...json`)).json();
  const v = listing.videos[0];
  const pages = { home: '/', listing: '/videos/most-popular/2/', video: `/video/${v.video_id}/${v.dir}/` };

  for (const p of Object.values(pages)) await fetch(base + p); // warm the page cache

  const weights = {};
  for (const [name, p] of Object.entries(pages)) weights[name] = await weight(base, p);
  console.log('\npage weight (bytes)');
  console.table(Object.fromEntries(Object.entries(weights).map(([k, w]) => [k, { status: w.status, 'html gzip': w.htmlGzip, 'html raw': w.htmlBytes, scripts: w.scripts, 'first-load JS gzip': w.jsGzip, 'noModule JS gzip': w.legacyGzip, 'cache-control': w.cacheControl }])));

  // A static file from the same server (the first script of the home page) as the yardstick.
  const homeHtml = await (await fetch(`${base}/`)).text();
  const staticPath = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(homeHtml)?.[1];
  if (!staticPath) throw new Error('no static script found on the home page');
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
  writeFileSync(path.join(root, 'bench-results', 'pages.json'), JSON.stringify({ when: new Date().toISOString(), pages, weights, rps, rounds, lighthouse: lighthouseResult }, null, 2));
} finally {
  site.stop();
}
