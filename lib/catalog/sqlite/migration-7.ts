import 'server-only';
/**
 * Migration 7 (issue 26): models, channels, tags and orientation, in place. Every video keeps its
 * row, votes and numbers and becomes straight (the default orientation: the feeds did not say)
 * with no channel; the membership tables gain the orientation, video_tags the columns a tag's
 * listing walks (copied from the videos); models, channels, video_models and entity_stats are new;
 * the derived tables that gain the orientation in their keys (the day counts, the period sums and
 * totals) are made again and filled, as are the entity statistics; the listing indexes are made
 * again with the orientation in front.
 */
import type Database from 'better-sqlite3';
import { recountDayCounts } from './day-counts';
import { rebuildEntityStats } from './entity-stats';
import { LIST_TABLES, LIST_INDEXES_SQL, listIndexNames } from './list-indexes';
import { rebuildPeriodStats } from './period-stats';
import { ENTITY_INDEXES_SQL, PERIOD_INDEXES_SQL, tableSql } from './schema';

/** video_tags' new columns, in tables.ts's order, and where each is copied from. */
const TAG_COLUMNS: [string, string][] = [
  ['post_date', 'INTEGER'],
  ['duration', 'INTEGER'],
  ['status_id', 'INTEGER'],
  ['views', 'INTEGER'],
  ['rating', 'REAL'],
  ['likes', 'INTEGER'],
  ['comments', 'INTEGER'],
  ['gender', 'INTEGER'],
];

export function applyMigration7(db: Database.Database, now = Math.floor(Date.now() / 1000)): void {
  // Columns with constant defaults: SQLite adds them without rewriting a row.
  db.exec(`
    ALTER TABLE videos ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE videos ADD COLUMN channel_id INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE video_categories ADD COLUMN gender INTEGER NOT NULL DEFAULT 0;
    ${TAG_COLUMNS.map(([c, type]) => `ALTER TABLE video_tags ADD COLUMN ${c} ${type} NOT NULL DEFAULT 0;`).join('\n')}
    UPDATE video_tags SET (${TAG_COLUMNS.map(([c]) => c).join(', ')}) =
      (SELECT ${TAG_COLUMNS.map(([c]) => `v.${c}`).join(', ')} FROM videos v WHERE v.id = video_tags.video_id);
    DELETE FROM video_tags WHERE NOT EXISTS (SELECT 1 FROM videos v WHERE v.id = video_tags.video_id);
  `);
  db.exec([tableSql('models'), tableSql('channels'), tableSql('videoModels'), tableSql('entityStats')].join('\n'));
  db.exec(`
    DROP TABLE video_day_counts;
    DROP TABLE period_stats;
    DROP TABLE period_counts;
    ${tableSql('videoDayCounts')}
    ${tableSql('periodStats')}
    ${tableSql('periodCounts')}
  `);
  const oldIndexes = [LIST_TABLES.all, LIST_TABLES.category].flatMap(listIndexNames);
  db.exec(oldIndexes.map((name) => `DROP INDEX ${name};`).join('\n'));
  db.exec(`${LIST_INDEXES_SQL}\n${ENTITY_INDEXES_SQL}\n${PERIOD_INDEXES_SQL}`);
  recountDayCounts(db);
  rebuildPeriodStats(db, now);
  rebuildEntityStats(db, now);
  db.exec('ANALYZE');
}
