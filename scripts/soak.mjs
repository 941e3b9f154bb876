#!/usr/bin/env node
/**
 * npm run soak: 10 minutes at 32 connections over a mix of pages, API calls, view stats and votes
 * (scripts/soak/mix.lua, run by wrk: a Node load generator saturates before the server does)
 * against a built server on a fresh embedded catalogue, started as `npm start` starts it (the
 * Node flags of scripts/lib/node-memory.mjs). The warm-up first renders every page of the mix
 * once, then runs the mix for --warmup seconds. Samples the server's resident memory (and its
 * anonymous and file-backed parts) from /proc every second. Passes with zero errors (socket
 * errors, timeouts, 5xx, 4xx other than a rate limiter's 429), resident memory growth under
 * --max-growth % from the end of the warm-up to the end (each end the median of a minute, so that
 * one collection more or less does not decide), and with --limit-mib, a peak under that limit.
 *
 * Options: --duration S (default 600), --warmup S (60), --connections N (32), --max-growth PCT
 * (10), --limit-mib MIB (none), --videos N (the mix's video pages: the latest 120; more fill the
 * page cache to its bound, as a crawler does), --snapshot DIR (the server started with diagnostics: a V8 heap
 * report every --report-every S (300) for the heap's share of the curve, and a heap snapshot at
 * the end, summarized by scripts/soak/heap-summary.mjs; the files stay in DIR), --base URL and
 * --pid PID (measure a server that is already running). npm run test:cache runs 20 s of it.
 * Environment: NEXT_DIST_DIR (default .next: the build to start, built when missing or older than the sources).
 * The hour of issue 18 (a plateau, within a 512 MiB container, the page cache at its bound):
 * --videos 4200 --warmup 600 --duration 3000 --max-growth 2 --limit-mib 512 --snapshot DIR.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from '../tests/support/system/harness.mjs';
import { serverNodeArgs } from './lib/node-memory.mjs';
import { formatSummary, summarizeSnapshot } from './soak/heap-summary.mjs';
import { median } from './lib/median.mjs';

const WRK = process.env.WRK_PATH || '/usr/bin/wrk';

/**
 * @typedef {{ t: number; rss: number; anon: number; file: number }} Sample one second's resident
 *   memory: seconds since the warm-up began, then kB in all, anonymous and file-backed
 * @typedef {{ t: number; rssMiB: number; anonMiB: number; fileMiB: number; heapUsedMiB?: number; heapCommittedMiB?: number; externalMiB?: number }} CurvePoint
 * @typedef {{ used: number; committed: number; external: number; limit: number }} HeapFigures V8's, in bytes
 * @typedef {{ requests: number; duration_us: number; connect: number; read: number; write: number; timeout: number; s2xx: number; s3xx: number; s429: number; s4xx: number; s5xx: number; p50_ms: number; p99_ms: number }} WrkResult
 *   the line mix.lua's done() prints
 * @typedef {{ video_id: unknown; dir: unknown; title: unknown }} ApiVideo
 */
/**
 * What a soak measured: logged as one JSON line, and returned.
 * @typedef {{
 *   requests: number; rps: number; errors: number;
 *   socketErrors: { connect: number; read: number; write: number; timeout: number };
 *   statuses: { '2xx': number; '3xx': number; '429': number; '4xx': number; '5xx': number };
 *   latencyMs: { p50: number; p99: number };
 *   warmupRequests: number;
 *   rssWarmMiB: number; rssEndMiB: number; growthPct: number; rssMaxMiB: number; rssPeakMiB: number; rssPeakAt: string;
 *   anonEndMiB: number; fileEndMiB: number;
 *   curve: CurvePoint[];
 *   loadAvg: { start: number[]; end: number[] };
 *   snapshot?: string;
 * }} SoakFigures
 */

/**
 * Resident memory (kB) of every process in the process group `pgid`, by pid.
 * @param {number} pgid
 * @returns {Map<number, number>}
 */
function groupRss(pgid) {
  const out = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      if (rss) out.set(Number(name), Number(rss[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * The server's pid: the largest process of its group (the Next server, not npx).
 * @param {number} pgid
 */
function serverPid(pgid) {
  /** @type {[pid: number, kb: number]} */
  let best = [0, -1];
  for (const [pid, kb] of groupRss(pgid)) if (kb > best[1]) best = [pid, kb];
  return best[0];
}

/**
 * Resident memory of `pid` in kB: total, anonymous (heaps, buffers) and file-backed (code, mmap).
 * @param {number} pid
 * @returns {{ rss: number; anon: number; file: number }}
 */
function rssParts(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    /** @param {string} name */
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
  } catch {
    return { rss: 0, anon: 0, file: 0 };
  }
}

/** @param {number} kb */
const mib = (kb) => +(kb / 1024).toFixed(1);
/** @param {number} s */
const clock = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/**
 * The server's diagnostics in `dir` (it runs with the flags of diagnosticsArgs): a report on
 * REPORT_SIGNAL (V8's heap figures, cheap), a heap snapshot on SNAPSHOT_SIGNAL (a full
 * collection and a walk of the heap: seconds of a stopped server, so only at the end).
 */
const REPORT_SIGNAL = 'SIGPWR';
const SNAPSHOT_SIGNAL = 'SIGUSR2';

/**
 * @param {string} dir
 * @returns {string[]}
 */
export function diagnosticsArgs(dir) {
  return [`--diagnostic-dir=${dir}`, `--report-directory=${dir}`, '--report-on-signal', `--report-signal=${REPORT_SIGNAL}`, '--report-compact', `--heapsnapshot-signal=${SNAPSHOT_SIGNAL}`];
}

/**
 * The last by name of the files in `dir` ending in `suffix` that are not in `known`.
 * @param {string} dir
 * @param {string} suffix
 * @param {Set<string>} known
 */
const newest = (dir, suffix, known) => fs.readdirSync(dir).filter((f) => f.endsWith(suffix) && !known.has(f)).sort().pop();

/**
 * Asks the server for a diagnostic report; resolves with V8's heap figures (bytes), or null.
 * @param {number} pid
 * @param {string} dir
 * @returns {Promise<HeapFigures | null>}
 */
async function heapReport(pid, dir) {
  const known = new Set(fs.readdirSync(dir));
  process.kill(pid, REPORT_SIGNAL);
  for (let i = 0; i < 200; i++) {
    const name = newest(dir, '.json', known);
    if (name) {
      try {
        // Node's diagnostic report (process.report): only its heap figures are read.
        const report = /** @type {{ javascriptHeap: { usedMemory: number; totalCommittedMemory: number; externalMemory: number; memoryLimit: number } }} */ (
          JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))
        );
        fs.rmSync(path.join(dir, name));
        const h = report.javascriptHeap;
        return { used: h.usedMemory, committed: h.totalCommittedMemory, external: h.externalMemory, limit: h.memoryLimit };
      } catch {
        // still being written
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/**
 * Has the server write a heap snapshot into `dir`; resolves with its path once it is complete.
 * @param {number} pid
 * @param {string} dir
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
async function heapSnapshot(pid, dir, baseUrl) {
  const known = new Set(fs.readdirSync(dir));
  process.kill(pid, SNAPSHOT_SIGNAL);
  /** @type {string | undefined} */
  let name;
  for (let i = 0; i < 6000 && !name; i++) {
    name = newest(dir, '.heapsnapshot', known);
    if (!name) await new Promise((r) => setTimeout(r, 50));
  }
  if (!name) throw new Error('soak: the server wrote no heap snapshot');
  // The snapshot is written on the server's main thread: it answers again once the file is whole.
  await fetch(`${baseUrl}/api/health/`).then((r) => r.arrayBuffer());
  return path.join(dir, name);
}

/**
 * Lists for the Lua mix, read from the running site's own API. The mix's video pages are the
 * latest 120 videos, or the latest `videos` (from every page of the list): enough distinct pages
 * to fill the page cache up to its bound, as a crawler does.
 * @param {string} baseUrl
 * @param {number} [videoCount]
 * @returns {Promise<{ script: string; pages: string[] }>}
 */
async function mixData(baseUrl, videoCount = 120) {
  /** @param {string} p */
  const get = async (p) => {
    const res = await fetch(`${baseUrl}${p}`);
    if (!res.ok) throw new Error(`soak: ${p} answered ${res.status}`);
    return /** @type {Promise<unknown>} */ (res.json());
  };
  // The site's own API answers (docs/api.md): only the fields read here, each converted on use.
  /** @typedef {{ videos: ApiVideo[]; total_count: unknown }} VideoList */
  const list = /** @type {VideoList} */ (await get('/api/json/videos2/86400/str/latest-updates/120/..1.all...json'));
  const all = [...list.videos];
  for (let page = 2; all.length < videoCount && all.length < Number(list.total_count); page++) {
    const more = /** @type {VideoList} */ (await get(`/api/json/videos2/86400/str/latest-updates/120/..${page}.all...json`));
    if (!more.videos.length) break;
    all.push(...more.videos);
  }
  const cats = /** @type {{ categories: { dir: unknown }[] }} */ (await get('/api/json/categories/14400/str.toptn.en.json'));
  const videos = all.slice(0, Math.max(videoCount, 1)).map((v) => ({ id: Number(v.video_id), dir: String(v.dir) })).filter((v) => /^[a-z0-9-]+$/.test(v.dir));
  const categories = cats.categories.map((c) => String(c.dir)).filter((d) => /^[a-z0-9-]+$/.test(d)).slice(0, 20);
  /** @type {Set<string>} */
  const words = new Set();
  for (const v of list.videos) for (const w of String(v.title).toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) words.add(w);
  const terms = [...words].slice(0, 30);
  if (!videos.length || !categories.length || !terms.length) throw new Error('soak: the catalogue gave no videos, categories or terms');
  /** @param {string[]} xs */
  const lua = (xs) => `{ ${xs.join(', ')} }`;
  const script =
    `videos = ${lua(videos.map((v) => `{ id = ${v.id}, dir = "${v.dir}" }`))}\n` +
    `categories = ${lua(categories.map((c) => `"${c}"`))}\n` +
    `terms = ${lua(terms.map((t) => `"${t}"`))}\n`;
  // Every page the mix can ask for, so that the warm-up can render each once (page cache filled).
  const pages = ['/', '/categories/'];
  for (const sort of ['latest-updates', 'most-popular', 'top-rated', 'longest']) for (let p = 1; p <= 5; p++) pages.push(`/videos/${sort}/${p}/`);
  for (const date of ['day', 'week', 'month']) pages.push(`/videos/most-popular/1/?date=${date}`);
  for (const v of videos.slice(0, 120)) pages.push(`/video/${v.id}/${v.dir}/`);
  for (const c of categories) pages.push(`/categories/${c}/latest-updates/1/`);
  for (const t of terms) pages.push(`/search/1/?s=${t}`);
  return { script, pages };
}

/**
 * Requests every page once, 8 at a time, as a returning visitor: the warm-up starts from a filled page cache.
 * @param {string} baseUrl
 * @param {string[]} pages
 */
async function prefill(baseUrl, pages) {
  const queue = [...pages];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) {
        await fetch(`${baseUrl}${p}`, { headers: { cookie: 'tf_country=XX' }, redirect: 'manual' }).then((r) => r.arrayBuffer(), () => undefined);
      }
    }),
  );
}

/**
 * Runs the mix (`script`) with wrk for `seconds`; resolves with what its done() printed.
 * @param {string} baseUrl
 * @param {string} script
 * @param {number} seconds
 * @param {number} connections
 * @returns {Promise<WrkResult>}
 */
function runWrk(baseUrl, script, seconds, connections) {
  return new Promise((resolve, reject) => {
    const args = ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script, baseUrl];
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('SOAK '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      resolve(/** @type {WrkResult} */ (JSON.parse(line.slice(5))));
    });
  });
}

/**
 * Runs the mix: `warmupS` seconds of warm-up, then `durationS` seconds measured. `pid` is the
 * server's process group (startProcess starts each server in its own group). With `diagnosticsDir`
 * (a server started with diagnosticsArgs of it), V8's heap figures join the curve every
 * `reportEveryS` and a heap snapshot is taken and summarized at the end.
 * @param {{ baseUrl: string; pid: number; durationS: number; warmupS: number; connections?: number; videos?: number; prefillPages?: boolean; diagnosticsDir?: string; reportEveryS?: number; log?: (line: string) => void }} options
 * @returns {Promise<SoakFigures>}
 */
export async function soak({ baseUrl, pid, durationS, warmupS, connections = 32, videos = 120, prefillPages = true, diagnosticsDir = undefined, reportEveryS = 300, log = console.log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-soak-'));
  const script = path.join(dir, 'mix.lua');
  const mix = await mixData(baseUrl, videos);
  fs.writeFileSync(script, mix.script + fs.readFileSync(path.join(root, 'scripts', 'soak', 'mix.lua'), 'utf8'));
  const server = serverPid(pid);
  const loadStart = os.loadavg().map((x) => +x.toFixed(2));
  try {
    if (prefillPages) {
      const started = Date.now();
      await prefill(baseUrl, mix.pages);
      log(`soak: rendered each of the mix's ${mix.pages.length} pages once in ${((Date.now() - started) / 1000).toFixed(0)} s; resident memory ${mib(rssParts(server).rss)} MiB`);
    }
    // One sample a second from the start of the warm-up: { t (s), rss, anon, file (kB) }.
    /** @type {Sample[]} */
    const samples = [];
    const t0 = Date.now();
    const sample = () => samples.push({ t: (Date.now() - t0) / 1000, ...rssParts(server) });
    // Read only after a sample() call: there is one (and samples[0] below).
    const lastSample = () => /** @type {Sample} */ (samples.at(-1));
    const timer = setInterval(sample, 1000);
    // The curve: a line every `every` seconds, with V8's heap figures when diagnostics are on.
    const every = Math.max(10, Math.min(reportEveryS, Math.round((warmupS + durationS) / 12)));
    /** @type {CurvePoint[]} */
    const curve = [];
    let nextMark = every;
    let marking = false;
    const mark = setInterval(async () => {
      const t = (Date.now() - t0) / 1000;
      if (marking || t < nextMark) return;
      marking = true;
      nextMark += every;
      const parts = rssParts(server);
      const heap = diagnosticsDir ? await heapReport(server, diagnosticsDir).catch(() => null) : null;
      /** @type {CurvePoint} */
      const point = { t: Math.round(t), rssMiB: mib(parts.rss), anonMiB: mib(parts.anon), fileMiB: mib(parts.file) };
      if (heap) Object.assign(point, { heapUsedMiB: mib(heap.used / 1024), heapCommittedMiB: mib(heap.committed / 1024), externalMiB: mib(heap.external / 1024) });
      curve.push(point);
      log(
        `soak: ${clock(t)} rss ${point.rssMiB} MiB (anon ${point.anonMiB}, file ${point.fileMiB})` +
          (heap ? `; V8 heap used ${point.heapUsedMiB} of ${point.heapCommittedMiB} committed, external ${point.externalMiB}, limit ${mib(heap.limit / 1024)}` : ''),
      );
      marking = false;
    }, 1000);
    let warm;
    let r;
    try {
      log(`soak: warm-up ${warmupS} s at ${connections} connections against ${baseUrl}`);
      warm = await runWrk(baseUrl, script, warmupS, connections);
      sample();
      log(`soak: ${durationS} s measured; resident memory after warm-up ${mib(lastSample().rss)} MiB`);
      r = await runWrk(baseUrl, script, durationS, connections);
      sample();
    } finally {
      clearInterval(timer);
      clearInterval(mark);
    }
    const tWarm = warmupS;
    const tEnd = lastSample().t;
    // Each end of the measured run is the median of a window (a minute; a tenth of a short run).
    const win = Math.min(60, Math.max(2, durationS / 10), Math.max(2, warmupS));
    /**
     * @param {number} from
     * @param {number} to
     */
    const between = (from, to) => samples.filter((x) => x.t > from && x.t <= to);
    const rssWarm = median(between(tWarm - win, tWarm).map((x) => x.rss));
    const rssEnd = median(between(tEnd - win, tEnd).map((x) => x.rss));
    const peak = samples.reduce((a, x) => (x.rss > a.rss ? x : a), /** @type {Sample} */ (samples[0]));
    const measuredPeak = between(tWarm, tEnd).reduce((a, x) => (x.rss > a.rss ? x : a), lastSample());
    const errors = r.connect + r.read + r.write + r.timeout + r.s5xx + r.s4xx;
    /** @type {SoakFigures} */
    const figures = {
      requests: r.requests,
      rps: Math.round(r.requests / (r.duration_us / 1e6)),
      errors,
      socketErrors: { connect: r.connect, read: r.read, write: r.write, timeout: r.timeout },
      statuses: { '2xx': r.s2xx, '3xx': r.s3xx, '429': r.s429, '4xx': r.s4xx, '5xx': r.s5xx },
      latencyMs: { p50: r.p50_ms, p99: r.p99_ms },
      warmupRequests: warm.requests,
      rssWarmMiB: mib(rssWarm),
      rssEndMiB: mib(rssEnd),
      growthPct: +((100 * (rssEnd - rssWarm)) / rssWarm).toFixed(2),
      rssMaxMiB: mib(measuredPeak.rss),
      rssPeakMiB: mib(peak.rss),
      rssPeakAt: clock(peak.t),
      anonEndMiB: mib(median(between(tEnd - win, tEnd).map((x) => x.anon))),
      fileEndMiB: mib(median(between(tEnd - win, tEnd).map((x) => x.file))),
      curve,
      loadAvg: { start: loadStart, end: os.loadavg().map((x) => +x.toFixed(2)) },
    };
    log(`soak: ${JSON.stringify(figures)}`);
    if (diagnosticsDir) {
      const file = await heapSnapshot(server, diagnosticsDir, baseUrl);
      figures.snapshot = file;
      for (const line of formatSummary(summarizeSnapshot(file))) log(`soak: ${line}`);
    }
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The value after `--name` on the command line, or `fallback`.
 * @param {string} name
 * @param {string} fallback
 */
function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMain('soak', async () => {
    const durationS = Number(option('duration', '600'));
    const warmupS = Number(option('warmup', '60'));
    const connections = Number(option('connections', '32'));
    const maxGrowth = Number(option('max-growth', '10'));
    const limitMiB = Number(option('limit-mib', '0'));
    const reportEveryS = Number(option('report-every', '300'));
    const videos = Number(option('videos', '120'));
    let diagnosticsDir = option('snapshot', '');
    let baseUrl = option('base', '');
    let pid = Number(option('pid', '0'));
    let server;
    if (diagnosticsDir) {
      diagnosticsDir = path.resolve(diagnosticsDir);
      fs.mkdirSync(diagnosticsDir, { recursive: true });
    }
    if (!baseUrl) {
      const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/soak.db', { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR });
      const built = buildOrPrepare(env);
      if (built !== 0) return built;
      // The server runs with the Node flags `npm start` gives it (the heap cap), plus diagnostics.
      const nodeArgs = [...serverNodeArgs(env), ...(diagnosticsDir ? diagnosticsArgs(diagnosticsDir) : [])];
      env.NODE_OPTIONS = [env.NODE_OPTIONS, ...nodeArgs].filter(Boolean).join(' ');
      console.log(`soak: server started with NODE_OPTIONS=${env.NODE_OPTIONS || '(none)'}`);
      server = await startNext(await freePort(), env);
      baseUrl = server.baseUrl;
      // startNext resolves once the server answers: it was spawned, so it has a pid.
      pid = /** @type {number} */ (server.child.pid);
    } else if (diagnosticsDir) {
      console.log(`soak: --snapshot with --base: the server must run with ${diagnosticsArgs(diagnosticsDir).join(' ')}`);
    }
    try {
      const f = await soak({ baseUrl, pid, durationS, warmupS, connections, videos, diagnosticsDir: diagnosticsDir || undefined, reportEveryS });
      const overLimit = limitMiB > 0 && f.rssPeakMiB >= limitMiB;
      const ok = f.errors === 0 && f.growthPct < maxGrowth && !overLimit;
      console.log(
        `soak: ${ok ? 'PASS' : 'FAIL'}: ${f.requests} requests, ${f.errors} errors, RSS ${f.rssWarmMiB} -> ${f.rssEndMiB} MiB ` +
          `(${f.growthPct}%, limit ${maxGrowth}%), peak ${f.rssPeakMiB} MiB at ${f.rssPeakAt}` +
          (limitMiB > 0 ? ` (limit ${limitMiB} MiB${overLimit ? ': OVER' : ''})` : ''),
      );
      return ok ? 0 : 1;
    } finally {
      server?.stop();
    }
  });
}
