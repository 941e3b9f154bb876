/**
 * A PostgreSQL catalogue of another schema version is rebuilt from the demo seed on the next
 * start, unless it holds an operator's content (imported videos, takedowns): then nothing is
 * touched and the start fails with one line saying why (CatalogUpgradeError).
 */
import { ensurePgCatalog } from '@/lib/catalog/postgres/db';
import { PG_SCHEMA_VERSION } from '@/lib/catalog/postgres/schema';
import { CatalogUpgradeError } from '@/lib/catalog/upgrade-error';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const NOW = 1_749_988_800;
let db: PgDatabase;
beforeEach(async () => {
  db = await seededDatabase(60, NOW);
  await db.pool.query("UPDATE meta SET value = $1 WHERE key = 'schema_version'", [String(PG_SCHEMA_VERSION - 1)]);
});
afterEach(async () => {
  await db?.drop();
});

const count = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0]?.n);

it('rebuilds an older demo catalogue from the seed, as before', async () => {
  expect((await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }))?.videos).toBe(40);
  expect(await count("SELECT value AS n FROM meta WHERE key = 'schema_version'")).toBe(PG_SCHEMA_VERSION);
});

it('never replaces an older catalogue holding imported videos or takedowns', async () => {
  await db.pool.query(
    `INSERT INTO video_sources SELECT id, 'partner', 'ext-' || id, 'https://www.xvideos.com/embedframe/' || id, 'https://t/1.jpg', '[]', NULL, 'h', 1 FROM videos ORDER BY id LIMIT 3`,
  );
  await db.pool.query(`INSERT INTO takedowns SELECT id, NULL, NULL, ${NOW} FROM videos ORDER BY id DESC LIMIT 1`);
  const error = await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CatalogUpgradeError);
  expect((error as Error).message).toMatch(new RegExp(`^the PostgreSQL catalogue is catalogue schema ${PG_SCHEMA_VERSION - 1} and holds 4 imported videos and takedowns`));
  expect(await count('SELECT count(*) AS n FROM videos')).toBe(60);
  expect(await count('SELECT count(*) AS n FROM video_sources')).toBe(3);
  expect(await count("SELECT value AS n FROM meta WHERE key = 'schema_version'")).toBe(PG_SCHEMA_VERSION - 1);
  // An explicit rebuild (npm run seed) is the operator's own decision.
  expect((await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }, true))?.videos).toBe(40);
});
