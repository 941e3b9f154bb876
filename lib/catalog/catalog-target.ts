/**
 * Where the catalogue tools (npm run import, npm run catalog -- remove) write: the PostgreSQL
 * catalogue when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. Each comes with the
 * writer, the way to tell the running site about a change, and a close.
 */
import Database from 'better-sqlite3';
import type { CatalogChange } from '@/lib/cache/catalog-change';
import type { Config } from '@/lib/config';
import { tellSite } from '@/lib/import/tell-site';
import type { CatalogWriter } from '@/lib/import/writer';
import { openCatalogDb } from './db';
import { pgChangeSecret } from './pg/change-secret';
import { redactedUrl } from './pg/cli';
import { createPgPool, ensurePgCatalog } from './pg/db';
import { PgCatalogWriter } from './pg/writer';
import { SqliteCatalogWriter } from './sqlite-writer';

export interface CatalogTarget {
  /** For log lines: the file, or the URL without its password. */
  label: string;
  writer: CatalogWriter;
  tell(change: CatalogChange): Promise<void>;
  close(): Promise<void>;
}

export async function openCatalogTarget(config: Config): Promise<CatalogTarget> {
  if (config.databaseUrl) {
    const pool = createPgPool(config.databaseUrl, 2);
    try {
      await ensurePgCatalog(pool, { seedVideos: config.seedVideos });
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    return {
      label: redactedUrl(config.databaseUrl),
      writer: new PgCatalogWriter(pool),
      async tell(change) {
        const secret = config.revalidateUrls.length === 0 ? '' : await pgChangeSecret(pool, config.revalidateSecret, true);
        // tellSite takes the secret from the configuration when it is set there, as it is here; the
        // SQLite connection it also takes (for a secret kept in a file) is an empty one in memory.
        const unused = new Database(':memory:');
        try {
          await tellSite(unused, { ...config, revalidateSecret: secret ?? '' }, change);
        } finally {
          unused.close();
        }
      },
      close: () => pool.end(),
    };
  }
  const db = openCatalogDb(config.databasePath);
  return {
    label: config.databasePath,
    writer: new SqliteCatalogWriter(db),
    tell: (change) => tellSite(db, config, change),
    close: async () => {
      db.close();
    },
  };
}
