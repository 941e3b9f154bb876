import 'server-only';
import pg from 'pg';
import { type MigrationPath, type MigrationStatus, newestVersion, planMigration } from '../migration';
import { CatalogTooNewError, CatalogUpgradeError } from '../upgrade-error';
import { applyPgSteps, PG_MIGRATIONS, type PgStep } from './migrations';
import { PG_DROP_SQL, PG_TABLES_SQL, SCHEMA_LOCK_KEY, SYNC_COMMIT_SQL, vacuumStatements } from './schema';
import type { SeedResult } from '../store';
import { seedPgCatalog } from './seed';

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient | pg.Client;
/** Anything that runs a query: the pool, or one checked-out client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** Runs `fn` in a transaction on one client of `pool`; `first` runs before it (a lock, say). */
export async function inTransaction<T>(pool: PgPool, fn: (client: pg.PoolClient) => Promise<T>, first?: (client: pg.PoolClient) => Promise<unknown>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      if (first) await first(client);
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    }
  } finally {
    client.release();
  }
}

export interface PgCatalogOptions {
  /** Videos to seed when the database has no catalogue (or one of another schema version). */
  seedVideos: number;
  /** Timeline anchor for the seed (unix seconds); tests pin it. */
  now?: number;
  /** The seed's progress and each migration applied (one line each); migrations say theirs on console.log without it. */
  log?: (line: string) => void;
  /** The steps to apply: PG_MIGRATIONS, but for the tests of a step that fails. */
  migrations?: MigrationPath<PgStep>;
}

/** A pool for a postgres:// URL: a few connections (a page asks several questions at once), short timeouts. */
export function createPgPool(url: string, max = 10): PgPool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // A stuck query must not hold a page forever: the page keeps its last good copy instead.
    statement_timeout: 15_000,
    application_name: 'tubefront',
    // Every query reads a page of rows: starting parallel workers costs more than it saves (on a
    // busy machine far more), and so does compiling a query with JIT.
    options: '-c max_parallel_workers_per_gather=0 -c jit=off',
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

async function schemaVersion(client: Queryable): Promise<number | null> {
  const exists = await client.query<{ t: string | null }>("SELECT to_regclass('meta')::text AS t");
  if (!exists.rows[0]?.t) return null;
  const r = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'");
  return r.rows[0] ? Number(r.rows[0].value) : null;
}

/** Imported videos and takedowns in the catalogue, whatever its version (0 without those tables). */
async function operatorContent(client: pg.PoolClient | pg.Client): Promise<number> {
  const r = await client.query<{ n: string }>(
    `SELECT (CASE WHEN to_regclass('video_sources') IS NULL THEN 0 ELSE (SELECT count(*) FROM video_sources) END)
          + (CASE WHEN to_regclass('takedowns') IS NULL THEN 0 ELSE (SELECT count(*) FROM takedowns) END) AS n`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Replaces the catalogue with a freshly seeded one in one transaction: readers keep the old one
 * (or find none) until the new one is complete. Then VACUUM fills the visibility map, without
 * which no index-only scan would skip the table (SYNC_COMMIT_SQL: only once the commit is on disk).
 */
async function build(client: pg.PoolClient | pg.Client, options: PgCatalogOptions): Promise<SeedResult> {
  await client.query('BEGIN');
  let result: SeedResult;
  try {
    await client.query(SYNC_COMMIT_SQL);
    await client.query(PG_DROP_SQL);
    await client.query(PG_TABLES_SQL);
    result = await seedPgCatalog(client, { videos: options.seedVideos, now: options.now, log: options.log });
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
  options.log?.('  vacuuming');
  const tables = ['videos', 'video_search', 'video_categories', 'video_tags', 'video_models', 'video_days', 'period_stats', 'entity_stats', 'keywords', 'related_words'];
  for (const sql of vacuumStatements(tables)) await client.query(sql);
  return result;
}

/** What opening the catalogue would do, without doing it (npm run catalog -- migrate --check). */
export async function pgCatalogStatus(pool: PgPool, migrations: MigrationPath<PgStep> = PG_MIGRATIONS): Promise<Omit<MigrationStatus, 'label'>> {
  const client = await pool.connect();
  try {
    const version = await schemaVersion(client);
    const plan = planMigration(migrations, version);
    return { version, newest: newestVersion(migrations), plan, held: plan.kind === 'older' ? await operatorContent(client) : 0 };
  } finally {
    client.release();
  }
}

/**
 * Brings the database's catalogue to the newest schema: creates and seeds it when there is none,
 * applies the migrations it lacks, or rebuilds it from the demo seed when it is older than the
 * migrations reach and holds nothing of an operator's (imported videos, takedowns: such a
 * catalogue is refused, CatalogUpgradeError, as is one newer than this code, CatalogTooNewError;
 * nothing changed). Safe when several processes start at once: a session advisory lock lets one
 * build or migrate while the others wait, and they find it done once they get the lock. Returns
 * the seed result when this call built it, else null. `rebuild` (npm run seed) replaces any
 * catalogue: the operator's own decision.
 */
export async function ensurePgCatalog(pool: PgPool, options: PgCatalogOptions, rebuild = false): Promise<SeedResult | null> {
  const migrations = options.migrations ?? PG_MIGRATIONS;
  const newest = newestVersion(migrations);
  if (!rebuild && (await schemaVersion(pool)) === newest) return null;
  const client = await pool.connect();
  try {
    // Seeding a large catalogue (or indexing one) takes minutes: no statement timeout for this session.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    try {
      const version = await schemaVersion(client);
      const plan = rebuild ? { kind: 'create' as const, pending: [] } : planMigration(migrations, version);
      if (version !== null && plan.kind === 'newer') throw new CatalogTooNewError('the PostgreSQL catalogue', version, newest);
      if (version !== null && plan.kind === 'migrate') await applyPgSteps(client, version, plan.pending, options.log ?? console.log);
      if (plan.kind !== 'create' && plan.kind !== 'older') return null;
      const held = version !== null && plan.kind === 'older' ? await operatorContent(client) : 0;
      if (held > 0) throw new CatalogUpgradeError('the PostgreSQL catalogue', version ?? 0, migrations.base, held);
      return await build(client, options);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
