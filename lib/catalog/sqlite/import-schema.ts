import type Database from 'better-sqlite3';
import { IMPORT_TABLES_SQL } from './schema';

/**
 * Tables of imported content, added to any catalogue file: they came to schema 5 without a version
 * of their own (before migrations, a new version rebuilt the file from the demo seed), so a file of
 * schema 5 may lack them. Additive and idempotent, so every opener (site, import, takedown) runs
 * it, and the migrations run it first (migration 6 indexes video_sources).
 * (video_sources and takedowns: ../tables.ts.)
 */

export function ensureImportTables(db: Database.Database): void {
  if (db.readonly) return;
  db.exec(IMPORT_TABLES_SQL);
}
