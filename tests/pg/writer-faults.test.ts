/**
 * The PostgreSQL writer when a run is cut short or crowded, as tests/unit/import/sqlite-writer-faults.test.ts
 * for SQLite: a second run at once waits for the first, and a run killed after its last commit
 * (before its rebuild of the derived data) has that rebuild done by the next run.
 */
import { PgCatalogWriter } from '@/lib/catalog/postgres/writer';
import { SEED_NOW } from '../unit/catalog/helpers/catalog-fixture';
import { faultRows, twoRunsAtOnce } from '../unit/import/helpers/fault-runs';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const rows = faultRows;

let db: PgDatabase;
beforeEach(async () => {
  db = await seededDatabase(200, SEED_NOW);
});
afterEach(async () => {
  await db.drop();
});

const value = async (sql: string): Promise<number> => Number(Object.values((await db.pool.query(sql)).rows[0] as object)[0]);

describe('the PostgreSQL writer, cut short or crowded', () => {
  it('makes a second run wait for the first, saying so once, and then writes both', async () => {
    const waits: string[] = [];
    const first = new PgCatalogWriter(db.pool);
    const second = new PgCatalogWriter(db.pool, false, { onWait: (m) => waits.push(m) });
    expect(await twoRunsAtOnce(first, second, 1200)).toEqual({ secondBeganEarly: false });
    expect(waits).toEqual([expect.stringMatching(/^another import is writing to the PostgreSQL catalogue \S+; waiting$/)]);
    expect(await value("SELECT count(*) FILTER (WHERE source = 'a') * 1000 + count(*) FILTER (WHERE source = 'b') FROM video_sources")).toBe(30_020);
  }, 30_000);

  it('rebuilds the listing counts on the next run when a run was killed after its last commit, before its rebuild', async () => {
    const killed = new PgCatalogWriter(db.pool);
    const run = await killed.startRun('s');
    await killed.writeBatch('s', run, rows(1, 40));
    // Killed here: its connection (and the lock on it) goes; no finish().
    await killed.close();
    const again = new PgCatalogWriter(db.pool);
    const second = await again.startRun('s');
    expect(await again.writeBatch('s', second, rows(1, 40))).toMatchObject({ unchanged: 40, added: 0 });
    await again.finish();
    expect(
      await value(`SELECT max(cum) FROM video_day_counts d JOIN categories c ON c.id = d.category_id WHERE c.dir = 'lantern-walks' AND dur_class = 0`),
    ).toBe(40);
    expect(await value(`SELECT count(*) FROM meta WHERE key = 'derived_recount_due'`)).toBe(0);
  }, 30_000);
});
