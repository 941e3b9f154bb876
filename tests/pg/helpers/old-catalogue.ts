import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Queryable } from '@/lib/catalog/postgres/db';
import { createDatabase, type PgDatabase } from './pg-fixture';

const run = promisify(execFile);

/** A fresh database holding the schema-4 catalogue today's code wrote (tests/fixtures/catalogues/make-fixtures.ts). */
export async function schema4Database(): Promise<PgDatabase> {
  const db = await createDatabase();
  const dump = path.join(__dirname, '../../fixtures/catalogues/postgres-schema-4.sql');
  // psql: a plain dump is a psql script (COPY ... FROM stdin, its meta-commands).
  await run('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--dbname', db.url, '--file', dump]);
  return db;
}

/** The public schema's tables, in name order. */
async function tables(db: Queryable): Promise<string[]> {
  const r = await db.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  return r.rows.map((x) => x.t);
}

/** Each table's columns, by table name. */
export async function columnsOf(db: Queryable): Promise<Record<string, string[]>> {
  const r = await db.query<{ t: string; c: string }>(
    "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
  );
  const out: Record<string, string[]> = {};
  for (const { t, c } of r.rows) (out[t] ??= []).push(c);
  return out;
}

/**
 * Every row of every table, sorted: what a migration must keep (meta's schema_version and
 * entity_stats_at aside: migrations write them). With `columns`, only those tables and of each only those columns (what an
 * older schema had: a migration may add columns and tables).
 */
export async function everyRow(db: Queryable, columns?: Record<string, string[]>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of await tables(db)) {
    const cols = columns ? columns[t] : null;
    if (cols === undefined) continue;
    const row = cols ? `ROW(${cols.map((c) => `t."${c}"`).join(', ')})` : 't';
    const r = await db.query<{ row: string }>(`SELECT ${row}::text AS row FROM "${t}" t`);
    out[t] = r.rows.map((x) => x.row).filter((row) => t !== 'meta' || !/^\((schema_version|entity_stats_at),/.test(row)).sort();
  }
  return out;
}

/** Columns, indexes, constraints and functions: what makes two catalogues the same schema. */
export async function schemaOf(db: Queryable): Promise<string[]> {
  const q = async (sql: string) => (await db.query<{ x: string }>(sql)).rows.map((r) => r.x);
  return [
    ...(await q(`SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, coalesce(column_default, '')) AS x
                 FROM information_schema.columns WHERE table_schema = 'public'`)),
    ...(await q("SELECT format('index %s', indexdef) AS x FROM pg_indexes WHERE schemaname = 'public'")),
    ...(await q(`SELECT format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid)) AS x FROM pg_constraint
                 WHERE connamespace = 'public'::regnamespace`)),
    ...(await q("SELECT format('function %s', pg_get_functiondef(p.oid)) AS x FROM pg_proc p WHERE pronamespace = 'public'::regnamespace")),
  ].sort();
}

export async function metaVersion(db: Queryable): Promise<string | undefined> {
  return (await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")).rows[0]?.value;
}
