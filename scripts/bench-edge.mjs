#!/usr/bin/env node
/**
 * npm run bench:edge: the cached 60-video listing served four ways, measured side by side in one
 * run with wrk (Debian's package): 2 threads, 32 connections, `Accept-Encoding: gzip`, the
 * returning visitor's country cookie (so the site's proxy stays out of the way, as for most
 * visitors), `--duration` s per case (12), 3 rounds with the cases interleaved, medians:
 *
 *   next-start    the site's server (server.mjs: Next's handler, as `npm start` runs it), its page cache
 *   nginx-cached  the same URL through the SHIPPED edge (deploy/nginx/nginx.conf), a cache hit;
 *                 the edge and the site share EDGE_SECRET, as README "Operating it" sets them up
 *                 (--without-secret: the shipped file unchanged, the site's pages stored with their headers)
 *   nginx-static  the same gzip bytes as a static file, from the same nginx
 *   bare-node     the same gzip bytes from a bare node:http server
 *
 * Prints requests/s, p99 latency and resident memory (VmRSS from /proc, the largest sample of the
 * run, all of a server's processes), and the ratios nginx-cached / nginx-static (target >= 0.8)
 * and next-start / bare-node (target >= 0.03). Writes bench-results/edge.json. The machine is
 * shared: read the ratios, which hold across load, rather than the absolute figures.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext, startProcess, waitFor } from './lib/harness.mjs';
import { rssKb, startEdge } from './lib/edge.mjs';
import { request } from './lib/http-client.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const DURATION = Number(option('--duration', '12'));
const ROUNDS = Number(option('--rounds', '3'));
const WRK = process.env.WRK_PATH || '/usr/bin/wrk';
const DIST = process.env.EDGE_DIST_DIR || '.next-edge';
const LISTING = '/videos/latest-updates/2/';
const HEADERS = { 'accept-encoding': 'gzip', cookie: 'tf_country=XX' };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};

function childPids(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** wrk against `url`; samples the RSS of `pids()` every 250 ms; returns { rps, p99Ms, rssKb, errors }. */
async function wrk(url, pids, seconds) {
  const child = startProcess(WRK, ['-t2', '-c32', `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip', '-H', 'Cookie: tf_country=XX', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.child.stdout.on('data', (d) => (out += d));
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pids()))), 250);
  await new Promise((r) => child.child.on('exit', r));
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pids()));
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk gave no figure for ${url}:\n${out}`);
  return { rps, p99Ms, rssKb: peak, errors };
}

/** A bare node:http server answering every request with `body` and `headers`, in its own process. */
async function startBareNode(port, bodyFile, headers) {
  const code = `
    import http from 'node:http';
    import fs from 'node:fs';
    const body = fs.readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(headers)};
    const server = http.createServer((req, res) => { res.writeHead(200, { ...headers, 'content-length': body.length }); res.end(body); });
    server.keepAliveTimeout = 65000;
    server.listen(${port}, '127.0.0.1');
  `;
  const handle = startProcess(process.execPath, ['--input-type=module', '-e', code]);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/`, handle.child, 10_000);
  return { ...handle, baseUrl };
}

runMain('bench:edge', async () => {
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install -y wrk`);
  const env = { ...freshCatalogEnv('data/bench-edge.db'), NEXT_DIST_DIR: DIST, NEXT_STANDALONE: '1' };
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const serverEnv = { ...env };
  delete serverEnv.NEXT_STANDALONE;

  // --without-secret: the edge as shipped, the site sending its security headers (README: what the secret buys).
  const edgeSecret = args.includes('--without-secret') ? '' : randomBytes(24).toString('base64url');
  const site = await startNext(await freePort(), { ...serverEnv, EDGE_SECRET: edgeSecret });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-bench-edge-'));
  const stopAll = [];
  try {
    // The bytes every case sends: the site's own gzip answer for the listing.
    const first = await request(`${site.baseUrl}${LISTING}`, { headers: HEADERS });
    const sample = await request(`${site.baseUrl}${LISTING}`, { headers: HEADERS });
    if (sample.status !== 200 || sample.headers['content-encoding'] !== 'gzip') throw new Error(`${LISTING}: ${sample.status} ${sample.headers['content-encoding']}`);
    if (!first.raw.equals(sample.raw)) console.log('bench:edge: note: the site\'s gzip bytes differ between two answers; the static copies use the second');
    const videos = new Set([...sample.text.matchAll(/href="\/video\/(\d+)\//g)].map((m) => m[1])).size;
    const bodyFile = path.join(work, 'listing.html.gz');
    fs.writeFileSync(bodyFile, sample.raw);
    const headers = { 'content-type': String(sample.headers['content-type']), 'content-encoding': 'gzip', 'cache-control': String(sample.headers['cache-control']), vary: 'Accept-Encoding' };

    const staticPort = await freePort();
    const edge = await startEdge({
      port: await freePort(),
      upstreams: [`127.0.0.1:${site.port}`],
      edgeSecret,
      // A second server block in the same nginx: the same bytes as a plain static file.
      extraHttp: `  server {
    listen 127.0.0.1:${staticPort};
    # The file is gzip already: the http block's gzip must not compress it again.
    gzip off;
    location = /listing.html {
      root static;
      default_type text/html;
      add_header Content-Encoding gzip;
      add_header Cache-Control "${headers['cache-control']}";
      add_header Vary Accept-Encoding;
    }
  }`,
      prepare(prefix) {
        fs.mkdirSync(path.join(prefix, 'static'), { mode: 0o755 });
        fs.copyFileSync(bodyFile, path.join(prefix, 'static', 'listing.html'));
        fs.chmodSync(path.join(prefix, 'static', 'listing.html'), 0o644);
      },
    });
    stopAll.push(edge);
    const bare = await startBareNode(await freePort(), bodyFile, headers);
    stopAll.push(bare);

    const cases = {
      'next-start': { url: `${site.baseUrl}${LISTING}`, pids: () => [site.child.pid, ...childPids(site.child.pid)] },
      'nginx-cached': { url: `${edge.baseUrl}${LISTING}`, pids: () => edge.pids() },
      'nginx-static': { url: `http://127.0.0.1:${staticPort}/listing.html`, pids: () => edge.pids() },
      'bare-node': { url: `${bare.baseUrl}/`, pids: () => [bare.child.pid] },
    };
    // Every case answers the same listing before anything is timed.
    for (const [name, c] of Object.entries(cases)) {
      await request(c.url, { headers: HEADERS });
      const res = await request(c.url, { headers: HEADERS });
      if (res.status !== 200 || !res.text.includes('/video/')) throw new Error(`${name}: ${c.url} answered ${res.status}`);
      if (name === 'nginx-cached' && res.headers['x-cache-status'] !== 'HIT') throw new Error(`nginx-cached: not a cache hit (${res.headers['x-cache-status']})`);
      if (name !== 'next-start' && !res.raw.equals(sample.raw)) console.log(`bench:edge: note: ${name} sends ${res.raw.length} bytes, the site ${sample.raw.length}`);
    }
    console.log(`bench:edge: ${LISTING} (${videos} videos), ${sample.raw.length} bytes gzip, ${Buffer.byteLength(sample.text)} bytes HTML; wrk -t2 -c32 -d${DURATION}s, ${ROUNDS} rounds; EDGE_SECRET ${edgeSecret ? 'set' : 'not set'}`);
    for (const c of Object.values(cases)) await wrk(c.url, c.pids, 3); // warm-up

    const rounds = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const [name, c] of Object.entries(cases)) {
        const r = await wrk(c.url, c.pids, DURATION);
        rounds[name].push(r);
        console.log(`  round ${i + 1} ${name.padEnd(12)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99Ms.toFixed(2).padStart(7)} ms  rss ${(r.rssKb / 1024).toFixed(1)} MiB${r.errors ? `  ${r.errors} ERRORS` : ''}`);
      }
    }
    const result = Object.fromEntries(
      Object.entries(rounds).map(([name, rs]) => [
        name,
        { 'req/s': Math.round(median(rs.map((r) => r.rps))), 'p99 ms': Number(median(rs.map((r) => r.p99Ms)).toFixed(2)), 'RSS MiB': Number((median(rs.map((r) => r.rssKb)) / 1024).toFixed(1)), errors: rs.reduce((a, r) => a + r.errors, 0) },
      ]),
    );
    console.log(`\nmedians of ${ROUNDS} rounds`);
    console.table(result);
    const cachedOverStatic = result['nginx-cached']['req/s'] / result['nginx-static']['req/s'];
    const nextOverBare = result['next-start']['req/s'] / result['bare-node']['req/s'];
    console.log(`nginx-cached / nginx-static: ${cachedOverStatic.toFixed(2)} (target >= 0.8) ${cachedOverStatic >= 0.8 ? 'met' : 'NOT MET'}`);
    console.log(`next-start / bare-node: ${nextOverBare.toFixed(3)} (target >= 0.03) ${nextOverBare >= 0.03 ? 'met' : 'NOT MET'}`);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench-results', 'edge.json'),
      JSON.stringify({ when: new Date().toISOString(), listing: LISTING, videos, gzipBytes: sample.raw.length, durationS: DURATION, rounds, medians: result, ratios: { cachedOverStatic, nextOverBare } }, null, 2),
    );
    const errors = Object.values(result).reduce((a, r) => a + r.errors, 0);
    if (errors) console.error(`bench:edge: ${errors} errors (non-2xx answers or socket errors)`);
    return errors ? 1 : 0;
  } finally {
    for (const s of stopAll) s.stop();
    site.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
