/**
 * Every list adds up, on catalogues that have lived: random histories (the demo seed with its
 * scheduled videos, partner imports with older and newer dates in any id order, takedowns, views
 * and votes, the clock moving on without a restart) and random questions (every sort, date and
 * duration filter, categories, search, related), each walked page by page through the embedded
 * Source and compared with a plain query over the same SQLite rows (tests/unit/catalog/helpers/list-model.ts).
 * The same model runs on PostgreSQL in tests/pg/list-walk.property.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { openCatalogDb } from '@/lib/catalog/sqlite/db';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { SEED_NOW } from './helpers/catalog-fixture';
import { historyArb, liveHistory, type Clock, type Store } from './helpers/list-model';

const RUNS = Number(process.env.LIST_WALK_RUNS ?? 60);

describe('lists on a catalogue that has lived (model-based)', () => {
  it('every page walk holds full pages that add up to total_count and match the reference query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        historyArb(12),
        async (seedVideos, history) => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-walk-'));
          const db = openCatalogDb(path.join(dir, 'catalog.db'), { seedVideos, now: SEED_NOW });
          try {
            const clock: Clock = { now: SEED_NOW + 3600 };
            const store: Store = { name: 'sqlite', source: createEmbeddedSource(db, { now: () => clock.now }), writer: () => new SqliteCatalogWriter(db, { now: clock.now }) };
            await liveHistory([store], db, clock, history);
          } finally {
            db.close();
            fs.rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, ...(process.env.LIST_WALK_SEED ? { seed: Number(process.env.LIST_WALK_SEED) } : {}) },
    );
  }, Math.max(120_000, RUNS * 3000));
});
