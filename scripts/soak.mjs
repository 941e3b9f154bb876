#!/usr/bin/env node
/**
 * npm run soak: 10 minutes at 32 connections over a mix of pages, API calls, view stats and votes
 * (scripts/soak/mix.lua, run by wrk: a Node load generator saturates before the server does)
 * against a built `next start` on a fresh embedded catalogue. The warm-up first renders every page
 * of the mix once, then runs the mix for --warmup seconds. Samples the server's resident memory
 * from /proc every second. Passes with zero errors (socket errors, timeouts, 5xx, 4xx other than
 * a rate limiter's 429) and resident memory growth under 10% from the end of the warm-up to the end.
 *
 * Options: --duration S (default 600), --warmup S (60), --connections N (32), --base URL and
 * --pid PID (measure a server that is already running). npm run test:cache runs 20 s of it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from './lib/harness.mjs';

const WRK = process.env.WRK_PATH || '/usr/bin/wrk';

/** Resident memory (kB) of every process in the process group `pgid`, by pid. */
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

/** The server's resident memory in kB: the largest process of its group (the Next server, not npx). */
function serverRss(pgid) {
  return Math.max(0, ...groupRss(pgid).values());
}

/** Lists for the Lua mix, read from the running site's own API. */
async function mixData(baseUrl) {
  const get = async (p) => {
    const res = await fetch(`${baseUrl}${p}`);
    if (!res.ok) throw new Error(`soak: ${p} answered ${res.status}`);
    return res.json();
  };
  const list = await get('/api/json/videos2/86400/str/latest-updates/120/..1.all...json');
  const cats = await get('/api/json/categories/14400/str.toptn.en.json');
  const videos = list.videos.map((v) => ({ id: Number(v.video_id), dir: String(v.dir) })).filter((v) => /^[a-z0-9-]+$/.test(v.dir));
  const categories = cats.categories.map((c) => String(c.dir)).filter((d) => /^[a-z0-9-]+$/.test(d)).slice(0, 20);
  const words = new Set();
  for (const v of list.videos) for (const w of String(v.title).toLowerCase().split(/[^a-z]+/)) if (w.length >= 4) words.add(w);
  const terms = [...words].slice(0, 30);
  if (!videos.length || !categories.length || !terms.length) throw new Error('soak: the catalogue gave no videos, categories or terms');
  const lua = (xs) => `{ ${xs.join(', ')} }`;
  const script =
    `videos = ${lua(videos.map((v) => `{ id = ${v.id}, dir = "${v.dir}" }`))}\n` +
    `categories = ${lua(categories.map((c) => `"${c}"`))}\n` +
    `terms = ${lua(terms.map((t) => `"${t}"`))}\n`;
  // Every page the mix can ask for, so that the warm-up can render each once (page cache filled).
  const pages = ['/', '/categories/'];
  for (const sort of ['latest-updates', 'most-popular', 'top-rated', 'longest']) for (let p = 1; p <= 5; p++) pages.push(`/videos/${sort}/${p}/`);
  for (const date of ['day', 'week', 'month']) pages.push(`/videos/most-popular/1/?date=${date}`);
  for (const v of videos) pages.push(`/video/${v.id}/${v.dir}/`);
  for (const c of categories) pages.push(`/categories/${c}/latest-updates/1/`);
  for (const t of terms) pages.push(`/search/1/?s=${t}`);
  return { script, pages };
}

/** Requests every page once, 8 at a time, as a returning visitor: the warm-up starts from a filled page cache. */
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
      resolve(JSON.parse(line.slice(5)));
    });
  });
}

/**
 * Runs the mix: `warmupS` seconds of warm-up, then `durationS` seconds measured. `pid` is the
 * server's process group (startProcess starts each server in its own group).
 */
export async function soak({ baseUrl, pid, durationS, warmupS, connections = 32, prefillPages = true, log = console.log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-soak-'));
  const script = path.join(dir, 'mix.lua');
  const mix = await mixData(baseUrl);
  fs.writeFileSync(script, mix.script + fs.readFileSync(path.join(root, 'scripts', 'soak', 'mix.lua'), 'utf8'));
  try {
    if (prefillPages) {
      const started = Date.now();
      await prefill(baseUrl, mix.pages);
      log(`soak: rendered each of the mix's ${mix.pages.length} pages once in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    log(`soak: warm-up ${warmupS} s at ${connections} connections against ${baseUrl}`);
    const warm = await runWrk(baseUrl, script, warmupS, connections);
    const rssWarm = serverRss(pid);
    const samples = [];
    const timer = setInterval(() => samples.push(serverRss(pid)), 1000);
    log(`soak: ${durationS} s measured; resident memory after warm-up ${(rssWarm / 1024).toFixed(1)} MiB`);
    let r;
    try {
      r = await runWrk(baseUrl, script, durationS, connections);
    } finally {
      clearInterval(timer);
    }
    const rssEnd = serverRss(pid);
    const errors = r.connect + r.read + r.write + r.timeout + r.s5xx + r.s4xx;
    const figures = {
      requests: r.requests,
      rps: Math.round(r.requests / (r.duration_us / 1e6)),
      errors,
      socketErrors: { connect: r.connect, read: r.read, write: r.write, timeout: r.timeout },
      statuses: { '2xx': r.s2xx, '3xx': r.s3xx, '429': r.s429, '4xx': r.s4xx, '5xx': r.s5xx },
      latencyMs: { p50: r.p50_ms, p99: r.p99_ms },
      warmupRequests: warm.requests,
      rssWarmMiB: +(rssWarm / 1024).toFixed(1),
      rssMaxMiB: +(Math.max(rssEnd, ...samples) / 1024).toFixed(1),
      rssEndMiB: +(rssEnd / 1024).toFixed(1),
      growthPct: +((100 * (rssEnd - rssWarm)) / rssWarm).toFixed(2),
      loadAvg: os.loadavg().map((x) => +x.toFixed(2)),
    };
    log(`soak: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMain('soak', async () => {
    const durationS = Number(option('duration', '600'));
    const warmupS = Number(option('warmup', '60'));
    const connections = Number(option('connections', '32'));
    let baseUrl = option('base', '');
    let pid = Number(option('pid', '0'));
    let server;
    if (!baseUrl) {
      const env = freshCatalogEnv(process.env.DATABASE_PATH || 'data/soak.db');
      const built = buildOrPrepare(env);
      if (built !== 0) return built;
      server = await startNext(await freePort(), env);
      baseUrl = server.baseUrl;
      pid = server.child.pid;
    }
    try {
      const f = await soak({ baseUrl, pid, durationS, warmupS, connections });
      const ok = f.errors === 0 && f.growthPct < 10;
      console.log(`soak: ${ok ? 'PASS' : 'FAIL'}: ${f.requests} requests, ${f.errors} errors, RSS ${f.rssWarmMiB} -> ${f.rssEndMiB} MiB (${f.growthPct}%)`);
      return ok ? 0 : 1;
    } finally {
      server?.stop();
    }
  });
}
