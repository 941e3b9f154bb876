/**
 * The catalogue's SQLite schema. Tables are created before the bulk seed; secondary indexes
 * and the FTS merge come after it, because building an index once is far cheaper than
 * maintaining it row by row during a million inserts.
 *
 * Bump SCHEMA_VERSION whenever a table, index or seed rule changes: an existing file with
 * another version is rebuilt on the next open.
 */

export const SCHEMA_VERSION = 5;


/**
 * One vote per visitor key (lib/catalog/sqlite/voter-key.ts) and video, kept until its UTC day is over:
 * the table is rebuilt under this definition when past days' votes are dropped.
 */
export const VOTES_TABLE_SQL = (name: string): string => `CREATE TABLE ${name} (
  video_id INTEGER NOT NULL,
  voter TEXT NOT NULL,
  vote INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (video_id, voter)
) WITHOUT ROWID;`;

export const TABLES_SQL = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- ids are assigned in post_date order (the seed guarantees it): search uses rowid ranges
-- of the FTS index as a cheap date filter, and "newest" equals "highest id".
CREATE TABLE videos (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  duration INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  sg_id INTEGER NOT NULL,
  ex_tube TEXT NOT NULL,
  ex_id INTEGER NOT NULL,
  username TEXT NOT NULL
);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL
);

-- Membership, with the video's sort and filter columns copied in: a category listing then
-- walks one index in order instead of joining 50,000 members to sort them.
-- Views and votes update both copies in one transaction.
CREATE TABLE video_categories (
  video_id INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  rating REAL NOT NULL,
  likes INTEGER NOT NULL,
  comments INTEGER NOT NULL,
  PRIMARY KEY (video_id, category_id)
) WITHOUT ROWID;

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL
);

CREATE TABLE video_tags (
  video_id INTEGER NOT NULL,
  tag_id INTEGER NOT NULL,
  PRIMARY KEY (video_id, tag_id)
) WITHOUT ROWID;

-- Search keywords with a popularity count: top keywords and prefix suggestions.
CREATE TABLE keywords (
  id INTEGER PRIMARY KEY,
  keyword TEXT NOT NULL,
  keyword_lc TEXT NOT NULL UNIQUE,
  popularity INTEGER NOT NULL
);

${VOTES_TABLE_SQL('votes')}

-- Cumulative counts of listable videos per (category, duration class, day):
-- cum = videos with day <= this day. category_id 0 is "all videos", dur_class 0 is "any".
-- total_count of a listing is one index seek plus a count of today's few videos, never a
-- COUNT(*) over a million rows. Statuses never change after seeding, so these stay exact.
CREATE TABLE video_day_counts (
  category_id INTEGER NOT NULL,
  dur_class INTEGER NOT NULL,
  day INTEGER NOT NULL,
  cum INTEGER NOT NULL,
  PRIMARY KEY (category_id, dur_class, day)
) WITHOUT ROWID;

-- Views and votes per video and day (unix day number): what "most popular today" and "top rated
-- this week" rank by. Fed by the view and vote stats and by the seed's recent history.
CREATE TABLE video_days (
  video_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, day)
) WITHOUT ROWID;

-- The sums of video_days over each period (1 day, 2 week, 3 month) with the filter columns copied
-- in, kept up to date incrementally (lib/catalog/sqlite/period-stats.ts); score ranks top rated.
CREATE TABLE period_stats (
  period INTEGER NOT NULL,
  video_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  dislikes INTEGER NOT NULL,
  score REAL NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  PRIMARY KEY (period, video_id)
) WITHOUT ROWID;
CREATE INDEX idx_ps_views ON period_stats (period, views, video_id, post_date, duration);
CREATE INDEX idx_ps_score ON period_stats (period, score, likes, video_id, post_date, duration);

-- How many videos each period listing has, per category (0: all) and duration class (0: any).
CREATE TABLE period_counts (
  period INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  dur_class INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (period, category_id, dur_class)
) WITHOUT ROWID;

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
`;
