/**
 * The catalogue benchmark on PostgreSQL: the same table of Source calls as scripts/bench.ts, against
 * the PostgreSQL catalogue (lib/catalog/postgres). npm run bench:catalog runs this when DATABASE_URL is set
 * or with --pg; BENCH_PG=1 npm run bench does the same for the whole bench.
 *
 *   DATABASE_URL=postgres://… npx tsx --conditions=react-server scripts/bench-pg.ts [--videos N] [--force] [--iterations N] [--only text]
 *
 * Without DATABASE_URL a throwaway PostgreSQL 15 is started (tests/support/system/postgres.mjs) and stopped
 * at the end. The catalogue is re-seeded unless it already holds N videos of the current schema.
 * Writes bench-results/catalog-pg.json.
 */
import fs from 'node:fs';
import type pg from 'pg';
import { parseFlags, positiveIntFlag } from './lib/cli-args';
import { redactedUrl } from '@/lib/catalog/postgres/open';
import { createPgPool, ensurePgCatalog, type PgPool } from '@/lib/catalog/postgres/db';
import { moveWindows, rebuildPgPeriodStats, vacuumPeriods } from '@/lib/catalog/postgres/period-stats';
import { PG_SCHEMA_VERSION, SYNC_COMMIT_SQL } from '@/lib/catalog/postgres/schema';
import { createPgSource } from '@/lib/catalog/postgres/store';
import type { Source } from '@/lib/contract/source';
import { runQueryTable } from './lib/catalog-bench';

const flags = parseFlags(process.argv.slice(2));
const videos = positiveIntFlag(flags, 'videos', 1_000_000);
const iterations = positiveIntFlag(flags, 'iterations', 200);

let pool: PgPool;
let source: Source;
let coldCounts: Source;

async function inTransaction(fn: (c: pg.PoolClient) => Promise<void>): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    // As the site's move does: the VACUUM after it marks the rewritten sums all-visible only then.
    await c.query(SYNC_COMMIT_SQL);
    await fn(c);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

async function main(): Promise<void> {
  const { url, stop } = await (await import('../tests/support/system/postgres.mjs')).databaseUrlOrThrowaway();
  pool = createPgPool(url, 4);
  try {
    const meta = await pool
      .query<{ key: string; value: string }>("SELECT key, value FROM meta WHERE key IN ('schema_version', 'videos')")
      .then((r) => new Map(r.rows.map((x) => [x.key, x.value])))
      .catch(() => new Map<string, string>());
    let seedMs: number | null = null;
    if (flags.has('force') || meta.get('schema_version') !== String(PG_SCHEMA_VERSION) || meta.get('videos') !== String(videos)) {
      console.log(`Seeding ${videos.toLocaleString('en-US')} videos into ${redactedUrl(url)} ...`);
      seedMs = (await ensurePgCatalog(pool, { seedVideos: videos, log: (l) => console.log(l) }, true))?.ms ?? null;
      console.log(`Seeded in ${((seedMs ?? 0) / 1000).toFixed(1)} s.`);
    } else {
      console.log(`Reusing ${redactedUrl(url)} (${videos.toLocaleString('en-US')} videos; --force re-seeds).`);
    }
    source = createPgSource(pool, { searchTtlMs: 0 });
    coldCounts = createPgSource(pool, { countTtlMs: 0, searchTtlMs: 0 });
    const nowS = Math.floor(Date.now() / 1000);
    const results = await runQueryTable({
      source,
      coldCounts,
      videos,
      iterations,
      only: flags.get('only'),
      periodWindows: async () => {
        let t = performance.now();
        await inTransaction((c) => rebuildPgPeriodStats(c, nowS - 86_400));
        const rebuildMs = performance.now() - t;
        t = performance.now();
        await inTransaction((c) => moveWindows(c, nowS));
        const rollMs = performance.now() - t;
        // As the site does after the daily move (lib/catalog/postgres/period-stats.ts).
        await vacuumPeriods(pool);
        return { rollMs, rebuildMs };
      },
    });
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync(
      'bench-results/catalog-pg.json',
      `${JSON.stringify({ videos, iterations, seedMs, measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
    );
    console.log('Wrote bench-results/catalog-pg.json');
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
