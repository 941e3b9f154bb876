import 'server-only';
import type pg from 'pg';
import { appliedLine, type MigrationPath, type MigrationStep } from '../migration';
import { CatalogMigrationError } from '../upgrade-error';
import { PG_SOURCE_RUNS_INDEX_SQL } from './schema';

/**
 * The PostgreSQL catalogue's migrations (../migration.ts): append a step to change the schema of
 * existing databases, and make the same change in schema.ts for new ones. PostgreSQL's base is
 * 4, its last schema before migrations; from 6 on its numbers are the SQLite file's.
 *
 * A step runs in one transaction with the write of its number to meta: PostgreSQL rolls DDL
 * back like any write, so a failed step leaves tables, indexes and rows as they were. A step
 * must therefore be transactional: no CREATE INDEX CONCURRENTLY, no VACUUM.
 */
export type PgStep = MigrationStep<pg.PoolClient | pg.Client, Promise<unknown>>;

export const PG_MIGRATIONS: MigrationPath<PgStep> = {
  base: 4,
  steps: [
    { version: 6, does: "index of each feed's rows by run", apply: (c) => c.query(PG_SOURCE_RUNS_INDEX_SQL) },
  ],
};

/**
 * Applies `pending` on `client`, one transaction each, printing one line per step. The caller
 * holds the schema's advisory lock, so no other server migrates at the same time.
 */
export async function applyPgSteps(client: pg.PoolClient | pg.Client, at: number, pending: readonly PgStep[], log: (line: string) => void): Promise<void> {
  let version = at;
  for (const step of pending) {
    const started = performance.now();
    await client.query('BEGIN');
    try {
      await step.apply(client);
      await client.query("UPDATE meta SET value = $1 WHERE key = 'schema_version'", [String(step.version)]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw new CatalogMigrationError('the PostgreSQL catalogue', step, version, e);
    }
    version = step.version;
    log(appliedLine(step, performance.now() - started));
  }
}
