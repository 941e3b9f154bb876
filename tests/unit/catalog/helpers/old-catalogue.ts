import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';

/** The schema-5 catalogue today's code wrote (tests/fixtures/catalogues/make-fixtures.ts), copied to `dir`. */
export function schema5Catalogue(dir: string): string {
  const file = path.join(dir, 'catalog.db');
  fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(path.join(__dirname, '../../../fixtures/catalogues/sqlite-schema-5.db.gz'))));
  return file;
}

/**
 * Tables derived from the others (listing counts, period sums and totals), which a migration may
 * make again and refill, and meta's key saying which day those sums are of.
 */
const DERIVED_TABLES = new Set(['video_day_counts', 'period_stats', 'period_counts', 'entity_stats']);
const DERIVED_META = ['schema_version', 'period_stats_day'];

/** Each table's columns (full-text shadow tables included), derived tables left out: what a migration must keep. */
export function shapeOf(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.filter((t) => !DERIVED_TABLES.has(t)).map((t) => [t, (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(t) as string[])]),
    );
  } finally {
    db.close();
  }
}

/**
 * Every row of the tables of `shape` (its columns only: a migration may add some), sorted: what
 * a migration must keep. meta's derived keys are left out: migrations move them.
 */
export function everyRow(file: string, shape: Record<string, string[]> = shapeOf(file)): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = (t: string, cols: string[]) =>
      (db.prepare(`SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM "${t}"`).raw().all() as unknown[][])
        .map((r) => JSON.stringify(r, (_, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
        .filter((r) => t !== 'meta' || !DERIVED_META.some((k) => r.startsWith(`["${k}"`)))
        .sort();
    return Object.fromEntries(Object.entries(shape).map(([t, cols]) => [t, rows(t, cols)]));
  } finally {
    db.close();
  }
}

/**
 * Tables, indexes and triggers with their SQL, and the version: what makes two catalogues the same
 * schema. The SQL's spacing around commas and brackets is not (ALTER TABLE ADD COLUMN writes a new
 * column after the last one as ", name type").
 */
export function schemaOf(file: string): { version: number; objects: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const spacing = (sql: unknown) => (typeof sql === 'string' ? sql.replace(/\s+/g, ' ').replace(/ ?([,()]) ?/g, '$1') : sql);
  try {
    const objects = (db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%'").raw().all() as unknown[][])
      .map(([type, name, table, sql]) => JSON.stringify([type, name, table, spacing(sql)]))
      .sort();
    return { version: db.pragma('user_version', { simple: true }) as number, objects };
  } finally {
    db.close();
  }
}

export const metaVersion = (file: string): string => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get() as string;
  } finally {
    db.close();
  }
};
