#!/usr/bin/env node
/**
 * npm run bench:sitemaps: what a video sitemap of 10,000 videos costs the site's server, and what
 * a client asking for it five times a second costs everybody else (issue 20, item 3).
 *
 * Seeds a catalogue of 20,000 videos (two full sitemap files; data/bench-sitemaps.db), starts the
 * site's server on the existing build (built when missing or older than the sources), then:
 *  1. the first request for videos-1.xml, and 20 more one after the other: time per request;
 *  2. 20 requests for it with a query string each (?n=1, ?n=2...): status and time per request;
 *  3. the event loop under a client asking for videos-1.xml and videos-2.xml five times a second
 *     for 10 s, once with the same URLs and once with a new query string each time: meanwhile a
 *     probe asks for /icon.svg every 25 ms, and its latency (median, p99, max) is the time any
 *     visitor waited behind the sitemaps.
 * Writes bench-results/sitemaps.json. `--seconds S` sets the length of each run of 3.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOrPrepare, freePort, npx, root, run, runMain, startNext } from '../tests/support/system/harness.mjs';
import { request } from '../tests/support/system/http-client.mjs';

const DB = 'data/bench-sitemaps.db';
const VIDEOS = 20_000;
const argv = process.argv.slice(2);
const SECONDS = Number(argv[argv.indexOf('--seconds') + 1]) || 10;
/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @type {(sorted: number[], p: number) => number} */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
/** @param {number[]} ms */
function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, median: +pct(s, 50).toFixed(1), p99: +pct(s, 99).toFixed(1), max: +(s.at(-1) ?? 0).toFixed(1) };
}

/**
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function timed(url, headers = { 'accept-encoding': 'gzip' }) {
  const t = performance.now();
  const res = await request(url, { headers });
  return { ms: performance.now() - t, status: res.status, bytes: res.raw.length, location: res.headers.location };
}

/**
 * The attacker's load for `seconds`, five requests a second, while a probe measures what others wait.
 * @param {string} base
 * @param {(i: number) => string} pathOf
 * @param {number} seconds
 */
async function underLoad(base, pathOf, seconds) {
  /** @type {number[]} */
  const probe = [];
  /** @type {Awaited<ReturnType<typeof timed>>[]} */
  const load = [];
  let stop = false;
  const prober = (async () => {
    while (!stop) {
      probe.push((await timed(`${base}/icon.svg`)).ms);
      await sleep(25);
    }
  })();
  const pending = [];
  for (let i = 0; i < seconds * 5; i++) {
    pending.push(timed(`${base}${pathOf(i)}`).then((r) => load.push(r)));
    await sleep(200);
  }
  await Promise.all(pending);
  stop = true;
  await prober;
  return { requests: load.length, statuses: countBy(load.map((r) => r.status)), time: summary(load.map((r) => r.ms)), probe: summary(probe) };
}

/** @param {number[]} xs */
const countBy = (xs) => xs.reduce((/** @type {Record<string, number>} */ m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

runMain('bench:sitemaps', async () => {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_PATH: DB, INPUT_RATE_PER_MINUTE: '100000' };
  delete env.NEXT_DIST_DIR;
  delete env.API_ORIGIN;
  delete env.DATABASE_URL;
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(root, DB + suffix), { force: true });
  const seeded = run(npx, ['tsx', '--conditions=react-server', 'scripts/seed.ts', '--videos', String(VIDEOS), '--db', DB], env);
  if (seeded !== 0) return seeded;
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const site = await startNext(await freePort(), env);
  try {
    const base = site.baseUrl;
    const url = `${base}/sitemaps/videos-1.xml`;
    const first = await timed(url);
    const repeated = [];
    for (let i = 0; i < 20; i++) repeated.push(await timed(url));
    const queried = [];
    for (let i = 1; i <= 20; i++) queried.push(await timed(`${url}?n=${i}`));
    await sleep(1000);
    const idle = await underLoad(base, () => '/robots.txt', 3);
    const sameUrls = await underLoad(base, (i) => `/sitemaps/videos-${(i % 2) + 1}.xml`, SECONDS);
    const newQueries = await underLoad(base, (i) => `/sitemaps/videos-${(i % 2) + 1}.xml?n=${i}`, SECONDS);
    const result = {
      videos: VIDEOS,
      file: { bytes: first.bytes, status: first.status },
      first: +first.ms.toFixed(1),
      repeated: summary(repeated.map((r) => r.ms)),
      queried: { statuses: countBy(queried.map((r) => r.status)), location: queried[0]?.location ?? null, time: summary(queried.map((r) => r.ms)) },
      probeIdle: idle.probe,
      underLoadSameUrls: sameUrls,
      underLoadNewQueries: newQueries,
    };
    console.log(JSON.stringify(result, null, 2));
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results', 'sitemaps.json'), `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    site.stop();
  }
});
