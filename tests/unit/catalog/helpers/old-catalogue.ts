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
 * Every row of every table (full-text shadow tables included, statistics not), sorted: what a
 * migration must keep. meta's schema_version is left out: migrations move it (metaVersion).
 */
export function everyRow(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT * FROM "${t}"`).raw().all() as unknown[][]).map((r) => JSON.stringify(r, (_, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v))).filter((r) => t !== 'meta' || !r.startsWith('["schema_version"')).sort()]));
  } finally {
    db.close();
  }
}

/** Tables, indexes and triggers with their SQL, and the version: what makes two catalogues the same schema. */
export function schemaOf(file: string): { version: number; objects: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const objects = (db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%'").raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
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
