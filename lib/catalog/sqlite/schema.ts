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

import { importTablesSql, sharedTablesSql, type TableDialect, votesTableSql } from '../tables';

export const SCHEMA_VERSION = 6;


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

/** The votes table under another name: it is rebuilt so when past days' votes are dropped (voter-key.ts). */
export const VOTES_TABLE_SQL = (name: string): string => votesTableSql(SQLITE, name);

/** Tables of imported content, added to any catalogue file by every opener (import-schema.ts). */
export const IMPORT_TABLES_SQL = `
${importTablesSql(SQLITE)}
`;

export const TABLES_SQL = `
${sharedTablesSql(SQLITE)}
CREATE INDEX idx_ps_views ON period_stats (period, views, video_id, post_date, duration);
CREATE INDEX idx_ps_score ON period_stats (period, score, likes, video_id, post_date, duration);

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

/**
 * Secondary indexes. Each list index starts with its sort key and ends with an explicit id
 * (so "ORDER BY key DESC, id DESC" is a plain reverse walk) followed by the filter columns
 * (so filtering never touches the table: only the 60 rows of the page are read from it).
 */
export const INDEXES_SQL = `
CREATE INDEX idx_v_latest ON videos (post_date, id, duration, status_id, views, rating, likes, comments);
CREATE INDEX idx_v_views ON videos (views, id, post_date, duration, status_id);
CREATE INDEX idx_v_rating ON videos (rating, likes, id, post_date, duration, status_id);
CREATE INDEX idx_v_duration ON videos (duration, id, post_date, status_id);
CREATE INDEX idx_v_comments ON videos (comments, id, post_date, duration, status_id);

CREATE INDEX idx_vc_latest ON video_categories (category_id, post_date, video_id, duration, status_id, views, rating, likes, comments);
CREATE INDEX idx_vc_views ON video_categories (category_id, views, video_id, post_date, duration, status_id);
CREATE INDEX idx_vc_rating ON video_categories (category_id, rating, likes, video_id, post_date, duration, status_id);
CREATE INDEX idx_vc_duration ON video_categories (category_id, duration, video_id, post_date, status_id);
CREATE INDEX idx_vc_comments ON video_categories (category_id, comments, video_id, post_date, duration, status_id);

CREATE INDEX idx_vd_day ON video_days (day, video_id, views, likes, dislikes);

CREATE INDEX idx_keywords_prefix ON keywords (keyword_lc, popularity, keyword);
CREATE INDEX idx_keywords_popularity ON keywords (popularity, keyword);
${SOURCE_RUNS_INDEX_SQL};
`;
