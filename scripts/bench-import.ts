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
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openCatalogDb } from '@/lib/catalog/db';
import { recordView } from '@/lib/catalog/input-actions';
import { isBusy, writeWhenFree } from '@/lib/catalog/site-write';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite-writer';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { openFeed } from '@/lib/import/open-input';
import { runImport } from '@/lib/import/run-import';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1_000_000);
const TARGET_RATE = 20_000;
const TARGET_MB = 300;
const WORDS = ['harbour', 'meadow', 'lantern', 'glacier', 'canyon', 'orchard', 'workshop', 'festival', 'railway', 'market',
  'lighthouse', 'vineyard', 'bakery', 'pottery', 'kayak', 'summit', 'village', 'garden', 'bridge', 'studio'];
const CATS = Array.from({ length: 60 }, (_, i) => `Feed Category ${i + 1}`);

async function generate(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const start = Date.UTC(2022, 0, 1) / 1000;
  for (let i = 1; i <= ROWS; i++) {
    const w = (k: number) => WORDS[(i * k + (i >> k)) % WORDS.length];
    const title = `${w(3)} ${w(7)} ${w(11)} walk ${i % 997}`;
    const date = new Date((start + ((i * 97) % (3 * 365 * 86400))) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const line = [i, title, '', `A generated ${w(5)} video for the import benchmark.`, date, 'Bench', '', '',
      `${CATS[i % CATS.length]},${CATS[(i * 7) % CATS.length]}`, `${w(2)},${w(13)},tag${i % 500}`, 60 + (i % 3600),
      `<iframe src="https://embed.example.com/embed/${i}" width="640" height="360"></iframe>`,
      `https://img.example.com/thumbs/${i}.jpg`].join('|');
    if (!out.write(`${line}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** Resident memory of this process (kB lines of /proc/self/status), in MB; null off Linux. */
function statusMb(key: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`${key}:\\s+(\\d+)`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of this process's main thread, the one that writes; null off Linux. */
function mainThreadCpuSeconds(): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** Bytes this process read and wrote through system calls (page cache included), in MB; null off Linux. */
function ioMb(): { read: number; written: number } | null {
  try {
    const io = fs.readFileSync('/proc/self/io', 'utf8');
    const n = (k: string) => Number(new RegExp(`${k}: (\\d+)`).exec(io)![1]) / 2 ** 20;
    return { read: n('rchar'), written: n('wchar') };
  } catch {
    return null;
  }
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
  const s = await runImport(input, { format: 'kvs-csv', columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] },
    writer, { source: 'bench', deleteMissing: false, parseInWorker: true, progressTo: process.stdout.isTTY ? process.stdout : null });
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
 * The running site's writes during an import: every 50 ms this (otherwise idle) process counts a
 * view of a demo video on its own connection, opened as the site opens it, the way the input
 * endpoint does (lib/catalog/source.ts: writeWhenFree, which waits for the write lock off the
 * event loop). Measured: each write's time, and the event loop's delay (monitorEventLoopDelay),
 * which is what the site's other requests wait for.
 */
function siteWrites(dbFile: string): () => Promise<SiteWrites> {
  const db = openCatalogDb(dbFile, { seedVideos: 1000 });
  const now = Math.floor(Date.now() / 1000);
  const ids = db.prepare('SELECT id FROM videos WHERE status_id = 1 AND post_date <= ? ORDER BY id LIMIT 100').pluck().all(now) as number[];
  const times: number[] = [];
  let failed = 0;
  const blocking = process.env.BENCH_IMPORT_SITE_WRITES === 'blocking';
  const pending = new Set<Promise<unknown>>();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let i = 0;
  const timer = setInterval(() => {
    const t = performance.now();
    const id = ids[i++ % ids.length]!;
    const write = (blocking ? new Promise((resolve) => resolve(recordView(db, id, now))) : writeWhenFree(db, () => recordView(db, id, now))).then(
      () => times.push(performance.now() - t),
      (e: unknown) => {
        // What the site's visitor would get: an error instead of the view counted.
        if (!isBusy(e)) throw e;
        failed++;
      },
    );
    pending.add(write);
    void write.finally(() => pending.delete(write));
  }, 50);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    loop.disable();
    db.close();
    times.sort((a, b) => a - b);
    return {
      count: times.length,
      failed,
      p99Ms: times[Math.floor(times.length * 0.99)] ?? 0,
      maxMs: times[times.length - 1] ?? 0,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    };
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
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      process.stdout.write(out.split('\n').filter((l) => l && !l.startsWith(RESULT)).map((l) => `${l}\n`).join(''));
      if (code !== 0 || !line) reject(new Error(`${label.trim()}: the import process exited with ${code}`));
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

main().catch((e) => {
  console.error(`bench:import: ${(e as Error).message}`);
  process.exit(1);
});
