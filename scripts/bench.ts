/**
 * Catalogue benchmark: npm run bench -- [--videos N] [--db path] [--force] [--iterations N]
 * [--only text]. Seeds (or reuses) a catalogue of N videos (default 1,000,000) in data/bench.db, then times
 * the Source methods the site calls: median and p95 in ms per case, after a warm-up.
 * Prints a table and writes bench-results/catalog.json. With DATABASE_URL (or --pg, or BENCH_PG=1) the
 * same table is measured on the PostgreSQL catalogue instead (scripts/bench-pg.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { parseFlags, positiveIntFlag } from './lib/cli-args';
import { openCatalogDb, rebuildCatalogFile } from '@/lib/catalog/sqlite/db';
import { ensurePeriodStats, rebuildPeriodStats } from '@/lib/catalog/sqlite/period-stats';
import { SCHEMA_VERSION } from '@/lib/catalog/sqlite/schema';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import type { Source } from '@/lib/contract/source';
import { runQueryTable } from './lib/catalog-bench';

const flags = parseFlags(process.argv.slice(2));

// DATABASE_URL, --pg or BENCH_PG=1: the same table on the PostgreSQL catalogue (scripts/bench-pg.ts).
if (process.env.DATABASE_URL || process.env.BENCH_PG === '1' || flags.has('pg')) {
  const args = ['tsx', '--conditions=react-server', path.join('scripts', 'bench-pg.ts'), ...process.argv.slice(2).filter((a) => a !== '--pg')];
  process.exit(spawnSync('npx', args, { stdio: 'inherit' }).status ?? 1);
}
const videos = positiveIntFlag(flags, 'videos', 1_000_000);
const iterations = positiveIntFlag(flags, 'iterations', 200);
const file = path.resolve(process.cwd(), flags.get('db') ?? 'data/bench.db');

/** The seeded size of an existing file of the current schema, or null. */
function existingSize(): number | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  try {
    if (db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) return null;
    const row = db.prepare("SELECT value FROM meta WHERE key = 'videos'").pluck().get() as string | undefined;
    return row === undefined ? null : Number(row);
  } finally {
    db.close();
  }
}

let seedMs: number | null = null;
if (flags.has('force') || existingSize() !== videos) {
  console.log(`Seeding ${videos.toLocaleString('en-US')} videos into ${file} ...`);
  seedMs = rebuildCatalogFile(file, { seedVideos: videos }).ms;
  console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s.`);
} else {
  console.log(`Reusing ${file} (${videos.toLocaleString('en-US')} videos; --force re-seeds).`);
}

const db = openCatalogDb(file, { seedVideos: videos });
// Search results are cached for a minute in the site; measured here without that cache.
const source: Source = createEmbeddedSource(db, { searchTtlMs: 0 });
// Same catalogue, counts never cached: what the first visitor after a cache expiry pays.
const coldCounts: Source = createEmbeddedSource(db, { countTtlMs: 0, searchTtlMs: 0 });

async function main(): Promise<void> {
  const nowS = Math.floor(Date.now() / 1000);
  const results = await runQueryTable({
    source,
    coldCounts,
    videos,
    iterations,
    only: flags.get('only'),
    // The daily move of the period windows (lib/catalog/sqlite/period-stats.ts) beside a full rebuild.
    periodWindows: async () => {
      let t = performance.now();
      rebuildPeriodStats(db, nowS - 86_400);
      const rebuildMs = performance.now() - t;
      t = performance.now();
      ensurePeriodStats(db, nowS);
      return { rollMs: performance.now() - t, rebuildMs };
    },
  });
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/catalog.json',
    `${JSON.stringify({ videos, iterations, seedMs, measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
  );
  console.log('Wrote bench-results/catalog.json');
  db.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
