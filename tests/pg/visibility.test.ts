/**
 * The VACUUM after the seed, the daily move of the period windows and an import's finish leaves
 * every page of what it vacuumed all-visible, so that the listings' index-only scans never read the
 * table. The throwaway server runs with synchronous_commit off (tests/support/system/postgres.mjs), where a
 * VACUUM right after an asynchronous commit, or after the ANALYZE of the table before it, marked no
 * page (lib/catalog/postgres/schema.ts SYNC_COMMIT_SQL): the seed's videos table was left with none, and
 * "most viewed this week" read a heap page for each of the 9,500 index entries it walked at
 * 1,000,000 videos.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensurePgPeriodStats } from '@/lib/catalog/postgres/period-stats';
import { PgCatalogWriter } from '@/lib/catalog/postgres/writer';
import { DAY_SECONDS } from '@/lib/catalog/filters';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { runImport } from '@/lib/import/run-import';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const NOW = 1_749_988_800;
const FEED = path.join(__dirname, '../fixtures/feeds/kvs.csv');
const PARSE = { format: 'kvs-csv' as const, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] };

let db: PgDatabase;
afterEach(async () => {
  await db?.drop();
});

/** Tables (of `names`) with a page that is not all-visible, as their last VACUUM or ANALYZE counted. */
async function notAllVisible(names: string[]): Promise<string[]> {
  const r = await db.pool.query<{ relname: string; relpages: number; relallvisible: number }>(
    `SELECT c.relname, c.relpages, c.relallvisible FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname = ANY($1::text[])`,
    [names],
  );
  expect(r.rows.map((x) => x.relname).sort()).toEqual([...names].sort());
  return r.rows.filter((x) => x.relpages === 0 || x.relallvisible < x.relpages).map((x) => `${x.relname} ${x.relallvisible}/${x.relpages}`);
}

it('the seed leaves every table it vacuums all-visible', async () => {
  db = await seededDatabase(400, NOW);
  const slices = (await db.pool.query<{ relname: string }>("SELECT relname FROM pg_class WHERE relname ~ '^video_search_[0-9]+$'")).rows;
  expect(slices.length).toBeGreaterThan(0);
  const tables = ['videos', 'video_categories', 'video_tags', 'video_models', 'video_days', 'period_stats', 'entity_stats', 'keywords', 'related_words',
    ...slices.map((s) => s.relname)];
  expect(await notAllVisible(tables)).toEqual([]);
});

it('the daily move leaves the period sums all-visible', async () => {
  db = await seededDatabase(400, NOW);
  await ensurePgPeriodStats(db.pool, NOW + DAY_SECONDS);
  const moved = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM period_stats');
  expect(Number(moved.rows[0]?.n)).toBeGreaterThan(0);
  expect(await notAllVisible(['period_stats', 'period_counts'])).toEqual([]);
});

it("an import's finish leaves the period sums and the model, channel and tag statistics all-visible", async () => {
  // Seeded now: the finish rebuilds the windows at the current time, and they must hold rows.
  db = await seededDatabase(400, Math.floor(Date.now() / 1000));
  const input = { stream: fs.createReadStream(FEED), size: null, bytesRead: () => 0 };
  const report = await runImport(input, PARSE, new PgCatalogWriter(db.pool), { source: 'partner', deleteMissing: false, progressTo: null });
  expect(report.added).toBeGreaterThan(0);
  expect(await notAllVisible(['period_stats', 'period_counts', 'entity_stats'])).toEqual([]);
});
