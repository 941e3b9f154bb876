import pg from 'pg';
import { createPgPool, ensurePgCatalog, type PgPool } from '@/lib/catalog/postgres/db';

/** The server the global setup started (or TEST_DATABASE_URL). */
export function serverUrl(): string {
  const url = process.env.PG_TEST_SERVER_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('no PostgreSQL server: run these tests with npm run test:pg');
  return url;
}

let n = 0;

export interface PgDatabase {
  url: string;
  pool: PgPool;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server (its user needs CREATEDB), dropped by drop(). */
export async function createDatabase(): Promise<PgDatabase> {
  const name = `tf_test_${process.pid}_${Date.now().toString(36)}_${n++}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const pool = createPgPool(url.toString(), 5);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: serverUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh database holding the demo catalogue of `videos` videos seeded at `now`. */
export async function seededDatabase(videos: number, now: number): Promise<PgDatabase> {
  const db = await createDatabase();
  await ensurePgCatalog(db.pool, { seedVideos: videos, now });
  return db;
}
