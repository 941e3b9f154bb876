import type Database from 'better-sqlite3';
import { IMPORT_TABLES_SQL } from './schema';

/**
 * Tables of imported content, added to any catalogue file without a SCHEMA_VERSION bump: a bump
 * rebuilds the file from the demo seed, which would throw imported videos away. Additive and
 * idempotent, so every opener (site, import, takedown) may run it.
 * (video_sources and takedowns: ../tables.ts.)
 */

export function ensureImportTables(db: Database.Database): void {
  if (db.readonly) return;
  db.exec(IMPORT_TABLES_SQL);
}
