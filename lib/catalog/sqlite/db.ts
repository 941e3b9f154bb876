import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { getConfig } from '@/lib/config';
import { withFileLock } from './file-lock';
import { ensureImportTables } from './import-schema';
import { applySqliteSteps, connectionVersion, SQLITE_MIGRATIONS, type SqliteStep } from './migrations';
import { type MigrationPath, type MigrationStatus, newestVersion, planMigration } from '../migration';
import { CatalogTooNewError, CatalogUpgradeError } from '../upgrade-error';
import type { SeedResult } from '../store';
import { SCHEMA_VERSION } from './schema';
import { seedCatalog } from './seed';

export type CatalogDb = Database.Database;


export interface CatalogFileOptions {
  /** Videos to seed when the file has to be created. */
  seedVideos: number;
  /** Timeline anchor for the seed (unix seconds); tests pin it. */
  now?: number;
  /** Where each migration applied is said (one line each); console.log by default. */
  log?: (line: string) => void;
  /** The steps to apply: SQLITE_MIGRATIONS, but for the tests of a step that fails. */
  migrations?: MigrationPath<SqliteStep>;
}

/**
 * user_version straight from the file header (bytes 60-63): no connection, no -shm file,
 * and it is written once, when the build closes the file, so the header is authoritative.
 */
function fileVersion(file: string): number | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(100);
    if (fs.readSync(fd, header, 0, 100, 0) < 100) return null;
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return null;
    return header.readUInt32BE(60);
  } finally {
    fs.closeSync(fd);
  }
}

function removeDbFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/**
 * Seeds a complete catalogue into a temporary file and renames it into place, so that no
 * reader ever opens a half-built catalogue. The caller holds the build lock.
 */
function buildInto(file: string, options: CatalogFileOptions): SeedResult {
  const tmp = `${file}.tmp-${process.pid}`;
  removeDbFiles(tmp);
  const db = new Database(tmp);
  let result: SeedResult;
  try {
    // Nobody else can see the temporary file: durability and journaling only cost time here.
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -524288');
    result = seedCatalog(db, { videos: options.seedVideos, now: options.now });
    db.pragma('journal_mode = WAL');
  } catch (e) {
    db.close();
    removeDbFiles(tmp);
    throw e;
  }
  db.close();
  // A stale -wal of an older file must not be replayed into the new one.
  removeDbFiles(file);
  fs.renameSync(tmp, file);
  return result;
}

/**
 * Imported videos and takedowns in a catalogue of any version (0 when it has no such tables).
 * A file that cannot be read throws: not knowing must not count as "nothing to lose".
 */
function operatorContent(db: CatalogDb): number {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('video_sources', 'takedowns')").pluck().all() as string[];
  return tables.reduce((n, t) => n + Number(db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()), 0);
}

/** What opening the catalogue at `file` would do, without doing it (npm run catalog -- migrate --check). */
export function catalogFileStatus(file: string, migrations: MigrationPath<SqliteStep> = SQLITE_MIGRATIONS): MigrationStatus {
  const newest = newestVersion(migrations);
  if (fileVersion(file) === null) return { label: file, version: null, newest, plan: planMigration(migrations, null), held: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = connectionVersion(db);
    const plan = planMigration(migrations, version);
    return { label: file, version, newest, plan, held: plan.kind === 'older' ? operatorContent(db) : 0 };
  } finally {
    db.close();
  }
}

/**
 * Brings the catalogue at `file` (absolute path) to the newest schema: builds and seeds it when
 * there is none, applies the migrations it lacks, or rebuilds it from the demo seed when it is
 * older than the migrations reach and holds nothing of an operator's (imported videos,
 * takedowns: such a file is refused, CatalogUpgradeError, as is one newer than this code,
 * CatalogTooNewError; nothing touched). Safe when several processes call it at once: the file
 * lock lets one build or migrate while the others wait, and they then find it done.
 * Returns the seed result when this call built the file, else null.
 */
export function ensureCatalogFile(file: string, options: CatalogFileOptions): SeedResult | null {
  const migrations = options.migrations ?? SQLITE_MIGRATIONS;
  const newest = newestVersion(migrations);
  if (fileVersion(file) === newest) return null;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return withFileLock(`${file}.lock`, () => {
    // Missing, or not a SQLite file: nothing of anybody's to keep.
    if (fileVersion(file) === null) return buildInto(file, options);
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // Through a connection: a migration whose checkpoint a reader held off is in the WAL only.
      const version = connectionVersion(db);
      const plan = planMigration(migrations, version);
      if (plan.kind === 'newer') throw new CatalogTooNewError(file, version, newest);
      if (plan.kind === 'migrate') {
        ensureImportTables(db);
        applySqliteSteps(file, db, plan.pending, options.log ?? console.log);
      }
      if (plan.kind !== 'older') return null;
      const held = operatorContent(db);
      if (held > 0) throw new CatalogUpgradeError(file, version, migrations.base, held);
    } finally {
      db.close();
    }
    return buildInto(file, options);
  });
}

/** Re-creates the catalogue at `file` from scratch (the seed CLI and the bench use this). */
export function rebuildCatalogFile(file: string, options: CatalogFileOptions): SeedResult {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return withFileLock(`${file}.lock`, () => buildInto(file, options));
}

function applyPragmas(db: CatalogDb): void {
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL: a crash may lose the last view counts, never corrupt the file.
  db.pragma('synchronous = NORMAL');
  // An import lets the WAL grow to about 500 MB between checkpoints (wal-checkpointer.ts); the
  // next write that starts it over cuts the file back to 64 MB instead of keeping it that size.
  db.pragma('journal_size_limit = 67108864');
  db.pragma('busy_timeout = 5000');
  // SQLite's page cache is the server's own memory (malloc, outside V8's heap and its cap); reads
  // come through the mmap below (file-backed pages the kernel can drop) and pages past it through the
  // kernel's file cache, so a small one costs little: 16 MiB keeps it within a 512 MiB container.
  db.pragma('cache_size = -16384');
  db.pragma('mmap_size = 1073741824');
  db.pragma('temp_store = MEMORY');
}

/** Opens (creating and seeding when needed) the catalogue at `file`, relative to the cwd. */
export function openCatalogDb(file: string, options?: Partial<CatalogFileOptions>): CatalogDb {
  // The file is data chosen at run time, not a module: keep the bundler from tracing the project.
  const abs = path.resolve(/* turbopackIgnore: true */ process.cwd(), file);
  ensureCatalogFile(abs, { seedVideos: options?.seedVideos ?? getConfig().seedVideos, now: options?.now, log: options?.log });
  const db = new Database(abs, { fileMustExist: true });
  // The header said current, but a newer version's migration may sit in the WAL, unchecked.
  const version = connectionVersion(db);
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new CatalogTooNewError(abs, version, SCHEMA_VERSION);
  }
  applyPragmas(db);
  ensureImportTables(db);
  return db;
}

// Kept on globalThis so that dev-mode module reloads reuse one connection per process.
const holder = globalThis as typeof globalThis & { __tubefrontCatalogDb?: CatalogDb };

/** The process's catalogue connection, at getConfig().databasePath. */
export function getCatalogDb(): CatalogDb {
  holder.__tubefrontCatalogDb ??= openCatalogDb(getConfig().databasePath);
  return holder.__tubefrontCatalogDb;
}
