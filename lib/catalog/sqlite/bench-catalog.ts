import 'server-only';
/** The catalogue benchmark on a SQLite file (DATABASE_PATH; the bench's default data/bench.db). */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '@/lib/config';
import { seedUnlessCurrent, timePeriodWindows, type BenchCatalog, type BenchCatalogOptions } from '../bench-catalog';
import { openCatalogDb, rebuildCatalogFile } from './db';
import { ensurePeriodStats, rebuildPeriodStats } from './period-stats';
import { SCHEMA_VERSION } from './schema';
import { createEmbeddedSource } from './store';

/** The seeded size of an existing file of the current schema, or null. */
function existingSize(file: string): number | null {
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

export async function openSqliteBenchCatalog(config: Config, o: BenchCatalogOptions): Promise<BenchCatalog> {
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), config.databasePath);
  const seedMs = await seedUnlessCurrent(o, file, existingSize(file) === o.videos, () => rebuildCatalogFile(file, { seedVideos: o.videos }).ms);
  const db = openCatalogDb(file, { seedVideos: o.videos });
  return {
    resultsName: 'catalog',
    seedMs,
    source: createEmbeddedSource(db, { searchTtlMs: 0 }),
    coldCounts: createEmbeddedSource(db, { countTtlMs: 0, searchTtlMs: 0 }),
    periodWindows: () => timePeriodWindows({ rebuild: (asOf) => rebuildPeriodStats(db, asOf), move: (now) => ensurePeriodStats(db, now) }),
    close: async () => {
      db.close();
    },
  };
}
