/**
 * The catalogue's SQLite schema, as a new catalogue is created: at the newest version at once.
 * Tables are created before the bulk seed; secondary indexes and the FTS merge come after it,
 * because building an index once is far cheaper than maintaining it row by row during a million
 * inserts.
 *
 * A change of a table or an index is a migration (migrations.ts): append the step that makes it
 * in an existing catalogue, make the same change here, and set SCHEMA_VERSION to the step's
 * number (tests/unit/catalog/migrations.test.ts holds a migrated catalogue to a new one's schema).
 */

import { importTablesSql, type SharedTableName, sharedTableSql, sharedTablesSql, type TableDialect, votesTableSql } from '../tables';
import { LIST_INDEXES_SQL } from './list-indexes';

export const SCHEMA_VERSION = 7;

/** The shared tables (../tables.ts) in SQLite's words. */
const SQLITE: TableDialect = {
  real: 'REAL',
  bigint: 'INTEGER',
  keyedEnd: ' WITHOUT ROWID',
  serialId: 'INTEGER',
  binaryText: 'TEXT',
  createImportTable: 'CREATE TABLE IF NOT EXISTS',
  createImportIndex: 'CREATE INDEX IF NOT EXISTS',
};

/** The period sums' indexes (a sort each, orientation first): made with the table, which migration 7 made again. */
export const PERIOD_INDEXES_SQL = `
CREATE INDEX idx_ps_views ON period_stats (period, gender, views, video_id, post_date, duration);
CREATE INDEX idx_ps_score ON period_stats (period, gender, score, likes, video_id, post_date, duration);
`;

/** The index pages' orders of entity_stats (kind and orientation first; dir last, for the letter filter in place). */
export const ENTITY_INDEXES_SQL = `
CREATE INDEX idx_es_dir ON entity_stats (kind, gender, dir, entity_id);
CREATE INDEX idx_es_videos ON entity_stats (kind, gender, videos, entity_id, dir);
CREATE INDEX idx_es_views ON entity_stats (kind, gender, views, entity_id, dir);
CREATE INDEX idx_es_added ON entity_stats (kind, gender, added_at, entity_id, dir);
`;

/** A shared table in SQLite's words (a migration step that adds or remakes it). */
export const tableSql = (name: SharedTableName): string => sharedTableSql(SQLITE, name);

/** The votes table under another name: it is rebuilt so when past days' votes are dropped (voter-key.ts). */
export const VOTES_TABLE_SQL = (name: string): string => votesTableSql(SQLITE, name);

/** Tables of imported content, added to any catalogue file by every opener (import-schema.ts). */
export const IMPORT_TABLES_SQL = `
${importTablesSql(SQLITE)}
`;

export const TABLES_SQL = `
${sharedTablesSql(SQLITE)}
${PERIOD_INDEXES_SQL}

-- Contentless full-text index (the text lives in videos). facets holds filter tokens
-- ("d2" duration class, "c12" category id) so filters intersect inside FTS5.
-- detail=column: no word positions (we never run phrase or NEAR queries), which makes the
-- doclists of common words about 40% smaller and an AND of them that much faster to walk;
-- column filters still work. columnsize=0: only bm25 needs the column sizes, and we do not use it.
CREATE VIRTUAL TABLE video_fts USING fts5(
  title, description, categories, tags, facets,
  content = '', detail = column, columnsize = 0,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Documents per indexed token in each full-text table (from fts5vocab, at seed time; the
-- catalogue's text never changes afterwards). Search uses them to bound how much of a
-- doclist one query may walk.
CREATE TABLE fts_terms (
  term TEXT PRIMARY KEY,
  title_docs INTEGER NOT NULL,
  all_docs INTEGER NOT NULL
) WITHOUT ROWID;

-- The same titles and facets again, alone: titles are short, so a common word's doclist is a
-- fraction of its doclist in video_fts. Search looks here first (a video whose title has every
-- word is the best kind of match) and related videos match title words only.
CREATE VIRTUAL TABLE title_fts USING fts5(
  title, facets,
  content = '', detail = column, columnsize = 0,
  tokenize = 'unicode61 remove_diacritics 2'
);
`;

/**
 * A feed's rows by the run that last listed them (migration 6): an import's start reads the
 * source's latest run, and --delete-missing the rows its run did not list. Without it both read
 * every row the source has, and a row's seen_run from the table for each (video_id is the rowid,
 * so the index alone answers both).
 */
export const SOURCE_RUNS_INDEX_SQL = 'CREATE INDEX idx_sources_run ON video_sources (source, seen_run)';

/** Secondary indexes: the listings' (list-indexes.ts), the model and channel indexes', and the rest. */
export const INDEXES_SQL = `
${LIST_INDEXES_SQL}
${ENTITY_INDEXES_SQL}

CREATE INDEX idx_vd_day ON video_days (day, video_id, views, likes, dislikes);

CREATE INDEX idx_keywords_prefix ON keywords (keyword_lc, popularity, keyword);
CREATE INDEX idx_keywords_popularity ON keywords (popularity, keyword);
${SOURCE_RUNS_INDEX_SQL};
`;
