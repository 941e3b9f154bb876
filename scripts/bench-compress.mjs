#!/usr/bin/env node
/**
 * npm run bench:compress: what gzip and brotli cost and give for the site's own pages, to choose the
 * levels the site's server compresses with (LEVELS in lib/server/compress-once.mjs).
 *
 * Fetches a 60-video listing, the home page and a video page from the site uncompressed (the
 * bytes compress-once is handed), then compresses each at every level of interest, in this process,
 * one after the other (synchronous zlib: the CPU time of one compression, on one core), `--runs`
 * times (15), and prints per page and level: the bytes, their ratio to gzip 6, and the median CPU
 * time in milliseconds. Writes bench-results/compress.json.
 *
 * Options: --base URL (a running site; else the site is started from the current build, built
 * first when needed, on a fresh embedded catalogue, as the suites do), --runs N.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from '../tests/support/system/harness.mjs';
import { LEVELS } from '../lib/server/compress-once.mjs';
import { median } from './lib/median.mjs';

const args = process.argv.slice(2);
/**
 * @param {string} name
 * @param {string} [fallback]
 */
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(option('--runs', '15'));
const LISTING = '/videos/latest-updates/2/';

/** @type {[string, (body: Buffer) => Buffer][]} */
const CODECS = [
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => zlib.gzipSync(b, { level: 9 })],
  ...[4, 5, 6, 9, 10, 11].map((q) => /** @type {[string, (body: Buffer) => Buffer]} */ ([
    `br ${q}`,
    (b) =>
      zlib.brotliCompressSync(b, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
      }),
  ])),
];

/**
 * CPU milliseconds (user + system) of one call of `fn`.
 * @param {() => unknown} fn
 */
function cpuMs(fn) {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** @param {string} url */
async function fetchPlain(url) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', cookie: 'tf_country=XX' } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  if (res.headers.get('content-encoding')) throw new Error(`${url}: came ${res.headers.get('content-encoding')} when asked for identity`);
  return Buffer.from(await res.arrayBuffer());
}

runMain('bench:compress', async () => {
  let base = option('--base');
  let site;
  if (!base) {
    const env = { ...freshCatalogEnv('data/bench-compress.db'), ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}) };
    const built = buildOrPrepare(env);
    if (built !== 0) return built;
    site = await startNext(await freePort(), env);
    base = site.baseUrl;
  }
  try {
    const listing = await fetchPlain(`${base}${LISTING}`);
    const video = /href="(\/video\/\d+\/[^"]*)"/.exec(listing.toString())?.[1];
    if (!video) throw new Error(`${LISTING} links no video`);
    const pages = { listing: listing, home: await fetchPlain(`${base}/`), video: await fetchPlain(`${base}${video}`) };

    /** @type {Record<string, { bytes: number; codecs: Record<string, { bytes: number; ms: number }> }>} */
    const results = {};
    /** @type {Record<string, string | number>[]} */
    const rows = [];
    for (const [page, body] of Object.entries(pages)) {
      const result = { bytes: body.length, codecs: /** @type {Record<string, { bytes: number; ms: number }>} */ ({}) };
      results[page] = result;
      let gzip6 = 0;
      for (const [name, fn] of CODECS) {
        const out = fn(body);
        // Round trip: the figures are for output that decodes to the page.
        const back = name.startsWith('gzip') ? zlib.gunzipSync(out) : zlib.brotliDecompressSync(out);
        if (!back.equals(body)) throw new Error(`${page} ${name}: does not decode to the page`);
        if (name === 'gzip 6') gzip6 = out.length;
        for (let i = 0; i < 2; i += 1) fn(body); // warm-up
        const ms = median(Array.from({ length: RUNS }, () => cpuMs(() => fn(body))));
        result.codecs[name] = { bytes: out.length, ms };
        rows.push({ page, 'HTML bytes': body.length, codec: name, bytes: out.length, 'vs gzip 6': Number((out.length / gzip6).toFixed(3)), 'CPU ms (median)': Number(ms.toFixed(2)) });
      }
    }
    console.log(`bench:compress: ${base}, ${RUNS} runs per codec, median CPU time of one compression (one core)`);
    console.table(rows);
    console.log(`the site's levels (lib/server/compress-once.mjs): remembered answers gzip ${LEVELS.gzip.once}, br ${LEVELS.br.once}; per request (one visitor, streamed) gzip ${LEVELS.gzip.each}, br ${LEVELS.br.each}`);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results', 'compress.json'), JSON.stringify({ when: new Date().toISOString(), base, runs: RUNS, levels: LEVELS, results }, null, 2));
    return 0;
  } finally {
    site?.stop();
  }
});
