import 'server-only';
import type Database from 'better-sqlite3';
import { appliedLine, type MigrationPath, type MigrationStep } from '../migration';
import { CatalogMigrationError } from '../upgrade-error';
import { applyMigration7 } from './migration-7';
import { SOURCE_RUNS_INDEX_SQL } from './schema';

/**
 * The SQLite catalogue's migrations (../migration.ts): append a step to change the schema of
 * existing files, and make the same change in schema.ts for new ones.
 *
 * A step runs in one IMMEDIATE transaction with the write of its number (user_version and
 * meta.schema_version), and SQLite rolls DDL back like any write. In WAL mode the main file is
 * written only when a checkpoint copies committed pages into it, so a step that fails, or a
 * process killed during one, leaves the file byte for byte as it was: no copy of the catalogue
 * is needed (it would double the disk a large catalogue takes, and the time). A step must
 * therefore be transactional: no VACUUM, no journal_mode change.
 */
export type SqliteStep = MigrationStep<Database.Database>;

export const SQLITE_MIGRATIONS: MigrationPath<SqliteStep> = {
  base: 5,
  steps: [
    { version: 6, does: "index of each feed's rows by run", apply: (db) => db.exec(SOURCE_RUNS_INDEX_SQL) },
    { version: 7, does: 'models, channels, tags and orientation', apply: (db) => applyMigration7(db) },
  ],
};

/** The version a connection sees (the WAL's last commit included, unlike the file header). */
export function connectionVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Applies `pending` to the catalogue at `file`, one transaction each, printing one line per step.
 * The caller holds the file's build lock, so no other opener migrates at the same time; readers
 * keep reading (WAL), and the site's writes wait for each step's transaction (busy_timeout).
 */
export function applySqliteSteps(file: string, db: Database.Database, pending: readonly SqliteStep[], log: (line: string) => void): void {
  for (const step of pending) {
    const at = connectionVersion(db);
    const started = performance.now();
    try {
      db.transaction(() => {
        step.apply(db);
        db.pragma(`user_version = ${step.version}`);
        db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(step.version));
      }).immediate();
    } catch (e) {
      throw new CatalogMigrationError(file, step, at, e);
    }
    log(appliedLine(step, performance.now() - started));
  }
  // Into the main file, whose header the next opener reads for the version (db.ts fileVersion);
  // a reader holding an old snapshot may keep it from finishing, and then the next opener reads the WAL.
  if (pending.length > 0) db.pragma('wal_checkpoint(TRUNCATE)');
}
