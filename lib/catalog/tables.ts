/**
 * The tables both stores keep, written once: each store renders them in its own SQL
 * (sqlite/schema.ts, postgres/schema.ts) and adds the ones only it has (SQLite's full-text tables,
 * PostgreSQL's search slices and related words). A change here is a change of both schemas: a
 * migration step in both stores (docs/migrations.md).
 */

/** What the two dialects spell differently. */
export interface TableDialect {
  /** A floating-point column: REAL in SQLite, DOUBLE PRECISION in PostgreSQL. */
  real: string;
  /** A 64-bit integer column. */
  bigint: string;
  /** What ends a table keyed by something else than one integer (SQLite: WITHOUT ROWID). */
  keyedEnd: string;
  /** The keywords table's own id column. */
  serialId: string;
  /** A text column compared by code point (SQLite's default; COLLATE "C" in PostgreSQL). */
  binaryText: string;
  /** CREATE TABLE, or CREATE TABLE IF NOT EXISTS where a store adds a table to an older catalogue. */
  createImportTable: string;
  createImportIndex: string;
}

/** One vote per visitor key (sqlite/voter-key.ts) and video, kept until its UTC day is over. */
export const votesTableSql = (d: TableDialect, name: string): string => `CREATE TABLE ${name} (
  video_id INTEGER NOT NULL,
  voter TEXT NOT NULL,
  vote INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (video_id, voter)
)${d.keyedEnd};`;

/** A model's or channel's own row. */
const entityTableSql = (name: string): string => `CREATE TABLE ${name} (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  added_at INTEGER NOT NULL
);`;

/** The shared tables by name, each one CREATE TABLE (with its index where one goes with it). */
function sharedTables(d: TableDialect) {
  return {
    meta: `CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
)${d.keyedEnd};`,

    // Seeded ids follow post_date: "newest" is "highest id", and a search walks its index by id.
    videos: `CREATE TABLE videos (
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
  rating ${d.real} NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  sg_id INTEGER NOT NULL,
  ex_tube TEXT NOT NULL,
  ex_id INTEGER NOT NULL,
  username TEXT NOT NULL,
  gender INTEGER NOT NULL DEFAULT 0,
  channel_id INTEGER NOT NULL DEFAULT 0
);`,

    categories: `CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL
);`,

    // Membership, with the video's sort and filter columns copied in: a category listing then walks
    // one index in order instead of joining its members to sort them. Views and votes update both
    // copies in one transaction.
    videoCategories: `CREATE TABLE video_categories (
  video_id INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  rating ${d.real} NOT NULL,
  likes INTEGER NOT NULL,
  comments INTEGER NOT NULL,
  gender INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, category_id)
)${d.keyedEnd};`,

    // Models (performers) and channels (content sources): dir is the page's slug; added_at (unix
    // seconds) is what the index's "newest" sort orders by.
    models: entityTableSql('models'),
    channels: entityTableSql('channels'),

    // A video's models, with the video's sort and filter columns copied in as video_categories has
    // them: a model's page walks one index in order.
    videoModels: `CREATE TABLE video_models (
  video_id INTEGER NOT NULL,
  model_id INTEGER NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  status_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  rating ${d.real} NOT NULL,
  likes INTEGER NOT NULL,
  comments INTEGER NOT NULL,
  gender INTEGER NOT NULL,
  PRIMARY KEY (video_id, model_id)
)${d.keyedEnd};`,

    tags: `CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  dir TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL
);`,

    // Tag membership, with the copied columns too (a tag's page walks one index in order). They came
    // with migration 7, whose defaults let it add them to the existing rows before filling them.
    videoTags: `CREATE TABLE video_tags (
  video_id INTEGER NOT NULL,
  tag_id INTEGER NOT NULL,
  post_date INTEGER NOT NULL DEFAULT 0,
  duration INTEGER NOT NULL DEFAULT 0,
  status_id INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  rating ${d.real} NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  comments INTEGER NOT NULL DEFAULT 0,
  gender INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, tag_id)
)${d.keyedEnd};`,

    // What the model, channel and tag indexes list and sort by, per orientation (entity-kinds.ts):
    // the listable videos of each (published, not disabled, as of the last recount), the views of
    // those videos and the newest one's post_date, with the entity's dir and added_at copied in so
    // that each index sort is one index walk. A row exists only while videos > 0. Rebuilt by the
    // seed and the derived recount (after an import or a takedown); views add to it as they come.
    entityStats: `CREATE TABLE entity_stats (
  kind INTEGER NOT NULL,
  entity_id INTEGER NOT NULL,
  gender INTEGER NOT NULL,
  videos INTEGER NOT NULL,
  views ${d.bigint} NOT NULL,
  last_post_date INTEGER NOT NULL,
  dir ${d.binaryText} NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (kind, entity_id, gender)
)${d.keyedEnd};`,

    // Search keywords with a popularity count: top keywords and prefix suggestions; keyword_lc by
    // code point, so that prefix ranges and ties order alike on both stores.
    keywords: `CREATE TABLE keywords (
  id ${d.serialId} PRIMARY KEY,
  keyword TEXT NOT NULL,
  keyword_lc ${d.binaryText} NOT NULL UNIQUE,
  popularity INTEGER NOT NULL
);`,

    votes: votesTableSql(d, 'votes'),

    // Cumulative counts of listable videos per (category, orientation, duration class, day): cum =
    // videos with day <= this day; category_id 0 is "all videos", dur_class 0 is "any". A listing's
    // total is one index seek plus a count of today's few videos, never a count of the whole catalogue.
    videoDayCounts: `CREATE TABLE video_day_counts (
  category_id INTEGER NOT NULL,
  gender INTEGER NOT NULL,
  dur_class INTEGER NOT NULL,
  day INTEGER NOT NULL,
  cum INTEGER NOT NULL,
  PRIMARY KEY (category_id, gender, dur_class, day)
)${d.keyedEnd};`,

    // Views and votes per video and day (unix day number): what "most popular today" and "top rated
    // this week" rank by. Fed by the view and vote stats and by the seed's recent history.
    videoDays: `CREATE TABLE video_days (
  video_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  likes INTEGER NOT NULL DEFAULT 0,
  dislikes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, day)
)${d.keyedEnd};`,

    // The sums of video_days over each period (periods.ts) with the filter columns copied in, kept
    // up to date incrementally; score ranks top rated.
    periodStats: `CREATE TABLE period_stats (
  period INTEGER NOT NULL,
  video_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  dislikes INTEGER NOT NULL,
  score ${d.real} NOT NULL,
  post_date INTEGER NOT NULL,
  duration INTEGER NOT NULL,
  gender INTEGER NOT NULL,
  PRIMARY KEY (period, video_id)
)${d.keyedEnd};`,

    // How many videos each period listing has, per section (kind 0: a category, entity_id 0 all
    // videos; else a model, channel or tag: entity-kinds.ts), orientation and duration class (0: any).
    periodCounts: `CREATE TABLE period_counts (
  period INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  entity_id INTEGER NOT NULL,
  gender INTEGER NOT NULL,
  dur_class INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (period, kind, entity_id, gender, dur_class)
)${d.keyedEnd};`,

    // Imported videos, keyed by (source, external id); their media come from the feed (demo videos
    // have no row). hash tells an unchanged row from an updated one; seen_run marks the rows the
    // latest run of a feed listed.
    videoSources: `${d.createImportTable} video_sources (
  video_id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  embed_url TEXT NOT NULL,
  thumb_url TEXT NOT NULL,
  thumbs TEXT NOT NULL,
  preview_url TEXT,
  hash TEXT NOT NULL,
  seen_run ${d.bigint} NOT NULL,
  UNIQUE (source, external_id)
);`,

    // What was taken down stays down, even when the next run of its feed lists it again.
    takedowns: `${d.createImportTable} takedowns (
  video_id INTEGER PRIMARY KEY,
  source TEXT,
  external_id TEXT,
  removed_at INTEGER NOT NULL
);
${d.createImportIndex} idx_takedowns_external ON takedowns (source, external_id);`,
  };
}

export type SharedTableName = keyof ReturnType<typeof sharedTables>;

/** One shared table's CREATE statement (a migration step that adds or remakes it). */
export function sharedTableSql(d: TableDialect, name: SharedTableName): string {
  return sharedTables(d)[name];
}

const IMPORT_TABLES = new Set(['videoSources', 'takedowns']);

/** Every shared table but the imported content's, for a new catalogue. */
export function sharedTablesSql(d: TableDialect): string {
  return Object.entries(sharedTables(d))
    .filter(([name]) => !IMPORT_TABLES.has(name))
    .map(([, sql]) => sql)
    .join('\n\n');
}

/** The imported content's tables (SQLite adds them to any catalogue file, whatever its version). */
export function importTablesSql(d: TableDialect): string {
  const t = sharedTables(d);
  return `${t.videoSources}\n${t.takedowns}`;
}
