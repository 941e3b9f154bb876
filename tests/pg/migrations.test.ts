/**
 * The PostgreSQL catalogue's migrations, on the schema-4 catalogue the code before them wrote
 * (tests/fixtures/catalogues: a demo seed, imported feeds, takedowns, views, votes, loaded from
 * its pg_dump): upgraded in place with every row kept; a step that fails half-way leaves schema
 * and rows as they were; several processes starting at once apply each step once; a newer
 * catalogue is refused.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensurePgCatalog } from '@/lib/catalog/postgres/db';
import { PG_MIGRATIONS, type PgStep } from '@/lib/catalog/postgres/migrations';
import { pgStore } from '@/lib/catalog/postgres/store';
import { PG_SCHEMA_VERSION, SCHEMA_LOCK_KEY } from '@/lib/catalog/postgres/schema';
import { CatalogMigrationError, CatalogTooNewError } from '@/lib/catalog/upgrade-error';
import { columnsOf, everyRow, metaVersion, schema4Database, schemaOf } from './helpers/old-catalogue';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const run = promisify(execFile);
const root = path.join(__dirname, '../..');
const SEED_NOW = 1_749_988_800;

let db: PgDatabase;
/** The schema-4 catalogue's tables and columns, but period_counts (derived: migration 7 counts it again by section and orientation). */
let schema4: Record<string, string[]>;
beforeEach(async () => {
  db = await schema4Database();
  schema4 = await columnsOf(db.pool);
  delete schema4.period_counts;
});

/** Every row the schema-4 catalogue had, of the columns it had: what every migration keeps. */
const keptRows = () => everyRow(db.pool, schema4);
afterEach(async () => {
  await db?.drop();
});

/** ensurePgCatalog's error, or null. */
async function openError(migrations = PG_MIGRATIONS): Promise<Error | null> {
  return ensurePgCatalog(db.pool, { seedVideos: 5, log: () => {}, migrations }).then(
    () => null,
    (e: unknown) => e as Error,
  );
}

it('upgrades the schema-4 catalogue in place: every row kept, one line per step, the same schema as a new catalogue', async () => {
  const before = await keptRows();
  expect(before.video_sources?.length).toBeGreaterThan(30);
  expect(before.takedowns).toHaveLength(2);
  expect(before.votes?.length).toBeGreaterThan(0);
  const periodCounts = (await db.pool.query<{ row: string }>('SELECT t::text AS row FROM period_counts t ORDER BY 1')).rows.map((r) => r.row);
  expect(periodCounts.length).toBeGreaterThan(10);
  const lines: string[] = [];
  expect(await ensurePgCatalog(db.pool, { seedVideos: 5, log: (l) => lines.push(l) })).toBeNull();

  expect(lines).toHaveLength(PG_MIGRATIONS.steps.length);
  expect(lines[0]).toMatch(/^catalogue: migration 6 \(index of each feed's rows by run\) applied in \d+ ms$/);
  expect(lines[1]).toMatch(/^catalogue: migration 7 \(models, channels, tags and orientation\) applied in \d+ ms$/);
  expect(await keptRows()).toEqual(before);
  // Every video was straight: the new columns say so, and the period totals of all videos and the
  // categories are the ones kept before, now of the straight orientation.
  const one = async (sql: string) => (await db.pool.query(sql)).rows[0] as Record<string, number>;
  expect(await one('SELECT count(*)::int AS n FROM videos WHERE gender <> 0 OR channel_id <> 0')).toEqual({ n: 0 });
  const kept = await db.pool.query<{ row: string }>('SELECT ROW(period, entity_id, dur_class, count)::text AS row FROM period_counts WHERE kind = 0 AND gender = 0 ORDER BY 1');
  expect(kept.rows.map((r) => r.row)).toEqual(periodCounts);
  // The derived data of the new sections is filled: tags' copied columns, their statistics and period totals.
  expect(
    await one(`SELECT count(*)::int AS n FROM video_tags t JOIN videos v ON v.id = t.video_id
      WHERE (t.post_date, t.duration, t.status_id, t.views, t.rating, t.likes, t.comments, t.gender)
        IS DISTINCT FROM (v.post_date, v.duration, v.status_id, v.views, v.rating, v.likes, v.comments, v.gender)`),
  ).toEqual({ n: 0 });
  const recount = await db.pool.query<{ row: string }>(
    `SELECT ROW(t.tag_id, count(*), sum(t.views), max(t.post_date))::text AS row FROM video_tags t
     WHERE t.status_id IN (1, 5) AND t.post_date <= extract(epoch FROM now()) GROUP BY t.tag_id ORDER BY 1`,
  );
  const stats = await db.pool.query<{ row: string }>(
    'SELECT ROW(entity_id, videos, views, last_post_date)::text AS row FROM entity_stats WHERE kind = 3 AND gender = 0 ORDER BY 1',
  );
  expect(stats.rows.length).toBeGreaterThan(5);
  expect(stats.rows).toEqual(recount.rows);
  expect(await one('SELECT count(*)::int AS n FROM period_counts WHERE kind = 3')).not.toEqual({ n: 0 });
  expect(await metaVersion(db.pool)).toBe(String(PG_SCHEMA_VERSION));

  const fresh = await seededDatabase(5, SEED_NOW);
  try {
    expect(await schemaOf(db.pool)).toEqual(await schemaOf(fresh.pool));
  } finally {
    await fresh.drop();
  }

  // The site reads it: an imported video is there, the taken-down ones are gone.
  const store = pgStore(db.pool);
  const takenDown = (await db.pool.query<{ video_id: number }>('SELECT video_id FROM takedowns ORDER BY 1')).rows.map((r) => r.video_id);
  expect(await Promise.all(takenDown.map((id) => store.videoDetail(id, SEED_NOW + 3600)))).toEqual([null, null]);
  const imported = (await db.pool.query<{ video_id: number }>('SELECT min(video_id) AS video_id FROM video_sources')).rows[0]!.video_id;
  expect(await store.videoDetail(imported, SEED_NOW + 3600)).not.toBeNull();

  // A second start has nothing to do.
  expect(await ensurePgCatalog(db.pool, { seedVideos: 5, log: (l) => lines.push(l) })).toBeNull();
  expect(lines).toHaveLength(PG_MIGRATIONS.steps.length);
});

it('the first real step is the index an import run reads its source by', async () => {
  await ensurePgCatalog(db.pool, { seedVideos: 5, log: () => {} });
  const client = await db.pool.connect();
  try {
    // On a few dozen rows a sequential scan is cheaper: ask which index the planner would take.
    await client.query('SET enable_seqscan = off');
    const plan = async (sql: string) => (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(await plan("SELECT max(seen_run) FROM video_sources WHERE source = 'partner'")).toMatch(/Index Only Scan.* using idx_sources_run/);
    expect(await plan("SELECT video_id FROM video_sources WHERE source = 'partner' AND seen_run <> 1")).toMatch(/Index Only Scan using idx_sources_run/);
  } finally {
    client.release();
  }
});

/** A step that changes the schema and the rows, then fails. */
const failingStep = (version: number): PgStep => ({
  version,
  does: 'a step that fails half-way',
  async apply(c) {
    await c.query('CREATE INDEX idx_half ON videos (title)');
    await c.query('CREATE TABLE half AS SELECT id FROM videos');
    await c.query('ALTER TABLE videos ADD COLUMN half INTEGER');
    await c.query('UPDATE videos SET views = 0');
    await c.query('DELETE FROM takedowns');
    throw new Error('out of disk\nsecond line');
  },
});

it('a step that fails half-way leaves schema and rows as they were, and says so in one line', async () => {
  const rows = await keptRows();
  const schema = await schemaOf(db.pool);
  const error = await openError({ base: 4, steps: [failingStep(6)] });
  expect(error).toBeInstanceOf(CatalogMigrationError);
  expect(error?.message).toBe('the PostgreSQL catalogue: migration 6 (a step that fails half-way) failed: out of disk second line; it was rolled back, the catalogue is still schema 4.');
  expect(await keptRows()).toEqual(rows);
  expect(await schemaOf(db.pool)).toEqual(schema);
  expect(await metaVersion(db.pool)).toBe('4');
  // The lock was given back, and the real steps still apply.
  expect(await openError()).toBeNull();
  expect(await metaVersion(db.pool)).toBe(String(PG_SCHEMA_VERSION));
});

it('steps before the failing one stay applied: the catalogue is at the last one that succeeded', async () => {
  const rows = await keptRows();
  const error = await openError({ base: 4, steps: [...PG_MIGRATIONS.steps, failingStep(PG_SCHEMA_VERSION + 1)] });
  expect(error?.message).toMatch(new RegExp(`migration ${PG_SCHEMA_VERSION + 1} \\(a step that fails half-way\\) failed: .*still schema ${PG_SCHEMA_VERSION}\\.$`));
  expect(await metaVersion(db.pool)).toBe(String(PG_SCHEMA_VERSION));
  expect(await keptRows()).toEqual(rows);
});

it('several processes starting at once apply each step once, and all see the newest schema', async () => {
  const rows = await keptRows();
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const child = path.join(__dirname, 'helpers/migrate-child.ts');
  // Hold the schema lock until all three wait for it, so that they start migrating at the same moment.
  const holder = await db.pool.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
  const children = Promise.all(
    [0, 1, 2].map(() => run(process.execPath, [tsx, '--conditions=react-server', '--tsconfig', path.join(root, 'tsconfig.json'), child, db.url], { cwd: root })),
  );
  try {
    const waiting = async () =>
      Number((await holder.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype = 'advisory' AND NOT l.granted")).rows[0]?.n);
    const deadline = Date.now() + 30_000;
    while ((await waiting()) < 3) {
      if (Date.now() > deadline) throw new Error('the three processes never waited for the schema lock together');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await holder.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    holder.release();
  }
  const outs = await children;
  const results = outs.map((o) => JSON.parse(o.stdout) as { lines: string[]; seeded: boolean; version: string });
  expect(results.flatMap((r) => r.lines)).toHaveLength(PG_MIGRATIONS.steps.length);
  expect(results.map((r) => [r.seeded, r.version])).toEqual([0, 1, 2].map(() => [false, String(PG_SCHEMA_VERSION)]));
  expect(await keptRows()).toEqual(rows);
});

it('refuses a catalogue newer than the code knows, in one line, changing nothing', async () => {
  await db.pool.query("UPDATE meta SET value = $1 WHERE key = 'schema_version'", [String(PG_SCHEMA_VERSION + 1)]);
  const rows = await keptRows();
  const error = await openError();
  expect(error).toBeInstanceOf(CatalogTooNewError);
  expect(error?.message).toMatch(new RegExp(`^the PostgreSQL catalogue is catalogue schema ${PG_SCHEMA_VERSION + 1}, newer than the schema ${PG_SCHEMA_VERSION} this version of tubefront knows`));
  expect(error?.message).not.toContain('\n');
  expect(await keptRows()).toEqual(rows);
  expect(await metaVersion(db.pool)).toBe(String(PG_SCHEMA_VERSION + 1));
});

it('npm run catalog -- migrate --check says what is pending and changes nothing; migrate applies it', async () => {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const env = { ...process.env, DATABASE_URL: db.url, API_ORIGIN: '' };
  const catalog = (...args: string[]) =>
    run(process.execPath, [tsx, '--conditions=react-server', 'scripts/catalog.ts', ...args], { cwd: root, env }).then(
      (o) => ({ code: 0, stdout: o.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
  const label = db.url;
  const rows = await keptRows();
  expect(await catalog('migrate', '--check')).toEqual({
    code: 1,
    stdout: `catalog: ${label} is catalogue schema 4; this version writes schema ${PG_SCHEMA_VERSION}. Pending:\ncatalog:   migration 6 (index of each feed's rows by run)\ncatalog:   migration 7 (models, channels, tags and orientation)\n`,
  });
  expect(await metaVersion(db.pool)).toBe('4');
  const migrate = await catalog('migrate');
  expect(migrate.code).toBe(0);
  expect(migrate.stdout).toMatch(
    /^catalogue: migration 6 \(index of each feed's rows by run\) applied in \d+ ms\ncatalogue: migration 7 \(models, channels, tags and orientation\) applied in \d+ ms\ncatalog: .* is at schema 7\.\n$/,
  );
  expect(await keptRows()).toEqual(rows);
  expect((await catalog('migrate', '--check')).code).toBe(0);
}, 60_000);
