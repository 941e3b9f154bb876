import 'server-only';
/**
 * The catalogue benchmark on PostgreSQL (the configuration's DATABASE_URL: an operator's server or
 * the bench's throwaway one). Its catalogue is seeded again unless it holds the asked number of
 * videos of the current schema.
 */
import type pg from 'pg';
import type { Config } from '@/lib/config';
import { seedUnlessCurrent, timePeriodWindows, type BenchCatalog, type BenchCatalogOptions } from '../bench-catalog';
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
    const current = meta.get('schema_version') === String(PG_SCHEMA_VERSION) && meta.get('videos') === String(o.videos);
    const seedMs = await seedUnlessCurrent(o, redactedUrl(url), current, async () => (await ensurePgCatalog(pool, { seedVideos: o.videos, log: o.log }, true))?.ms ?? null);
    return {
      resultsName: 'catalog-pg',
      seedMs,
      source: createPgSource(pool, { searchTtlMs: 0 }),
      coldCounts: createPgSource(pool, { countTtlMs: 0, searchTtlMs: 0 }),
      periodWindows: async () => {
        const timed = await timePeriodWindows({
          rebuild: (asOf) => inTransaction(pool, (c) => rebuildPgPeriodStats(c, asOf)),
          move: (now) => inTransaction(pool, (c) => moveWindows(c, now)),
        });
        // As the site does after the daily move (period-stats.ts); not part of the move's time.
        await vacuumPeriods(pool);
        return timed;
      },
      close: () => pool.end(),
    };
  } catch (e) {
    await pool.end();
    throw e;
  }
}
