import 'server-only';
import type pg from 'pg';
import { appliedLine, type MigrationPath, type MigrationStep } from '../migration';
import { CatalogMigrationError } from '../upgrade-error';
import { rebuildPgEntityStats } from './entity-stats';
import { recountPgPeriodCounts } from './period-stats';
import { PG_CONTENT_INDEXES_SQL, PG_PRE_CONTENT_INDEXES, PG_SOURCE_RUNS_INDEX_SQL, pgSharedTableSql } from './schema';

/**
 * The PostgreSQL catalogue's migrations (../migration.ts): append a step to change the schema of
 * existing databases, and make the same change in schema.ts for new ones. PostgreSQL's base is
 * 4, its last schema before migrations; from 6 on its numbers are the SQLite file's.
 *
 * A step runs in one transaction with the write of its number to meta: PostgreSQL rolls DDL
 * back like any write, so a failed step leaves tables, indexes and rows as they were. A step
 * must therefore be transactional: no CREATE INDEX CONCURRENTLY, no VACUUM.
 */
export type PgStep = MigrationStep<pg.PoolClient | pg.Client, Promise<unknown>>;

export const PG_MIGRATIONS: MigrationPath<PgStep> = {
  base: 4,
  steps: [
    { version: 6, does: "index of each feed's rows by run", apply: (c) => c.query(PG_SOURCE_RUNS_INDEX_SQL) },
    { version: 7, does: 'models, channels, tags and orientation', apply: addContentModel },
  ],
};

/**
 * Step 7: the content model of issue 26 (../tables.ts). Every video of an older catalogue is
 * straight (gender 0) and has no channel: the new columns' defaults say so, so every row is kept
 * as it is and no count changes; the derived data gains the orientation and the new sections
 * (period totals counted again from the kept sums, tags' statistics counted from their videos),
 * and the list indexes are built again with the section's orientation.
 */
async function addContentModel(c: pg.PoolClient | pg.Client): Promise<void> {
  await c.query(`
    ALTER TABLE videos ADD COLUMN gender INTEGER NOT NULL DEFAULT 0, ADD COLUMN channel_id INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE video_categories ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE video_search ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE related_words ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE video_tags ADD COLUMN post_date INTEGER NOT NULL DEFAULT 0, ADD COLUMN duration INTEGER NOT NULL DEFAULT 0,
      ADD COLUMN status_id INTEGER NOT NULL DEFAULT 0, ADD COLUMN views INTEGER NOT NULL DEFAULT 0,
      ADD COLUMN rating DOUBLE PRECISION NOT NULL DEFAULT 0, ADD COLUMN likes INTEGER NOT NULL DEFAULT 0,
      ADD COLUMN comments INTEGER NOT NULL DEFAULT 0, ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    UPDATE video_tags t SET post_date = v.post_date, duration = v.duration, status_id = v.status_id, views = v.views, rating = v.rating,
      likes = v.likes, comments = v.comments, gender = v.gender
    FROM videos v WHERE v.id = t.video_id;
    ALTER TABLE video_day_counts ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE video_day_counts ALTER COLUMN gender DROP DEFAULT;
    ALTER TABLE video_day_counts DROP CONSTRAINT video_day_counts_pkey, ADD PRIMARY KEY (category_id, gender, dur_class, day);
    ALTER TABLE period_stats ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE period_stats ALTER COLUMN gender DROP DEFAULT;
    DROP TABLE period_counts;
    ${['models', 'channels', 'video_models', 'entity_stats', 'entity_counts', 'period_counts'].map(pgSharedTableSql).join('\n')}
    DROP INDEX ${PG_PRE_CONTENT_INDEXES.join(', ')};
    ${PG_CONTENT_INDEXES_SQL}
  `);
  await recountPgPeriodCounts(c);
  await rebuildPgEntityStats(c, Math.floor(Date.now() / 1000));
}

/**
 * Applies `pending` on `client`, one transaction each, printing one line per step. The caller
 * holds the schema's advisory lock, so no other server migrates at the same time.
 */
export async function applyPgSteps(client: pg.PoolClient | pg.Client, at: number, pending: readonly PgStep[], log: (line: string) => void): Promise<void> {
  let version = at;
  for (const step of pending) {
    const started = performance.now();
    await client.query('BEGIN');
    try {
      await step.apply(client);
      await client.query("UPDATE meta SET value = $1 WHERE key = 'schema_version'", [String(step.version)]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw new CatalogMigrationError('the PostgreSQL catalogue', step, version, e);
    }
    version = step.version;
    log(appliedLine(step, performance.now() - started));
  }
}
