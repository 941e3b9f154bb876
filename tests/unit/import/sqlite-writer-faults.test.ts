/**
 * The SQLite writer when a run is cut short or crowded: killed between commits (nothing after its
 * last commit runs), a second run at once, a disk that fills. tests/faults does the same with real
 * processes, SIGKILL and a small file system; these pin each rule on its own.
 */
import Database from 'better-sqlite3';
import { CatalogDiskFullError } from '@/lib/catalog/disk-full';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { type Fixture, openFixture } from '../catalog/helpers/catalog-fixture';
import { faultRows, twoRunsAtOnce } from './helpers/fault-runs';

const rows = faultRows;

let fx: Fixture;
beforeEach(() => {
  fx = openFixture(200);
});
afterEach(() => fx.close());

/** What another process (the site, or the run after a kill) reads from the file. */
function fromFile<T>(read: (db: Database.Database) => T): T {
  const db = new Database(fx.db.name, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const popularity = (db: Database.Database, keyword: string) =>
  (db.prepare('SELECT popularity FROM keywords WHERE keyword_lc = ?').pluck().get(keyword) as number | undefined) ?? 0;

describe('the SQLite writer, cut short or crowded', () => {
  it('commits the title keywords with their rows: a run killed after a commit leaves the counts of exactly what it wrote', async () => {
    // transactionMs 0: every batch commits; the run then ends as a SIGKILL would leave it (no finish()).
    const writer = new SqliteCatalogWriter(new Database(fx.db.name), { transactionMs: 0 });
    const run = await writer.startRun('s');
    await writer.writeBatch('s', run, rows(1, 30));
    await writer.writeBatch('s', run, rows(31, 45));
    await writer.close();
    const seen = fromFile((db) => ({
      videos: db.prepare("SELECT count(*) FROM video_sources WHERE source = 's'").pluck().get(),
      zephyrine: popularity(db, 'zephyrine'),
      pair: popularity(db, 'zephyrine lantern'),
    }));
    expect(seen).toEqual({ videos: 45, zephyrine: 45, pair: 45 });
  });

  it('rebuilds the listing counts on the next run when a run was killed after its last commit, before its rebuild', async () => {
    const killed = new SqliteCatalogWriter(new Database(fx.db.name), { transactionMs: 0 });
    const run = await killed.startRun('s');
    await killed.writeBatch('s', run, rows(1, 40));
    // Killed here: no finish().
    await killed.close();
    const again = new SqliteCatalogWriter(fx.db, { transactionMs: 0 });
    const second = await again.startRun('s');
    expect(await again.writeBatch('s', second, rows(1, 40))).toMatchObject({ unchanged: 40, added: 0 });
    await again.finish();
    const counts = fromFile((db) => ({
      listed: db.prepare('SELECT count(*) FROM videos WHERE status_id IN (1, 5)').pluck().get(),
      // Each orientation's count of all videos, summed.
      counted: db.prepare('SELECT sum(c) FROM (SELECT max(cum) AS c FROM video_day_counts WHERE category_id = 0 AND dur_class = 0 GROUP BY gender)').pluck().get(),
      lanternWalks: db
        .prepare("SELECT max(cum) FROM video_day_counts d JOIN categories c ON c.id = d.category_id WHERE c.dir = 'lantern-walks' AND dur_class = 0")
        .pluck()
        .get(),
    }));
    expect(counts).toEqual({ listed: counts.listed, counted: counts.listed, lanternWalks: 40 });
  });

  it('makes a second run wait for the first, saying so once, and then writes both', async () => {
    const waits: string[] = [];
    const first = new SqliteCatalogWriter(fx.db, { transactionMs: 0 });
    const second = new SqliteCatalogWriter(new Database(fx.db.name), { transactionMs: 0, onWait: (m) => waits.push(m) });
    expect(await twoRunsAtOnce(first, second, 600)).toEqual({ secondBeganEarly: false });
    expect(waits).toEqual([`another import is writing to ${fx.db.name}; waiting`]);
    const bySource = fromFile((db) => db.prepare('SELECT source, count(*) AS n FROM video_sources GROUP BY source ORDER BY source').all());
    expect(bySource).toEqual([
      { source: 'a', n: 30 },
      { source: 'b', n: 20 },
    ]);
  });

  it('ends its transaction when the disk fills at a commit: the error names the catalogue, and a run with room completes', async () => {
    const writer = new SqliteCatalogWriter(fx.db, { transactionMs: 60_000 });
    const run = await writer.startRun('s');
    await writer.writeBatch('s', run, rows(1, 300));
    // The memberships are written at the commit: no room for their pages makes the COMMIT's work fail.
    const pages = Number(fx.db.pragma('page_count', { simple: true }));
    fx.db.pragma(`max_page_count = ${pages}`);
    const failed = await writer.writeBatch('s', run, rows(301, 302)).then(
      () => writer.finish(),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(CatalogDiskFullError);
    expect((failed as Error).message).toBe(`the disk holding ${fx.db.name} is full: database or disk is full`);
    expect(fx.db.inTransaction).toBe(false);
    // Nothing of the open transaction is left, and finish() again does not commit anything that is not there.
    await expect(writer.finish()).resolves.toBeUndefined();
    expect(fromFile((db) => db.prepare("SELECT count(*) FROM video_sources WHERE source = 's'").pluck().get())).toBe(0);
    fx.db.pragma('max_page_count = 1073741823');
    const retry = new SqliteCatalogWriter(fx.db);
    const again = await retry.startRun('s');
    await retry.writeBatch('s', again, rows(1, 302));
    await retry.finish();
    expect(fromFile((db) => popularity(db, 'zephyrine'))).toBe(302);
  });
});
