import type Database from 'better-sqlite3';

/**
 * Tables of imported content, added to any catalogue file without a SCHEMA_VERSION bump: a bump
 * rebuilds the file from the demo seed, which would throw imported videos away. Additive and
 * idempotent, so every opener (site, import, takedown) may run it.
 *
 * video_sources: one row per imported video, keyed by (source, external id); its media URLs come
 * from the feed (demo videos have no row and keep their generated media). hash tells an unchanged
 * row from an updated one; seen_run marks the rows the latest run of a feed listed.
 * takedowns: what was taken down stays down, even when the next run of its feed lists it again.
 */
export const IMPORT_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS video_sources (
  video_id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  embed_url TEXT NOT NULL,
  thumb_url TEXT NOT NULL,
  thumbs TEXT NOT NULL,
  preview_url TEXT,
  hash TEXT NOT NULL,
  seen_run INTEGER NOT NULL,
  UNIQUE (source, external_id)
);
CREATE TABLE IF NOT EXISTS takedowns (
  video_id INTEGER PRIMARY KEY,
  source TEXT,
  external_id TEXT,
  removed_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_takedowns_external ON takedowns (source, external_id);
`;

export function ensureImportTables(db: Database.Database): void {
  if (db.readonly) return;
  db.exec(IMPORT_TABLES_SQL);
}
