#!/usr/bin/env node
/**
 * npm run bench:edge: cached pages served several ways, measured side by side in one run with wrk
 * (Debian's package): 2 threads, 32 connections, `--duration` s per case (12), 3 rounds with the
 * cases interleaved, medians.
 *
 * For each of a 60-video listing, the home page and a video page, the same gzip bytes:
 *   <page> cookie      through the SHIPPED edge (deploy/nginx/nginx.conf), a cache hit, for a
 *                      returning visitor (the tf_country cookie);
 *   <page> cookieless  the same, for a first visit or a crawler (no cookie: the edge adds its
 *                      country cookie on the way out);
 *   <page> static      the same bytes as a static file, from the same nginx.
 * The edge and the site share EDGE_SECRET, as docs/nginx-edge.md sets them up (--without-secret:
 * the shipped file unchanged, the site's pages stored with their headers). And for the listing:
 *   listing br         through the edge to a client that takes brotli (a browser's Accept-Encoding),
 *                      served from the site's brotli copy (gzip's when the site has none);
 *   next-start         the site's server (server.mjs: Next's handler, as `npm start` runs it), its page cache
 *   bare-node          the same gzip bytes from a bare node:http server
 *
 * Prints requests/s, the server's CPU time a request (µs, user + system of all its processes, from
 * /proc: it holds when other work loads the machine, where req/s does not), p99 latency and resident memory (VmRSS from /proc, the largest sample of the
 * run, all of a server's processes), the ratios cookieless / cookie and edge (cookie) / static per
 * page (target >= 0.9 each), next-start / bare-node (target >= 0.03), and the listing's bytes as
 * gzip and as br through the edge. Writes bench-results/edge.json. The machine is shared: read the
 * ratios, which hold across load, rather than the absolute figures.
 *
 * --variants: instead, the listing with the cookie through variants of the shipped edge, each in
 * its own nginx beside the static file, to see what an edge hit costs over a static file (the
 * purge generation's subrequest, the security headers, open_file_cache, the country cookie's
 * maps, the key's maps, X-Cache-Status, PCRE's JIT for the key's patterns).
 *
 * --instructions (with --variants): instead of wrk, each variant (and the static file, and the
 * shipped edge for a cookieless visitor) as one nginx process (master_process off) under
 * valgrind's callgrind (Debian's valgrind), and the instructions it runs a request, over
 * `--requests` (200) sequential keep-alive requests after a warm-up: exact, and the same however
 * loaded the machine is (user space only: the kernel's share, sendfile and the rest, is not in it).
 * `--also <file>` adds a whole other configuration to the variants (an older edge, side by side).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext, startProcess, waitFor } from '../tests/support/system/harness.mjs';
import { brotliDecompressSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { SHIPPED_CONF, rssKb, startEdge } from '../tests/support/system/edge.mjs';
import { request } from '../tests/support/system/http-client.mjs';
import { median } from './lib/median.mjs';

/** @typedef {Awaited<ReturnType<typeof request>>} Answer */
/** @typedef {{ rps: number; p99Ms: number; rssKb: number; errors: number; cpuUs: number }} WrkRun */
/** @typedef {{ 'req/s': number; 'CPU µs/req': number; 'p99 ms': number; 'RSS MiB': number; errors: number }} Median */
/** What measure times: a URL, the pids whose CPU and memory it counts, the request's headers. */
/** @typedef {{ url: string; pids: () => (number | undefined)[]; headers: Record<string, string>; page?: string }} Case */
/** @typedef {{ encoding: string; bytes: number }} BrBytes */

const args = process.argv.slice(2);
/**
 * @param {string} name
 * @param {string} fallback
 * @returns {string | undefined} undefined when the option ends the command line
 */
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
const COOKIELESS = { 'accept-encoding': 'gzip' };
/** What Chromium sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', cookie: 'tf_country=XX' };

/**
 * @param {number | undefined} pid
 * @returns {number[]}
 */
function childPids(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time (user + system, in clock ticks of 10 ms) used so far by `pids`, from /proc.
 * @param {readonly (number | undefined)[]} pids
 */
function cpuTicks(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * wrk against `url` with `headers`; samples the RSS of `pids()` every 250 ms; returns { rps, p99Ms, rssKb, errors }.
 * @param {string} url
 * @param {() => (number | undefined)[]} pids
 * @param {number} seconds
 * @param {Record<string, string>} [headers]
 * @returns {Promise<WrkRun>}
 */
async function wrk(url, pids, seconds, headers = HEADERS) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const child = startProcess(WRK, ['-t2', '-c32', `-d${seconds}s`, '--latency', ...h, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  // stdout is a pipe (stdio above).
  /** @type {import('node:stream').Readable} */ (child.child.stdout).on('data', (d) => (out += d));
  let peak = 0;
  const cpuBefore = cpuTicks(pids());
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pids()))), 250);
  await new Promise((r) => child.child.on('exit', r));
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pids()));
  const cpu = cpuTicks(pids()) - cpuBefore;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[/** @type {'us' | 'ms' | 's'} */ (p99[2])] : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk gave no figure for ${url}:\n${out}`);
  // The server's own CPU time a request: unlike req/s, it holds when others load the machine.
  return { rps, p99Ms, rssKb: peak, errors, cpuUs: (cpu * 10_000) / requests };
}

/**
 * A bare node:http server answering every request with `body` and `headers`, in its own process.
 * @param {number} port
 * @param {string} bodyFile
 * @param {Record<string, string>} headers
 */
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

/**
 * The shipped file's text with `from` replaced by `to` (exactly once), for a variant.
 * @param {string} text
 * @param {string} from
 * @param {string} to
 */
function variant(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) throw new Error(`bench:edge --variants: expected exactly one ${JSON.stringify(from)} in the shipped file`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * The variants of --variants: a name and the shipped text changed; `--also <file>` adds another whole file (an older edge).
 * @param {string} shipped
 */
function variants(shipped) {
  const also = option('--also', '');
  const securityLines = shipped.slice(shipped.indexOf('    add_header X-Content-Type-Options'), shipped.indexOf('    add_header X-Cache-Status $upstream_cache_status always;\n'));
  return {
    shipped,
    'no generation subrequest': variant(variant(shipped, '    auth_request /_edge/generation;\n    auth_request_set $edge_generation $sent_http_etag;\n', ''), 'proxy_cache_key "$edge_generation|', 'proxy_cache_key "|'),
    'no security add_header': variant(shipped, securityLines, ''),
    'no open_file_cache': variant(shipped, '    open_file_cache max=20000 inactive=60s;\n    open_file_cache_valid 2s;\n', ''),
    'no country cookie': variant(shipped, '    add_header Set-Cookie $edge_country_cookie;\n', ''),
    'key of the path alone': variant(shipped, /** @type {RegExpExecArray} */ (/proxy_cache_key "[^"]*";/.exec(shipped))[0], 'proxy_cache_key "$edge_generation|$request_uri|$edge_encoding";'),
    'pcre_jit off': variant(shipped, 'pcre_jit on;\n', ''),
    ...(also ? { [`--also ${path.basename(also)}`]: fs.readFileSync(also, 'utf8') } : {}),
    'no X-Cache-Status': variant(shipped, '    add_header X-Cache-Status $upstream_cache_status always;\n', ''),
  };
}

/**
 * Instructions a request of one nginx under callgrind: `n` keep-alive requests for `urlPath` on
 * `port` with `headers` after 20 of warm-up, counted between a zero and a dump of callgrind's
 * counters.
 * @param {import('../tests/support/system/edge.mjs').Edge} edge
 * @param {string} outFile
 * @param {number} port
 * @param {string} urlPath
 * @param {Record<string, string>} headers
 * @param {number} n
 */
async function instructionsPerRequest(edge, outFile, port, urlPath, headers, n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @returns {Promise<http.IncomingMessage>} */
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        })
        .on('error', reject);
    });
  try {
    for (let i = 0; i < 20; i += 1) await get();
    const last = await get();
    if (last.statusCode !== 200) throw new Error(`${urlPath}: ${last.statusCode}`);
    const pid = String(edge.child.pid);
    execFileSync('callgrind_control', ['-z', pid], { stdio: 'ignore' });
    for (let i = 0; i < n; i += 1) await get();
    execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
    const dumps = fs.readdirSync(path.dirname(outFile)).filter((f) => f.startsWith(`${path.basename(outFile)}.`));
    const ir = Math.max(...dumps.map((f) => Number(/^summary:\s+(\d+)/m.exec(fs.readFileSync(path.join(path.dirname(outFile), f), 'utf8'))?.[1] ?? 0)));
    return { perRequest: Math.round(ir / n), cache: String(last.headers['x-cache-status'] ?? ''), cookie: Boolean(last.headers['set-cookie']) };
  } finally {
    agent.destroy();
  }
}

/**
 * wrk over `cases` (name -> { url, pids, headers }): a warm-up, then ROUNDS rounds interleaved; the medians.
 * @param {Record<string, Case>} cases
 * @returns {Promise<{ rounds: Record<string, WrkRun[]>; medians: Record<string, Median> }>}
 */
async function measure(cases) {
  for (const c of Object.values(cases)) await wrk(c.url, c.pids, 3, c.headers); // warm-up
  /** @type {Record<string, WrkRun[]>} */
  const rounds = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [name, c] of Object.entries(cases)) {
      const r = await wrk(c.url, c.pids, DURATION, c.headers);
      /** @type {WrkRun[]} */ (rounds[name]).push(r); // one per case, made above
      console.log(`  round ${i + 1} ${name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} req/s  ${r.cpuUs.toFixed(1).padStart(6)} µs CPU/req  p99 ${r.p99Ms.toFixed(2).padStart(7)} ms  rss ${(r.rssKb / 1024).toFixed(1)} MiB${r.errors ? `  ${r.errors} ERRORS` : ''}`);
    }
  }
  const medians = Object.fromEntries(
    Object.entries(rounds).map(([name, rs]) => [
      name,
      { 'req/s': Math.round(median(rs.map((r) => r.rps))), 'CPU µs/req': Number(median(rs.map((r) => r.cpuUs)).toFixed(1)), 'p99 ms': Number(median(rs.map((r) => r.p99Ms)).toFixed(2)), 'RSS MiB': Number((median(rs.map((r) => r.rssKb)) / 1024).toFixed(1)), errors: rs.reduce((a, r) => a + r.errors, 0) },
    ]),
  );
  console.log(`\nmedians of ${ROUNDS} rounds`);
  console.table(medians);
  return { rounds, medians };
}

/**
 * Checks that every case answers as it should before anything is timed; `expect(name, res)` says what is wrong, or ''.
 * @param {Record<string, Case>} cases
 * @param {(name: string, res: Answer) => string} expect
 */
async function verify(cases, expect) {
  for (const [name, c] of Object.entries(cases)) {
    await request(c.url, { headers: c.headers });
    let res = await request(c.url, { headers: c.headers });
    // nginx's two workers: a page just stored by one may be a MISS once on the other.
    if (res.headers['x-cache-status'] === 'MISS') res = await request(c.url, { headers: c.headers });
    const wrong = res.status !== 200 ? `answered ${res.status}` : expect(name, res);
    if (wrong) throw new Error(`${name}: ${c.url} ${wrong}`);
  }
}

/** @param {Answer} res */
const setCookies = (res) => [res.headers['set-cookie'] ?? []].flat();

/**
 * The medians of case `name`: measure gives every case one, so a name that is not there is a
 * mistake here (a TypeError, as before these types).
 * @param {Record<string, Median>} medians
 * @param {string} name
 */
const medianOf = (medians, name) => /** @type {Median} */ (medians[name]);

runMain('bench:edge', async () => {
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install -y wrk`);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...freshCatalogEnv('data/bench-edge.db'), NEXT_DIST_DIR: DIST, NEXT_STANDALONE: '1' };
  const built = buildOrPrepare(env);
  if (built !== 0) return built;
  const serverEnv = { ...env };
  delete serverEnv.NEXT_STANDALONE;

  // --without-secret: the edge as shipped, the site sending its security headers (docs/nginx-edge.md: what the secret buys).
  const edgeSecret = args.includes('--without-secret') ? '' : randomBytes(24).toString('base64url');
  const site = await startNext(await freePort(), { ...serverEnv, EDGE_SECRET: edgeSecret });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-bench-edge-'));
  /** @type {{ stop(): void }[]} */
  const stopAll = [];
  try {
    const video = JSON.parse((await request(`${site.baseUrl}/api/json/videos2/86400/str/latest-updates/60/..1.all...json`)).text).videos[4];
    const pages = { listing: LISTING, home: '/', video: `/video/${video.video_id}/${video.dir}/` };
    // The bytes every case of a page sends: the site's own gzip answer for it.
    /** @type {Record<string, Answer>} */
    const samples = {};
    for (const [name, p] of Object.entries(pages)) {
      const first = await request(`${site.baseUrl}${p}`, { headers: HEADERS });
      const sample = await request(`${site.baseUrl}${p}`, { headers: HEADERS });
      if (sample.status !== 200 || sample.headers['content-encoding'] !== 'gzip') throw new Error(`${p}: ${sample.status} ${sample.headers['content-encoding']}`);
      if (!first.raw.equals(sample.raw)) console.log(`bench:edge: note: the site's gzip bytes of ${p} differ between two answers; the static copy uses the second`);
      samples[name] = sample;
      fs.writeFileSync(path.join(work, `${name}.html.gz`), sample.raw);
    }
    const sample = /** @type {Answer} */ (samples.listing); // pages has a listing
    const videos = new Set([...sample.text.matchAll(/href="\/video\/(\d+)\//g)].map((m) => m[1])).size;
    const bodyFile = path.join(work, 'listing.html.gz');
    const headers = { 'content-type': String(sample.headers['content-type']), 'content-encoding': 'gzip', 'cache-control': String(sample.headers['cache-control']), vary: 'Accept-Encoding' };

    const staticPort = await freePort();
    // A second server block in the same nginx: the same bytes as plain static files.
    const extraHttp = `  server {
    listen 127.0.0.1:${staticPort};
    # The files are gzip already: the http block's gzip must not compress them again.
    gzip off;
    location /static/ {
      root .;
      default_type text/html;
      add_header Content-Encoding gzip;
      add_header Cache-Control "${headers['cache-control']}";
      add_header Vary Accept-Encoding;
    }
  }`;
    /** @param {string} prefix */
    const prepare = (prefix) => {
      fs.mkdirSync(path.join(prefix, 'static'), { mode: 0o755 });
      for (const name of Object.keys(pages)) {
        fs.copyFileSync(path.join(work, `${name}.html.gz`), path.join(prefix, 'static', `${name}.html`));
        fs.chmodSync(path.join(prefix, 'static', `${name}.html`), 0o644);
      }
    };
    /** @param {string} name */
    const staticUrl = (name) => `http://127.0.0.1:${staticPort}/static/${name}.html`;

    if (args.includes('--variants') && args.includes('--instructions')) {
      const n = Number(option('--requests', '200'));
      const texts = variants(fs.readFileSync(SHIPPED_CONF, 'utf8'));
      /** @type {[name: string, text: string, isStatic: boolean, headers: Record<string, string>][]} */
      const runs = [
        ['static', texts.shipped, true, HEADERS],
        ['shipped', texts.shipped, false, HEADERS],
        ['shipped, cookieless', texts.shipped, false, COOKIELESS],
        ...Object.entries(texts)
          .filter(([name]) => name !== 'shipped')
          .map(([name, text]) => /** @type {[string, string, boolean, Record<string, string>]} */ ([name, text, false, HEADERS])),
      ];
      /** @type {Record<string, { 'instructions/req': number; answer: string }>} */
      const rows = {};
      for (const [name, text, isStatic, h] of runs) {
        const out = path.join(work, `callgrind-${Object.keys(rows).length}`, 'out');
        fs.mkdirSync(path.dirname(out), { mode: 0o755 });
        // One process: the counts are those of the process that answers.
        const one = variant(text, 'daemon off;\n', 'daemon off;\nmaster_process off;\n');
        const edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`], edgeSecret, text: one, extraHttp, prepare, launcher: `valgrind -q --tool=callgrind --callgrind-out-file=${out} ` });
        try {
          const target = new URL(isStatic ? staticUrl('listing') : `${edge.baseUrl}${LISTING}`);
          const r = await instructionsPerRequest(edge, out, Number(target.port), target.pathname, h, n);
          const row = { 'instructions/req': r.perRequest, answer: `${r.cache || (isStatic ? 'static' : 'no X-Cache-Status')}${r.cookie ? ', Set-Cookie' : ''}` };
          rows[name] = row;
          console.log(`  ${name.padEnd(28)} ${String(r.perRequest).padStart(8)} instructions a request (${row.answer})`);
        } finally {
          // The counts are read: no need to wait for valgrind's own ending.
          // startEdge resolved: the process was started and has a pid.
          process.kill(/** @type {number} */ (edge.child.pid), 'SIGKILL');
          edge.stop();
        }
      }
      console.table(rows);
      return 0;
    }

    if (args.includes('--variants')) {
      const texts = variants(fs.readFileSync(SHIPPED_CONF, 'utf8'));
      /** @type {Record<string, Case>} */
      const cases = {};
      let first = true;
      for (const [name, text] of Object.entries(texts)) {
        // The static server lives in the first variant's nginx (the shipped one).
        const edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`], edgeSecret, text, ...(first ? { extraHttp, prepare } : {}) });
        stopAll.push(edge);
        if (first) cases.static = { url: staticUrl('listing'), pids: () => edge.pids(), headers: HEADERS };
        cases[name] = { url: `${edge.baseUrl}${LISTING}`, pids: () => edge.pids(), headers: HEADERS };
        first = false;
      }
      // (The variant without X-Cache-Status cannot say; its bytes still must be the site's.)
      const hitUnsaid = ['static', 'no X-Cache-Status'];
      await verify(cases, (name, res) => (!hitUnsaid.includes(name) && res.headers['x-cache-status'] !== 'HIT' ? `not a cache hit (${res.headers['x-cache-status']})` : !res.raw.equals(sample.raw) ? `other bytes (${res.raw.length})` : ''));
      console.log(`bench:edge --variants: ${LISTING} (${videos} videos) with the cookie, ${sample.raw.length} bytes gzip; wrk -t2 -c32 -d${DURATION}s, ${ROUNDS} rounds; EDGE_SECRET ${edgeSecret ? 'set' : 'not set'}`);
      const { medians } = await measure(cases);
      /** @param {string} name */
      const cpu = (name) => medianOf(medians, name)['CPU µs/req'];
      for (const name of Object.keys(texts)) console.log(`${name.padEnd(26)} req/s / static: ${(medianOf(medians, name)['req/s'] / medianOf(medians, 'static')['req/s']).toFixed(2)}, / shipped: ${(medianOf(medians, name)['req/s'] / medianOf(medians, 'shipped')['req/s']).toFixed(2)};  CPU/req static / it: ${(cpu('static') / cpu(name)).toFixed(2)}, shipped / it: ${(cpu('shipped') / cpu(name)).toFixed(2)}`);
      return Object.values(medians).some((r) => r.errors) ? 1 : 0;
    }

    const edge = await startEdge({ port: await freePort(), upstreams: [`127.0.0.1:${site.port}`], edgeSecret, extraHttp, prepare });
    stopAll.push(edge);
    const bare = await startBareNode(await freePort(), bodyFile, headers);
    stopAll.push(bare);

    /** @type {Record<string, Case & { page: string }>} */
    const cases = {};
    for (const [name, p] of Object.entries(pages)) {
      cases[`${name} cookie`] = { url: `${edge.baseUrl}${p}`, pids: () => edge.pids(), headers: HEADERS, page: name };
      cases[`${name} cookieless`] = { url: `${edge.baseUrl}${p}`, pids: () => edge.pids(), headers: COOKIELESS, page: name };
      cases[`${name} static`] = { url: staticUrl(name), pids: () => edge.pids(), headers: HEADERS, page: name };
    }
    cases['listing br'] = { url: `${edge.baseUrl}${LISTING}`, pids: () => edge.pids(), headers: BROWSER, page: 'listing' };
    cases['next-start'] = { url: `${site.baseUrl}${LISTING}`, pids: () => [site.child.pid, ...childPids(site.child.pid)], headers: HEADERS, page: 'listing' };
    cases['bare-node'] = { url: `${bare.baseUrl}/`, pids: () => [bare.child.pid], headers: HEADERS, page: 'listing' };
    // Every case answers its page before anything is timed: the edge's from its cache, with the
    // site's bytes; the cookieless one with the edge's cookie only.
    let brBytes = /** @type {BrBytes | null} */ (null);
    await verify(cases, (name, res) => {
      const c = /** @type {Case & { page: string }} */ (cases[name]); // verify goes over cases' own names
      const hit = res.headers['x-cache-status'];
      if (!name.endsWith('static') && !['next-start', 'bare-node'].includes(name) && hit !== 'HIT') return `not a cache hit (${hit})`;
      if (name.endsWith('cookieless') && !/^tf_country=[A-Z]{2}; Path=\/; Max-Age=86400; SameSite=Lax$/.test(setCookies(res).join(' | '))) return `Set-Cookie ${JSON.stringify(setCookies(res))}, not the edge's country cookie alone`;
      if (name === 'listing br') {
        brBytes = { encoding: String(res.headers['content-encoding']), bytes: res.raw.length };
        const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.raw).toString('utf8') : res.text;
        return html.includes('/video/') ? '' : 'no listing in the answer';
      }
      if (name !== 'next-start' && !res.raw.equals(/** @type {Answer} */ (samples[c.page]).raw)) console.log(`bench:edge: note: ${name} sends ${res.raw.length} bytes, the site ${/** @type {Answer} */ (samples[c.page]).raw.length}`);
      return '';
    });
    // Set by verify's 'listing br' case, which cases always has.
    const br = /** @type {BrBytes} */ (brBytes);
    const brNote = br.encoding === 'br' ? `${br.bytes} bytes br (${((br.bytes / sample.raw.length) * 100).toFixed(0)}% of gzip)` : `the site sent ${br.encoding} to a client taking br: no brotli copy on the site yet`;
    console.log(`bench:edge: ${LISTING} (${videos} videos), ${sample.raw.length} bytes gzip, ${brNote}, ${Buffer.byteLength(sample.text)} bytes HTML; / ${/** @type {Answer} */ (samples.home).raw.length} bytes gzip; ${pages.video} ${/** @type {Answer} */ (samples.video).raw.length} bytes gzip; wrk -t2 -c32 -d${DURATION}s, ${ROUNDS} rounds; EDGE_SECRET ${edgeSecret ? 'set' : 'not set'}`);

    const { rounds, medians: result } = await measure(Object.fromEntries(Object.entries(cases).map(([k, c]) => [k, c])));
    /** @param {string} name */
    const rps = (name) => medianOf(result, name)['req/s'];
    /** @type {Record<string, { cookielessOverCookie: number; cachedOverStatic: number; cookielessOverCookieCpu: number; cachedOverStaticCpu: number }>} */
    const ratios = {};
    let met = true;
    /** @param {string} name */
    const cpu = (name) => medianOf(result, name)['CPU µs/req'];
    for (const name of Object.keys(pages)) {
      const cookieless = rps(`${name} cookieless`) / rps(`${name} cookie`);
      const overStatic = rps(`${name} cookie`) / rps(`${name} static`);
      // The same two ratios from nginx's CPU time a request (the inverse: less CPU, more requests).
      const cookielessCpu = cpu(`${name} cookie`) / cpu(`${name} cookieless`);
      const overStaticCpu = cpu(`${name} static`) / cpu(`${name} cookie`);
      ratios[name] = { cookielessOverCookie: Number(cookieless.toFixed(3)), cachedOverStatic: Number(overStatic.toFixed(3)), cookielessOverCookieCpu: Number(cookielessCpu.toFixed(3)), cachedOverStaticCpu: Number(overStaticCpu.toFixed(3)) };
      met &&= cookieless >= 0.9 && overStatic >= 0.9;
      console.log(`${name.padEnd(8)} cookieless / cookie: ${cookieless.toFixed(2)} req/s (target >= 0.9) ${cookieless >= 0.9 ? 'met' : 'NOT MET'}, ${cookielessCpu.toFixed(2)} by CPU   edge / static: ${overStatic.toFixed(2)} req/s (target >= 0.9) ${overStatic >= 0.9 ? 'met' : 'NOT MET'}, ${overStaticCpu.toFixed(2)} by CPU`);
    }
    const brOverGzip = rps('listing br') / rps('listing cookie');
    console.log(`listing  br / gzip through the edge: ${brOverGzip.toFixed(2)} req/s, ${br.bytes} / ${sample.raw.length} bytes (${br.encoding})`);
    const cachedOverStatic = /** @type {{ cachedOverStatic: number }} */ (ratios.listing).cachedOverStatic; // set in the loop over pages
    const nextOverBare = medianOf(result, 'next-start')['req/s'] / medianOf(result, 'bare-node')['req/s'];
    console.log(`next-start / bare-node: ${nextOverBare.toFixed(3)} (target >= 0.03) ${nextOverBare >= 0.03 ? 'met' : 'NOT MET'}`);
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench-results', 'edge.json'),
      JSON.stringify({ when: new Date().toISOString(), listing: LISTING, pages, videos, gzipBytes: sample.raw.length, brotli: { ...br, gzipBytes: sample.raw.length, rpsOverGzip: Number(brOverGzip.toFixed(3)) }, durationS: DURATION, rounds, medians: result, ratios: { ...ratios, cachedOverStatic, nextOverBare, edgeTargetsMet: met } }, null, 2),
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
