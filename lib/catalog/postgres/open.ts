import 'server-only';
/** The PostgreSQL catalogue (DATABASE_URL) for open.ts: the site's, the tools', the scripts'. */
import { tellSite } from '@/lib/notify/tell-site';
import type { Backend } from '../open';
import { createCatalogSource } from '../source';
import { createPgPool, ensurePgCatalog, pgCatalogStatus, type PgPool } from './db';
import { getPgPool, pgStore } from './store';
import { PgCatalogWriter } from './writer';

/** The URL without its password, for log lines. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * A small pool of a script's own for `work`, closed after it so that the script exits.
 */
async function withPool<T>(url: string, work: (pool: PgPool) => Promise<T>): Promise<T> {
  const pool = createPgPool(url, 2);
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

export const postgresBackend: Backend = {
  site() {
    // The process's pool: connected (and on first use created and seeded) when a page first asks.
    const store = pgStore(getPgPool);
    return { store, source: createCatalogSource(store) };
  },

  async target(config) {
    const pool = createPgPool(config.databaseUrl, 2);
    try {
      await ensurePgCatalog(pool, { seedVideos: config.seedVideos });
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    const store = pgStore(pool);
    return {
      label: redactedUrl(config.databaseUrl),
      writer: new PgCatalogWriter(pool),
      tell: (change) => tellSite(store, config, change),
      close: () => pool.end(),
    };
  },

  async prepare(config) {
    const label = redactedUrl(config.databaseUrl);
    try {
      return { label, seeded: await withPool(config.databaseUrl, (pool) => ensurePgCatalog(pool, { seedVideos: config.seedVideos })) };
    } catch (e) {
      throw new Error(`PostgreSQL catalogue at ${label}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  },

  async migrationStatus(config) {
    const label = redactedUrl(config.databaseUrl);
    return { label, ...(await withPool(config.databaseUrl, (pool) => pgCatalogStatus(pool))) };
  },

  async reseed(config, videos, log) {
    const seeded = await withPool(config.databaseUrl, (pool) => ensurePgCatalog(pool, { seedVideos: videos, log }, true));
    if (!seeded) throw new Error('the catalogue was not rebuilt');
    return { label: redactedUrl(config.databaseUrl), seeded };
  },
};
