/**
 * A PostgreSQL catalogue older than the migrations reach (lib/catalog/postgres/migrations.ts) is
 * rebuilt from the demo seed on the next start, unless it holds an operator's content (imported
 * videos, takedowns): then nothing is touched and the start fails with one line saying why
 * (CatalogUpgradeError). One the migrations reach is migrated (migrations.test.ts).
 */
import { ensurePgCatalog } from '@/lib/catalog/postgres/db';
import { PG_MIGRATIONS } from '@/lib/catalog/postgres/migrations';
import { PG_SCHEMA_VERSION } from '@/lib/catalog/postgres/schema';
import { CatalogUpgradeError } from '@/lib/catalog/upgrade-error';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const NOW = 1_749_988_800;
/** The newest schema no migration upgrades. */
const TOO_OLD = PG_MIGRATIONS.base - 1;
let db: PgDatabase;
beforeEach(async () => {
  db = await seededDatabase(60, NOW);
  await db.pool.query("UPDATE meta SET value = $1 WHERE key = 'schema_version'", [String(TOO_OLD)]);
});
afterEach(async () => {
  await db?.drop();
});

const count = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0]?.n);

it('rebuilds a demo catalogue older than the migrations reach from the seed, as before', async () => {
  expect((await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }))?.videos).toBe(40);
  expect(await count("SELECT value AS n FROM meta WHERE key = 'schema_version'")).toBe(PG_SCHEMA_VERSION);
});

it('never replaces a catalogue too old to migrate holding imported videos or takedowns', async () => {
  await db.pool.query(
    `INSERT INTO video_sources SELECT id, 'partner', 'ext-' || id, 'https://www.xvideos.com/embedframe/' || id, 'https://t/1.jpg', '[]', NULL, 'h', 1 FROM videos ORDER BY id LIMIT 3`,
  );
  await db.pool.query(`INSERT INTO takedowns SELECT id, NULL, NULL, ${NOW} FROM videos ORDER BY id DESC LIMIT 1`);
  const error = await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CatalogUpgradeError);
  expect((error as Error).message).toMatch(new RegExp(`^the PostgreSQL catalogue is catalogue schema ${TOO_OLD} and holds 4 imported videos and takedowns; this version of tubefront migrates catalogues of schema ${PG_MIGRATIONS.base} or later`));
  expect(await count('SELECT count(*) AS n FROM videos')).toBe(60);
  expect(await count('SELECT count(*) AS n FROM video_sources')).toBe(3);
  expect(await count("SELECT value AS n FROM meta WHERE key = 'schema_version'")).toBe(TOO_OLD);
  // An explicit rebuild (npm run seed) is the operator's own decision.
  expect((await ensurePgCatalog(db.pool, { seedVideos: 40, now: NOW }, true))?.videos).toBe(40);
});
