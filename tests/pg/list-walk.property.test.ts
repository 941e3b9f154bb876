/**
 * The model-based list test of tests/unit/catalog/list-walk.property.test.ts on the PostgreSQL
 * catalogue: every step of a random history is applied to a SQLite file and a PostgreSQL database
 * seeded alike, and every page walk of both is compared with the reference query over the SQLite
 * rows (both catalogues give a video the same id). Real PostgreSQL, nothing mocked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { openCatalogDb } from '@/lib/catalog/sqlite/db';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { PgCatalogWriter } from '@/lib/catalog/postgres/writer';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { SEED_NOW } from '../unit/catalog/helpers/catalog-fixture';
import { historyArb, liveHistory, type Clock, type Store } from '../unit/catalog/helpers/list-model';
import { seededDatabase } from './helpers/pg-fixture';

const RUNS = Number(process.env.LIST_WALK_PG_RUNS ?? 25);

describe('lists on a catalogue that has lived, on PostgreSQL (model-based)', () => {
  it('every page walk on PostgreSQL holds full pages that add up to total_count and match the reference query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 80 }),
        historyArb(10),
        async (seedVideos, history) => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-walk-'));
          const db = openCatalogDb(path.join(dir, 'catalog.db'), { seedVideos, now: SEED_NOW });
          const pgdb = await seededDatabase(seedVideos, SEED_NOW);
          try {
            const clock: Clock = { now: SEED_NOW + 3600 };
            const sqlite: Store = { name: 'sqlite', source: createEmbeddedSource(db, { now: () => clock.now }), writer: () => new SqliteCatalogWriter(db, { now: clock.now }) };
            const postgres: Store = {
              name: 'postgres',
              source: createPgSource(pgdb.pool, { now: () => clock.now, versionPollMs: 0 }),
              writer: () => new PgCatalogWriter(pgdb.pool, false, { now: clock.now }),
            };
            await liveHistory([sqlite, postgres], db, clock, history);
          } finally {
            db.close();
            fs.rmSync(dir, { recursive: true, force: true });
            await pgdb.drop();
          }
        },
      ),
      { numRuns: RUNS, ...(process.env.LIST_WALK_SEED ? { seed: Number(process.env.LIST_WALK_SEED) } : {}) },
    );
  }, Math.max(600_000, RUNS * 30_000));
});
