/**
 * npm run bench:import: generates a KVS CSV feed of 1,000,000 rows (BENCH_IMPORT_ROWS) in a temp
 * folder, imports it into a fresh catalogue with the same code as `npm run import`, and prints
 * rows per second and the peak resident memory; then imports it again (every row unchanged).
 * Targets: 20,000 rows/s and under 300 MB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalogDb } from '@/lib/catalog/db';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite-writer';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { openFeed } from '@/lib/import/open-input';
import { runImport } from '@/lib/import/run-import';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1_000_000);
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

async function importOnce(file: string, dbFile: string, label: string) {
  const db = openCatalogDb(dbFile, { seedVideos: 1000 });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const input = await openFeed(file);
  const s = await runImport(input, { format: 'kvs-csv', columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] },
    new SqliteCatalogWriter(db), { source: 'bench', deleteMissing: false, progressTo: process.stdout.isTTY ? process.stdout : null });
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  db.close();
  console.log(`${label}: ${s.rows.toLocaleString('en-US')} rows in ${s.seconds.toFixed(1)} s = ${Math.round(s.rows / s.seconds).toLocaleString('en-US')} rows/s` +
    ` (added ${s.added}, unchanged ${s.unchanged}, rejected ${s.rejected}); peak RSS so far ${(peak / 2 ** 20).toFixed(0)} MB`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-bench-import-'));
  try {
    const file = path.join(dir, 'feed.csv');
    const t0 = performance.now();
    await generate(file);
    console.log(`generated ${ROWS.toLocaleString('en-US')} rows, ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MB, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const dbFile = path.join(dir, 'catalog.db');
    await importOnce(file, dbFile, 'first import ');
    await importOnce(file, dbFile, 'second import');
    console.log(`peak RSS of the whole run (getrusage): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; catalogue ${(fs.statSync(dbFile).size / 2 ** 20).toFixed(0)} MB`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`bench:import: ${(e as Error).message}`);
  process.exit(1);
});
