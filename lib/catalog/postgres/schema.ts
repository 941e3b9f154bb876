/**
 * The catalogue's PostgreSQL schema: the same tables as the SQLite catalogue (lib/catalog/sqlite/schema.ts,
 * import-schema.ts), with the full-text index as two tsvector columns instead of FTS5 tables, in
 * video_search:
 *
 * - tsv: every text column, weighted (title A, tags and categories B, description C), for search
 *   and its ranking (ts_rank with those weights);
 * - title_tsv: the title alone (unweighted), the counterpart of SQLite's title_fts: a title's GIN
 *   posting lists are a fraction of the whole text's;
 * - title_pairs: a lexeme for every pair of the title's words of 3 letters or more but stopwords
 *   ('+morning+sunset'; a title of more than 16 such words has '+word' for each instead: tsv.ts
 *   titlePairsTsv). A title read of several such words looks up their pairs instead of the words
 *   (titlePairQuery): a GIN AND decodes every posting list it names, and the lists of three common
 *   words cost most of a title search even when no title has all three ("sunset morning walk"),
 *   where their pairs' lists hold only the titles with both words (a small fraction). A column and index of their own (several times the size of title_tsv's), so
 *   that ANALYZE's most common title words are not crowded out by pairs (searches choose how to read
 *   from them).
 *
 * video_search is partitioned by id into slices of SEARCH_SLICE ids, each with its own GIN indexes.
 * A search wants the newest matches, and a GIN index has no order: over the whole catalogue, two
 * common words had every one of their thousands of matches fetched and sorted to keep the newest
 * SEARCH_WINDOW. Slice by slice from the newest, a search stops as soon as it has its window
 * (queries.ts). The vectors live there only, beside the columns
 * a search filters on (copies of the video's, written with it), so that views and votes, which
 * rewrite a videos row, never touch them.
 *
 * - related_words: a video's title words crossed with its categories, one row per (word, category),
 *   so that the newest videos sharing a title word and a category are a few short index ranges read
 *   newest first (as one GIN condition, a common word and a big category matched tens of thousands
 *   of videos, each fetched to find the newest 200).
 *
 * Both vectors are built in JS from the same folded words the SQLite search uses (lib/catalog/relevance.ts
 * foldedWords) and handed over as tsvector literals, so PostgreSQL's parser and dictionaries never
 * decide what a word is: the two catalogues index exactly the same lexemes, and a search matches
 * the same videos in both.
 *
 * This is the schema a new catalogue is created with, at the newest version at once. A change of a
 * table or an index is a migration (migrations.ts): append the step that makes it in an existing
 * catalogue, make the same change here, and set PG_SCHEMA_VERSION to the step's number
 * (tests/pg/migrations.test.ts holds a migrated catalogue to a new one's schema).
 */

import { importTablesSql, sharedTablesSql, type TableDialect } from '../tables';

export const PG_SCHEMA_VERSION = 7;

/**
 * Ids per video_search slice: 16 slices at a million videos. A slice is small enough that the
 * matches of two common words in it are a few hundred rows, and few enough that a search which
 * finds little plans and reads them all in a few milliseconds.
 */
export const SEARCH_SLICE = 65_536;

/** The slice an id falls in. */
export const searchSliceOf = (id: number): number => Math.floor(id / SEARCH_SLICE);

/** Creates slice `k` of video_search (ids k * SEARCH_SLICE up to the next slice) when missing. */
export function searchSliceSql(k: number): string {
  const slice = Math.max(0, Math.floor(k));
  return `CREATE TABLE IF NOT EXISTS video_search_${slice} PARTITION OF video_search
    FOR VALUES FROM (${slice * SEARCH_SLICE}) TO (${(slice + 1) * SEARCH_SLICE})`;
}

/** Advisory lock key (pg_advisory_lock) of schema creation and seeding: one process builds. */
export const SCHEMA_LOCK_KEY = 0x7f0b_c001;
/** Advisory lock key of the daily move of the period windows. */
export const PERIOD_LOCK_KEY = 0x7f0b_c002;

/**
 * VACUUM marks a page all-visible only when the commit of every row on it is hinted, and
 * PostgreSQL hints a commit only once the WAL of every asynchronous commit it keeps beside it in
 * the commit log (transactions in groups of 32) is on disk. Where synchronous_commit is off (a bench
 * or test server, or an operator's choice), a VACUUM right after a bulk write marked nothing: the
 * write's own COMMIT had returned before its WAL was flushed, or the ANALYZE of the table before
 * (VACUUM (ANALYZE) a, b commits one per table, asynchronously) shared its group. The table was left
 * with no page all-visible, and every index-only scan read the heap for each entry it walked until
 * rows changed enough for autovacuum (a listing many times slower than with the pages marked).
 *
 * So the write commits synchronously (SYNC_COMMIT_SQL, inside its transaction: the seed, the daily
 * move of the period windows, an import's finish) and vacuumStatements vacuums every table before
 * analyzing any (a VACUUM alone commits nothing that needs the commit log).
 */
export const SYNC_COMMIT_SQL = 'SET LOCAL synchronous_commit = on';

/** VACUUM then ANALYZE of `tables`, as two statements run one after the other (see SYNC_COMMIT_SQL). */
export function vacuumStatements(tables: readonly string[]): [string, string] {
  return [`VACUUM ${tables.join(', ')}`, `ANALYZE ${tables.join(', ')}`];
}

/** The shared tables (../tables.ts) in PostgreSQL's words. */
const POSTGRES: TableDialect = {
  real: 'DOUBLE PRECISION',
  bigint: 'BIGINT',
  keyedEnd: '',
  serialId: 'SERIAL',
  binaryText: 'TEXT COLLATE "C"',
  createImportTable: 'CREATE TABLE',
  createImportIndex: 'CREATE INDEX',
};

/** One shared table's CREATE TABLE in PostgreSQL's words (migration 7 adds tables an older catalogue lacks). */
export function pgSharedTableSql(name: string): string {
  const sql = new RegExp(`CREATE TABLE ${name} \\([\\s\\S]*?\\n\\);`).exec(sharedTablesSql(POSTGRES))?.[0];
  if (!sql) throw new Error(`no shared table ${name}`);
  return sql;
}

export const PG_TABLES_SQL = `
${sharedTablesSql(POSTGRES)}

${importTablesSql(POSTGRES)}

-- Full text, by slices of SEARCH_SLICE ids (searchSliceSql creates one); post_date, duration,
-- status_id and gender are the video's, copied so that a slice filters without reading videos.
CREATE TABLE video_search (
  id INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  tsv TSVECTOR NOT NULL,
  title_tsv TSVECTOR NOT NULL,
  title_pairs TSVECTOR NOT NULL,
  gender INTEGER NOT NULL DEFAULT 0
) PARTITION BY RANGE (id);

-- Related videos' index: one row per title word (the words a related list matches on: 3 letters or
-- more, no stopword) and category of every listed video, with the columns that decide whether it is
-- listable now, so that a list is read newest first from the index alone (relatedWords in tsv.ts);
-- gender, so that a video's related list (of its own orientation) is one range of the index.
CREATE TABLE related_words (
  word TEXT COLLATE "C" NOT NULL,
  category_id INTEGER NOT NULL,
  video_id INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  gender INTEGER NOT NULL DEFAULT 0
);

-- The lower bound of the Wilson score interval (95%) of the share of likes, scaled to 0..5 and
-- rounded to 4 places: lib/catalog/periods.ts wilsonScore, operation for operation (floor(x + 0.5)
-- is JS's Math.round for these non-negative values; round() on a double would round half to even).
CREATE FUNCTION wilson_score(likes INTEGER, dislikes INTEGER) RETURNS DOUBLE PRECISION
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN likes + dislikes <= 0 THEN 0::double precision ELSE
    floor(((p + (z * z) / (2 * n) - z * sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n)) * 5 * 10000 + 0.5) / 10000
  END
  FROM (SELECT (likes + dislikes)::double precision AS n, 1.96::double precision AS z,
          least(1::double precision, greatest(0::double precision, likes::double precision / nullif(likes + dislikes, 0))) AS p) s
$$;
`;

/**
 * A feed's rows by the run that last listed them (migration 6): an import's start reads the
 * source's latest run, and --delete-missing the ids of the rows its run did not list, each from
 * the index alone instead of every row the source has.
 */
export const PG_SOURCE_RUNS_INDEX_SQL = 'CREATE INDEX idx_sources_run ON video_sources (source, seen_run) INCLUDE (video_id)';

/** The key of each list sort's index after the section's columns (the id comes last). */
const SORT_KEYS = {
  latest: ['post_date'],
  views: ['views'],
  rating: ['rating', 'likes'],
  duration: ['duration'],
  comments: ['comments'],
} as const;

/** The columns a listing filters on, carried in each list index (less the sort's own). */
const FILTER_COLUMNS = ['post_date', 'duration', 'status_id'];

/**
 * The list indexes of one kind of section: one per sort, `lead` (the section's id and the
 * orientation) first, so that a listing of one orientation in one section is one range walked in
 * order, then the sort key and the id, with the filter columns included.
 */
function listIndexesSql(prefix: string, table: string, lead: readonly string[], id: string, where = ''): string {
  return Object.entries(SORT_KEYS)
    .map(([name, keys]) => {
      const include = FILTER_COLUMNS.filter((c) => !(keys as readonly string[]).includes(c));
      return `CREATE INDEX ${prefix}_${name} ON ${table} (${[...lead, ...keys, id].join(', ')}) INCLUDE (${include.join(', ')})${where};`;
    })
    .join('\n');
}

/**
 * The indexes of the model, channel and tag sections and of the orientations (migration 7): a
 * listing's indexes lead with its section and its orientation; a channel's are partial (most
 * videos of an operator's catalogue may have none). The model and channel indexes walk
 * entity_stats in each sort's order within a kind and an orientation, the dir included so that a
 * letter filters inside the index; the sitemaps walk it by dir.
 */
export const PG_CONTENT_INDEXES_SQL = `
CREATE INDEX idx_v_posted ON videos (post_date, id) INCLUDE (duration, status_id);
${listIndexesSql('idx_v', 'videos', ['gender'], 'id')}
${listIndexesSql('idx_vch', 'videos', ['channel_id', 'gender'], 'id', ' WHERE channel_id <> 0')}
${listIndexesSql('idx_vc', 'video_categories', ['category_id', 'gender'], 'video_id')}
${listIndexesSql('idx_vm', 'video_models', ['model_id', 'gender'], 'video_id')}
${listIndexesSql('idx_vt', 'video_tags', ['tag_id', 'gender'], 'video_id')}
CREATE UNIQUE INDEX idx_related_words ON related_words (word, category_id, gender, video_id) INCLUDE (post_date, status_id);
CREATE INDEX idx_ps_views ON period_stats (period, gender, views, video_id) INCLUDE (post_date, duration);
CREATE INDEX idx_ps_score ON period_stats (period, gender, score, likes, video_id) INCLUDE (post_date, duration);
CREATE INDEX idx_es_title ON entity_stats (kind, gender, dir, entity_id);
CREATE INDEX idx_es_videos ON entity_stats (kind, gender, videos, entity_id) INCLUDE (dir);
CREATE INDEX idx_es_views ON entity_stats (kind, gender, views, entity_id) INCLUDE (dir);
CREATE INDEX idx_es_added ON entity_stats (kind, gender, added_at, entity_id) INCLUDE (dir);
CREATE INDEX idx_es_dir ON entity_stats (kind, dir, gender) INCLUDE (videos, last_post_date);
`;

/** The indexes migration 7 replaces with PG_CONTENT_INDEXES_SQL's (the same names, with the section's orientation). */
export const PG_PRE_CONTENT_INDEXES = [
  'idx_v_latest',
  'idx_v_views',
  'idx_v_rating',
  'idx_v_duration',
  'idx_v_comments',
  'idx_vc_latest',
  'idx_vc_views',
  'idx_vc_rating',
  'idx_vc_duration',
  'idx_vc_comments',
  'idx_related_words',
  'idx_ps_views',
  'idx_ps_score',
];

/**
 * Secondary indexes, built after the bulk load. Each list index is its section and orientation,
 * its sort key, then the id, then the filter columns (PostgreSQL can filter inside a b-tree and
 * answer from it alone when the visibility map allows).
 */
export const PG_INDEXES_SQL = `
CREATE UNIQUE INDEX idx_vs_id ON video_search (id);
CREATE INDEX idx_vs_post_date ON video_search (post_date);
CREATE INDEX idx_vs_tsv ON video_search USING gin (tsv);
CREATE INDEX idx_vs_title_tsv ON video_search USING gin (title_tsv);
CREATE INDEX idx_vs_title_pairs ON video_search USING gin (title_pairs);
CREATE INDEX idx_vd_day ON video_days (day, video_id);
CREATE INDEX idx_keywords_popularity ON keywords (popularity, keyword);
${PG_SOURCE_RUNS_INDEX_SQL};
${PG_CONTENT_INDEXES_SQL}`;

/** Every table, for a rebuild (dropped in one statement, CASCADE for nothing else depends on them). */
export const PG_DROP_SQL = `
DROP TABLE IF EXISTS meta, videos, video_search, related_words, categories, video_categories, tags, video_tags, keywords, votes,
  video_day_counts, video_days, period_stats, period_counts, video_sources, takedowns, models, channels, video_models, entity_stats, entity_counts CASCADE;
DROP FUNCTION IF EXISTS wilson_score(INTEGER, INTEGER);
`;
