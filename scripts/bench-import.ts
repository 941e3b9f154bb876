/**
 * npm run bench:import: generates a KVS CSV feed of 1,000,000 rows (BENCH_IMPORT_ROWS) in a temp
 * folder, imports it into a fresh catalogue with the same code as `npm run import`, and prints
 * rows per second and the peak resident memory; then imports it again (every row unchanged).
 * Targets: 20,000 rows/s and under 300 MB. Each import runs in a process of its own, as
 * `npm run import` does (with its node flags: 8 MB semi-spaces, --heap-growing-percent=100, see
 * package.json), and its peak is that process's high-water mark of resident memory (the
 * kernel's VmHWM, so nothing between two samples is missed). Also printed: the longest write
 * transaction, finish()'s time, the WAL's size, the writing thread's CPU seconds and the bytes the
 * import process read and wrote. Meanwhile this process writes a view every 50 ms as the running
 * site does (its connection, its transaction) and prints how long those writes took, and how late
 * its event loop ran: what a visitor's request waits for while an import runs
 * (BENCH_IMPORT_SITE_WRITES=0: none; BENCH_IMPORT_SITE_WRITES=blocking: the writes as the site made
 * them before writeWhenFree, waiting for the lock inside SQLite).
 *
 * PostgreSQL mode (DATABASE_URL set, BENCH_PG=1 or --pg, as npm run bench:catalog): the same feed
 * imported by `npm run import` itself (scripts/import.ts, in a process of its own with the same
 * node flags, through scripts/lib/measured-import.ts for its peak) into a freshly seeded catalogue
 * of 1,000 demo videos on DATABASE_URL's server (re-created there; a catalogue holding more videos
 * than a bench leaves is refused without --force), or on a throwaway PostgreSQL 15
 * (tests/support/system/postgres.mjs) stopped at the end. Printed: rows/s, peak
 * RSS, wall time, the import's CPU and the server's (its processes' CPU seconds from /proc, when it
 * runs on this machine); meanwhile a view every 50 ms through the site's PostgreSQL source, and how
 * long those took. Writes bench-results/import-pg.json (the SQLite mode writes no file).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openCatalogDb } from '@/lib/catalog/sqlite/db';
import { getConfig } from '@/lib/config';
import { catalogueKind } from '@/lib/config/source-kind';
// Types only: the PostgreSQL modules are loaded in the PostgreSQL mode alone, so the SQLite import's process never holds them.
import type { PgPool } from '@/lib/catalog/postgres/db';
import { recordView } from '@/lib/catalog/sqlite/input-actions';
import { isBusy, writeWhenFree } from '@/lib/catalog/sqlite/site-write';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { openFeed } from '@/lib/import/open-input';
import { runImport } from '@/lib/import/run-import';
import { ioMb, mainThreadCpuSeconds, statusMb } from './lib/proc-self';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1_000_000);
const TARGET_RATE = 20_000;
const TARGET_MB = 300;
const WORDS = ['harbour', 'meadow', 'lantern', 'glacier', 'canyon', 'orchard', 'workshop', 'festival', 'railway', 'market',
  'lighthouse', 'vineyard', 'bakery', 'pottery', 'kayak', 'summit', 'village', 'garden', 'bridge', 'studio'];
const CATS = Array.from({ length: 60 }, (_, i) => `Feed Category ${i + 1}`);
/**
 * The KVS columns plus the models, orientation and comments a partner's feed carries (issue 26),
 * spread as the catalogue bench's scale has them: 10,000 channels (the content source), 100,000
 * models (one on most rows, two on every third, none on every tenth), a tenth gay and a twentieth trans.
 */
const BENCH_COLUMNS = [...DEFAULT_KVS_COLUMNS, 'models', 'orientation', 'comments'];
const CHANNELS = 10_000;
const MODELS = 100_000;

function contentColumns(i: number): string[] {
  const models = i % 10 === 0 ? [] : i % 3 === 0 ? [i % MODELS, (i * 7 + 13) % MODELS] : [i % MODELS];
  const orientation = i % 20 === 7 ? 'she' : i % 10 === 3 ? 'gay' : 'str';
  return [models.map((m) => `Bench Model ${m}`).join(','), orientation, String(i % 97)];
}

async function generate(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const start = Date.UTC(2022, 0, 1) / 1000;
  for (let i = 1; i <= ROWS; i++) {
    const w = (k: number) => WORDS[(i * k + (i >> k)) % WORDS.length];
    const title = `${w(3)} ${w(7)} ${w(11)} walk ${i % 997}`;
    const date = new Date((start + ((i * 97) % (3 * 365 * 86400))) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const line = [i, title, '', `A generated ${w(5)} video for the import benchmark.`, date, `Bench Channel ${i % CHANNELS}`, '', '',
      `${CATS[i % CATS.length]},${CATS[(i * 7) % CATS.length]}`, `${w(2)},${w(13)},tag${i % 500}`, 60 + (i % 3600),
      `<iframe src="https://embed.example.com/embed/${i}" width="640" height="360"></iframe>`,
      `https://img.example.com/thumbs/${i}.jpg`, ...contentColumns(i)].join('|');
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

interface RunResult {
  label: string;
  rows: number;
  seconds: number;
  peakMb: number;
  longestTransactionMs: number;
  finishSeconds: number;
  walMb: number;
}

async function importOnce(file: string, dbFile: string, label: string): Promise<RunResult> {
  const db = openCatalogDb(dbFile, { seedVideos: 1000 });
  // Sampled too: between batches, as a fallback where /proc is not there.
  let sampled = 0;
  let walMb = 0;
  const sample = () => {
    sampled = Math.max(sampled, process.memoryUsage().rss / 2 ** 20);
    try {
      walMb = Math.max(walMb, fs.statSync(`${dbFile}-wal`).size / 2 ** 20);
    } catch {
      // no WAL at this moment
    }
  };
  const timer = setInterval(sample, 50);
  const writer = new SqliteCatalogWriter(db);
  // Sampled after each batch too.
  const writeBatch = writer.writeBatch.bind(writer);
  writer.writeBatch = async (...args) => {
    const r = await writeBatch(...args);
    sample();
    return r;
  };
  let finishSeconds = 0;
  const finish = writer.finish.bind(writer);
  writer.finish = async () => {
    const t = performance.now();
    await finish();
    finishSeconds = (performance.now() - t) / 1000;
  };
  const input = await openFeed(file);
  const cpu0 = mainThreadCpuSeconds();
  const all0 = process.cpuUsage();
  const io0 = ioMb();
  const s = await runImport(input, { format: 'kvs-csv', columns: BENCH_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] },
    // Its thumbnails' host allowed, as an operator's IMG_HOSTS would have it.
    writer, { source: 'bench', deleteMissing: false, parseInWorker: true, progressTo: process.stdout.isTTY ? process.stdout : null, imgHosts: ['img.example.com'] });
  clearInterval(timer);
  sample();
  const cpu1 = mainThreadCpuSeconds();
  const all = process.cpuUsage();
  const io1 = ioMb();
  db.close();
  const hwm = statusMb('VmHWM');
  const peakMb = hwm ?? sampled;
  console.log(`${label}: ${s.rows.toLocaleString('en-US')} rows in ${s.seconds.toFixed(1)} s = ${Math.round(s.rows / s.seconds).toLocaleString('en-US')} rows/s` +
    ` (added ${s.added}, unchanged ${s.unchanged}, rejected ${s.rejected}); peak RSS ${peakMb.toFixed(0)} MB${hwm === null ? ' (sampled)' : ''};` +
    ` ${writer.transactions.count} transactions, longest ${writer.transactions.longestMs.toFixed(0)} ms; finish ${finishSeconds.toFixed(1)} s; WAL up to ${walMb.toFixed(0)} MB` +
    (cpu0 !== null && cpu1 !== null ? `; writing thread ${(cpu1 - cpu0).toFixed(1)} s CPU` : '') +
    `, all threads ${((all.user - all0.user + all.system - all0.system) / 1e6).toFixed(1)} s` +
    (io0 && io1 ? `; read ${((io1.read - io0.read) / 1024).toFixed(1)} GB, wrote ${((io1.written - io0.written) / 1024).toFixed(1)} GB` : '') +
    `; load ${loadavg()}`);
  return { label, rows: s.rows, seconds: s.seconds, peakMb, longestTransactionMs: writer.transactions.longestMs, finishSeconds, walMb };
}

/**
 * How long the site's view writes took while an import ran (what a visitor's vote or view waits
 * for), and how late the site's event loop ran meanwhile (what every other request waits for).
 */
interface SiteWrites {
  count: number;
  /** Writes that gave up: the lock stayed taken for the 5 s a site write waits at most. */
  failed: number;
  p99Ms: number;
  maxMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

/**
 * The running site's views: every 50 ms `write` counts one of the next of `ids` (each write's time
 * kept; a failed one goes to `failed`, which may throw it on), and this process's event loop delay
 * is measured, which is what the site's other requests wait for. stop() waits for the writes.
 */
function viewsEvery50ms(ids: readonly number[], write: (id: number) => Promise<unknown>, failed: (e: unknown) => void) {
  const times: number[] = [];
  const pending = new Set<Promise<unknown>>();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let i = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    const w = write(ids[i++ % ids.length]!).then(() => times.push(performance.now() - t), failed);
    pending.add(w);
    void w.finally(() => pending.delete(w));
  }, 50);
  return async () => {
    clearInterval(timer);
    try {
      await Promise.all(pending);
    } finally {
      loop.disable();
    }
    times.sort((a, b) => a - b);
    return {
      count: times.length,
      medianMs: times[Math.floor(times.length / 2)] ?? 0,
      p99Ms: times[Math.floor(times.length * 0.99)] ?? 0,
      maxMs: times[times.length - 1] ?? 0,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    };
  };
}

/**
 * The running site's writes during an import: every 50 ms this (otherwise idle) process counts a
 * view of a demo video on its own connection, opened as the site opens it, the way the input
 * endpoint does (lib/catalog/sqlite/store.ts: writeWhenFree, which waits for the write lock off the
 * event loop). Measured: each write's time, and the event loop's delay (monitorEventLoopDelay),
 * which is what the site's other requests wait for.
 */
function siteWrites(dbFile: string): () => Promise<SiteWrites> {
  const db = openCatalogDb(dbFile, { seedVideos: 1000 });
  const now = Math.floor(Date.now() / 1000);
  const ids = db.prepare('SELECT id FROM videos WHERE status_id = 1 AND post_date <= ? ORDER BY id LIMIT 100').pluck().all(now) as number[];
  let failed = 0;
  const blocking = process.env.BENCH_IMPORT_SITE_WRITES === 'blocking';
  const stop = viewsEvery50ms(
    ids,
    (id) => (blocking ? new Promise((resolve) => resolve(recordView(db, id, now))) : writeWhenFree(db, () => recordView(db, id, now))),
    (e) => {
      // What the site's visitor would get: an error instead of the view counted.
      if (!isBusy(e)) throw e;
      failed++;
    },
  );
  return async () => {
    try {
      const { count, p99Ms, maxMs, loopP99Ms, loopMaxMs } = await stop();
      return { count, failed, p99Ms, maxMs, loopP99Ms, loopMaxMs };
    } finally {
      db.close();
    }
  };
}

/** One import in a child process with the site's writes measured meanwhile from this one. */
async function withSiteWrites(file: string, dbFile: string, label: string): Promise<RunResult & { site: SiteWrites }> {
  // BENCH_IMPORT_SITE_WRITES=0: the import alone, as measured before the site's writes were added.
  const stop = process.env.BENCH_IMPORT_SITE_WRITES === '0' ? async () => ({ count: 0, failed: 0, p99Ms: 0, maxMs: 0, loopP99Ms: 0, loopMaxMs: 0 }) : siteWrites(dbFile);
  try {
    const r = await inChild(file, dbFile, label);
    const site = await stop();
    console.log(
      `  site's view writes meanwhile: ${site.count}, p99 ${site.p99Ms.toFixed(0)} ms, longest ${site.maxMs.toFixed(0)} ms,` +
        ` ${site.failed} gave up (lock taken for 5 s);` +
        ` the site's event loop delayed p99 ${site.loopP99Ms.toFixed(0)} ms, longest ${site.loopMaxMs.toFixed(0)} ms`,
    );
    return { ...r, site };
  } catch (e) {
    await stop();
    throw e;
  }
}

const CHILD = 'BENCH_IMPORT_CHILD';
const RESULT = 'bench-import-result ';

/** One import in a new process running this script (same node flags: tsx's loader, conditions). */
function inChild(file: string, dbFile: string, label: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, [CHILD]: JSON.stringify({ file, dbFile, label }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      process.stdout.write(out.split('\n').filter((l) => l && !l.startsWith(RESULT)).map((l) => `${l}\n`).join(''));
      if (code !== 0 || !line) reject(new Error(`${label.trim()}: the import process ${signal ? `was ended by ${signal}` : `exited with ${code}`}`));
      else resolve(JSON.parse(line.slice(RESULT.length)) as RunResult);
    });
  });
}

async function child(spec: string): Promise<void> {
  const { file, dbFile, label } = JSON.parse(spec) as { file: string; dbFile: string; label: string };
  console.log(`${RESULT}${JSON.stringify(await importOnce(file, dbFile, label))}`);
}

async function main() {
  if (process.env[CHILD]) return child(process.env[CHILD]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-bench-import-'));
  try {
    const file = path.join(dir, 'feed.csv');
    const t0 = performance.now();
    await generate(file);
    console.log(`generated ${ROWS.toLocaleString('en-US')} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${loadavg()} on ${os.cpus().length} CPUs`);
    if (PG_MODE) return await mainPg(file, dir);
    const dbFile = path.join(dir, 'catalog.db');
    // The catalogue file exists (seeded) before the site's writes start.
    openCatalogDb(dbFile, { seedVideos: 1000 }).close();
    const runs = [await withSiteWrites(file, dbFile, 'first import (all rows new)  '), await withSiteWrites(file, dbFile, 'second import (all unchanged)')];
    console.log(`catalogue ${(fs.statSync(dbFile).size / 2 ** 20).toFixed(0)} MB`);
    console.log('\nrun                             rows/s   target  peak RSS  target  longest transaction  site write waited (longest)  gave up  site event loop delayed (longest)');
    for (const r of runs) {
      const rate = r.rows / r.seconds;
      console.log(`${r.label}  ${Math.round(rate).toLocaleString('en-US').padStart(7)}  ${rate >= TARGET_RATE ? 'met   ' : 'MISSED'}  ${r.peakMb.toFixed(0).padStart(5)} MB  ${r.peakMb < TARGET_MB ? 'met   ' : 'MISSED'}  ${r.longestTransactionMs.toFixed(0).padStart(11)} ms  ${r.site.maxMs.toFixed(0).padStart(14)} ms  ${String(r.site.failed).padStart(7)}  ${r.site.loopMaxMs.toFixed(0).padStart(20)} ms`);
    }
    console.log(`targets: ${TARGET_RATE.toLocaleString('en-US')} rows/s, under ${TARGET_MB} MB`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// PostgreSQL mode ------------------------------------------------------------------------------

/** DATABASE_URL, BENCH_PG=1 or --pg: the import into the PostgreSQL catalogue, as npm run bench:catalog decides. */
const PG_MODE = catalogueKind(getConfig()) === 'postgres' || process.env.BENCH_PG === '1' || process.argv.slice(2).includes('--pg');
const PG_RESULT_FILE = path.join('bench-results', 'import-pg.json');
/** Demo videos in the fresh catalogue, as in the SQLite mode: the site's views go to them. */
const PG_SEED_VIDEOS = 1000;

/** What /proc/<pid>/stat says of a process: its command, parent and CPU ticks (its own and its reaped children's); null when gone. */
function procStat(pid: number): { comm: string; ppid: number; ticks: number; reaped: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: ppid 2nd, utime, stime, cutime, cstime 12th to 15th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      ppid: Number(f[1]),
      ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      reaped: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return null;
  }
}

/**
 * The server's postmaster on this machine (the parent of this connection's backend), or null: a
 * server elsewhere (its pids are not ours to read), or no /proc.
 */
async function postmasterPid(pool: PgPool, url: string): Promise<number | null> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  if (!['127.0.0.1', 'localhost', '[::1]', ''].includes(host)) return null;
  const pid = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  const backend = pid === undefined ? null : procStat(pid);
  if (!backend || backend.comm !== 'postgres') return null;
  return procStat(backend.ppid)?.comm === 'postgres' ? backend.ppid : null;
}

/**
 * CPU seconds the server has used so far: the postmaster with every child it reaped (their time
 * joins its cutime and cstime), plus the children still running (backends, checkpointer, autovacuum).
 * A child reaped while the children are read would be in neither (read as gone, not yet in the
 * postmaster's figure read before them): the last import's backend exits just as the next run
 * starts, and once the next run's figure held its 107 s. So the postmaster is read before and after
 * the children, and again when a child was reaped in between.
 */
function serverCpuSeconds(postmaster: number): number | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const before = procStat(postmaster);
    if (!before) return null;
    let children = 0;
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d) || Number(d) === postmaster) continue;
      const p = procStat(Number(d));
      if (p?.ppid === postmaster) children += p.ticks;
    }
    const after = procStat(postmaster);
    if (!after) return null;
    if (after.reaped === before.reaped) return (after.ticks + children) / 100;
  }
  return null;
}

interface PgSiteWrites {
  count: number;
  /** Views that failed (the site's pool: 5 s to get a connection, 15 s per statement). */
  failed: number;
  firstError: string | null;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

/**
 * The running site's views during an import on PostgreSQL: every 50 ms this process counts a view
 * of a demo video through the site's PostgreSQL source (lib/catalog/postgres/store.ts: input, act
 * view), on a pool made as the site makes its own (createPgPool's defaults: 10 connections, 15 s
 * statement timeout). Measured: each view's time, and this process's event loop delay.
 */
async function pgSiteWrites(url: string, ids: readonly number[]): Promise<() => Promise<PgSiteWrites>> {
  const { createPgPool } = await import('@/lib/catalog/postgres/db');
  const { createPgSource } = await import('@/lib/catalog/postgres/store');
  const pool = createPgPool(url);
  const source = createPgSource(pool);
  let failed = 0;
  let firstError: string | null = null;
  const stop = viewsEvery50ms(
    ids,
    async (id) => {
      const answer = await source.input({ act: 'view', section: 'video', objectId: id }, { key: 'bench-import' });
      if ('error' in answer) throw new Error(`the view of video ${id} was refused: ${JSON.stringify(answer)}`);
    },
    (e) => {
      // What the site's visitor would get: an error instead of the view counted.
      failed++;
      firstError ??= e instanceof Error ? `${e.message}${e.cause instanceof Error ? `: ${e.cause.message}` : ''}` : String(e);
    },
  );
  return async () => {
    try {
      return { ...(await stop()), failed, firstError };
    } finally {
      await pool.end();
    }
  };
}

/** An import's figures; the process's own (peak, CPU, I/O) as measured-import.ts wrote them. */
interface PgRunResult extends Omit<Measured, 'code'> {
  label: string;
  rows: number;
  /** The import's own time and rate, as `npm run import` prints them (reading the feed to writing its end). */
  seconds: number;
  rate: number;
  /** The import process's life: start, catalogue check, import, finish, exit. */
  wallSeconds: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** The server's CPU seconds while the import ran (the site's views included); null for a server elsewhere. */
  serverCpuSeconds: number | null;
  site: PgSiteWrites | null;
}

interface Measured {
  code: number;
  peakMb: number;
  peakSampled: boolean;
  cpuSeconds: number;
  mainThreadCpuSeconds: number | null;
  readMb: number | null;
  writtenMb: number | null;
}

/**
 * `npm run import` of the feed into DATABASE_URL's catalogue, in a process of its own with this
 * one's node flags (package.json's import flags: bench:import has the same), its output passed on.
 */
function pgImportProcess(file: string, url: string, measureFile: string, label: string): Promise<{ out: string; wallSeconds: number; measured: Measured }> {
  const entry = path.join(path.dirname(process.argv[1]!), 'lib', 'measured-import.ts');
  const args = [file, '--format', 'kvs-csv', '--columns', BENCH_COLUMNS.join('|'), '--separator', '|', '--list-separator', ',', '--source', 'bench'];
  fs.rmSync(measureFile, { force: true });
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
      // As the SQLite mode: embeds from example.com are the feed's; no running site to tell at the end.
      env: { ...process.env, DATABASE_URL: url, EMBED_HOSTS: 'example.com', IMG_HOSTS: 'img.example.com', REVALIDATE_URLS: 'none', EDGE_PURGE_URLS: '', BENCH_IMPORT_MEASURE: measureFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const l of lines) if (l) process.stdout.write(`  | ${l}\n`);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallSeconds = (performance.now() - t) / 1000;
      if (partial) process.stdout.write(`  | ${partial}\n`);
      if (code !== 0) return reject(new Error(`${label.trim()}: the import process ${signal ? `was ended by ${signal}` : `exited with ${code}`}`));
      try {
        resolve({ out, wallSeconds, measured: JSON.parse(fs.readFileSync(measureFile, 'utf8')) as Measured });
      } catch (e) {
        reject(new Error(`${label.trim()}: no measurement from the import process (${(e as Error).message})`));
      }
    });
  });
}

async function pgImportOnce(file: string, url: string, dir: string, label: string, ids: readonly number[], postmaster: number | null): Promise<PgRunResult> {
  const cpu0 = postmaster === null ? null : serverCpuSeconds(postmaster);
  const stop = process.env.BENCH_IMPORT_SITE_WRITES === '0' ? null : await pgSiteWrites(url, ids);
  let run;
  try {
    run = await pgImportProcess(file, url, path.join(dir, 'measured.json'), label);
  } catch (e) {
    await stop?.().catch(() => {});
    throw e;
  }
  const site = stop ? await stop() : null;
  const cpu1 = postmaster === null ? null : serverCpuSeconds(postmaster);
  // scripts/import.ts's summary: "added A, updated U, unchanged N, rejected R, removed D (ROWS rows in S s, RATE rows/s)".
  const m = /added (\d+), updated (\d+), unchanged (\d+), rejected (\d+), removed \d+.*\((\d+) rows in ([\d.]+) s, (\d+) rows\/s\)/.exec(run.out);
  if (!m) throw new Error(`${label.trim()}: no summary line in the import's output`);
  const [added, updated, unchanged, rejected, rows, seconds, rate] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
  const r = run.measured;
  const serverCpu = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
  console.log(
    `${label}: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en-US')} rows/s` +
      ` (added ${added}, updated ${updated}, unchanged ${unchanged}, rejected ${rejected}); peak RSS ${r.peakMb.toFixed(0)} MB${r.peakSampled ? ' (sampled)' : ''};` +
      ` process wall time ${run.wallSeconds.toFixed(1)} s; import process ${r.cpuSeconds.toFixed(1)} s CPU` +
      (r.mainThreadCpuSeconds !== null ? ` (main thread ${r.mainThreadCpuSeconds.toFixed(1)} s)` : '') +
      (r.readMb !== null && r.writtenMb !== null ? `, read ${r.readMb.toFixed(0)} MB, wrote ${r.writtenMb.toFixed(0)} MB` : '') +
      `; PostgreSQL server ${serverCpu === null ? 'CPU not measured (not on this machine)' : `${serverCpu.toFixed(1)} s CPU`}; load ${loadavg()}`,
  );
  if (site) {
    console.log(
      `  site's views meanwhile (PostgreSQL source): ${site.count}, median ${site.medianMs.toFixed(0)} ms, p99 ${site.p99Ms.toFixed(0)} ms, longest ${site.maxMs.toFixed(0)} ms,` +
        ` ${site.failed} failed${site.firstError ? ` (first: ${site.firstError})` : ''};` +
        ` the site's event loop delayed p99 ${site.loopP99Ms.toFixed(0)} ms, longest ${site.loopMaxMs.toFixed(0)} ms`,
    );
  } else {
    console.log("  site's views: skipped (BENCH_IMPORT_SITE_WRITES=0)");
  }
  return {
    label,
    rows,
    seconds,
    rate,
    wallSeconds: run.wallSeconds,
    added,
    updated,
    unchanged,
    rejected,
    peakMb: r.peakMb,
    peakSampled: r.peakSampled,
    cpuSeconds: r.cpuSeconds,
    mainThreadCpuSeconds: r.mainThreadCpuSeconds,
    readMb: r.readMb,
    writtenMb: r.writtenMb,
    serverCpuSeconds: serverCpu,
    site,
  };
}

/** Videos in the catalogue at the pool's server (0 without one). */
async function videosHeld(pool: PgPool): Promise<number> {
  const exists = (await pool.query<{ t: string | null }>("SELECT to_regclass('videos')::text AS t")).rows[0]?.t;
  if (!exists) return 0;
  return Number((await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM videos')).rows[0]?.n ?? 0);
}

async function mainPg(file: string, dir: string): Promise<void> {
  const { createPgPool, ensurePgCatalog } = await import('@/lib/catalog/postgres/db');
  const { redactedUrl } = await import('@/lib/catalog/postgres/open');
  const { url, stop, throwaway } = await (await import('../tests/support/system/postgres.mjs')).databaseUrlOrThrowaway();
  try {
    const pool = createPgPool(url, 2);
    try {
      // DATABASE_URL may be an operator's own catalogue, set in the shell for `npm start`: re-create
      // only what looks like a bench's (its demo videos and at most the generated feed), unless told.
      const held = throwaway ? 0 : await videosHeld(pool);
      if (held > PG_SEED_VIDEOS + ROWS && !process.argv.includes('--force')) {
        console.error(
          `bench:import: ${redactedUrl(url)} holds ${held.toLocaleString('en-US')} videos, more than a bench leaves; it would re-create that catalogue. ` +
            'Unset DATABASE_URL for a throwaway server, or add --force.',
        );
        process.exitCode = 1;
        return;
      }
      // A fresh catalogue every time, as `npm run seed` makes one: the same start, the same figure.
      const t = performance.now();
      await ensurePgCatalog(pool, { seedVideos: PG_SEED_VIDEOS }, true);
      const version = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?';
      console.log(`catalogue re-created in ${redactedUrl(url)} (PostgreSQL ${version}, ${PG_SEED_VIDEOS.toLocaleString('en-US')} demo videos) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const now = Math.floor(Date.now() / 1000);
      const ids = (await pool.query<{ id: number }>('SELECT id FROM videos WHERE status_id = 1 AND post_date <= $1 ORDER BY id LIMIT 100', [now])).rows.map((r) => r.id);
      const postmaster = await postmasterPid(pool, url);
      const runs = [
        await pgImportOnce(file, url, dir, 'first import (all rows new)  ', ids, postmaster),
        await pgImportOnce(file, url, dir, 'second import (all unchanged)', ids, postmaster),
      ];
      const dbMb = Number((await pool.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b')).rows[0]?.b ?? 0) / 2 ** 20;
      console.log(`catalogue database ${dbMb.toFixed(0)} MB`);
      console.log('\nrun (PostgreSQL)                rows/s   target  peak RSS  target  wall time  server CPU  site view waited (median / longest)  failed');
      for (const r of runs) {
        const site = r.site ? `${r.site.medianMs.toFixed(0).padStart(9)} / ${r.site.maxMs.toFixed(0).padStart(7)} ms  ${String(r.site.failed).padStart(19)}` : `${'skipped'.padStart(22)}`;
        console.log(
          `${r.label}  ${Math.round(r.rate).toLocaleString('en-US').padStart(7)}  ${r.rate >= TARGET_RATE ? 'met   ' : 'MISSED'}  ${r.peakMb.toFixed(0).padStart(5)} MB  ${r.peakMb < TARGET_MB ? 'met   ' : 'MISSED'}` +
            `  ${r.wallSeconds.toFixed(1).padStart(7)} s  ${r.serverCpuSeconds === null ? '        -' : `${r.serverCpuSeconds.toFixed(1).padStart(8)} s`}  ${site}`,
        );
      }
      console.log(`targets: ${TARGET_RATE.toLocaleString('en-US')} rows/s, under ${TARGET_MB} MB`);
      fs.mkdirSync(path.dirname(PG_RESULT_FILE), { recursive: true });
      fs.writeFileSync(
        PG_RESULT_FILE,
        `${JSON.stringify({ feedRows: ROWS, postgres: version, throwaway, seedVideos: PG_SEED_VIDEOS, measuredAt: new Date().toISOString(), targets: { rowsPerSecond: TARGET_RATE, peakMb: TARGET_MB }, catalogueMb: dbMb, runs: runs.map((r) => ({ ...r, label: r.label.trim() })) }, null, 2)}\n`,
      );
      console.log(`Wrote ${PG_RESULT_FILE}`);
    } finally {
      await pool.end();
    }
  } finally {
    await stop();
  }
}

main().catch((e) => {
  console.error(`bench:import: ${(e as Error).message}`);
  process.exit(1);
});
