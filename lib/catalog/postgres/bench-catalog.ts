import 'server-only';
/**
 * The catalogue benchmark on PostgreSQL (the configuration's DATABASE_URL: an operator's server or
 * the bench's throwaway one). Its catalogue is seeded again unless it holds the asked number of
 * videos of the current schema.
 */
import type pg from 'pg';
import type { Config } from '@/lib/config';
import type { BenchCatalog, BenchCatalogOptions } from '../bench-catalog';
import { createPgPool, ensurePgCatalog, type PgPool } from './db';
import { redactedUrl } from './open';
import { moveWindows, rebuildPgPeriodStats, vacuumPeriods } from './period-stats';
import { PG_SCHEMA_VERSION, SYNC_COMMIT_SQL } from './schema';
import { createPgSource } from './store';

async function inTransaction(pool: PgPool, fn: (c: pg.PoolClient) => Promise<void>): Promise<void> {
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

export async function openPgBenchCatalog(config: Config, o: BenchCatalogOptions): Promise<BenchCatalog> {
  const url = config.databaseUrl;
  const pool = createPgPool(url, 4);
  try {
    const meta = await pool
      .query<{ key: string; value: string }>("SELECT key, value FROM meta WHERE key IN ('schema_version', 'videos')")
      .then((r) => new Map(r.rows.map((x) => [x.key, x.value])))
      .catch(() => new Map<string, string>());
    let seedMs: number | null = null;
    if (o.force || meta.get('schema_version') !== String(PG_SCHEMA_VERSION) || meta.get('videos') !== String(o.videos)) {
      o.log(`Seeding ${o.videos.toLocaleString('en-US')} videos into ${redactedUrl(url)} ...`);
      seedMs = (await ensurePgCatalog(pool, { seedVideos: o.videos, log: o.log }, true))?.ms ?? null;
      o.log(`Seeded in ${((seedMs ?? 0) / 1000).toFixed(1)} s.`);
    } else {
      o.log(`Reusing ${redactedUrl(url)} (${o.videos.toLocaleString('en-US')} videos; --force re-seeds).`);
    }
    return {
      resultsName: 'catalog-pg',
      seedMs,
      source: createPgSource(pool, { searchTtlMs: 0 }),
      coldCounts: createPgSource(pool, { countTtlMs: 0, searchTtlMs: 0 }),
      periodWindows: async () => {
        const nowS = Math.floor(Date.now() / 1000);
        let t = performance.now();
        await inTransaction(pool, (c) => rebuildPgPeriodStats(c, nowS - 86_400));
        const rebuildMs = performance.now() - t;
        t = performance.now();
        await inTransaction(pool, (c) => moveWindows(c, nowS));
        const rollMs = performance.now() - t;
        // As the site does after the daily move (period-stats.ts).
        await vacuumPeriods(pool);
        return { rollMs, rebuildMs };
      },
      close: () => pool.end(),
    };
  } catch (e) {
    await pool.end();
    throw e;
  }
}
