/**
 * What an import leaves in a catalogue, as sorted lines per table, on either store: the videos
 * (by id, with the feed id and columns that decide listings), their category and tag links, the
 * categories and tags, and what is derived from them (keyword popularity, the per-day listing
 * counts, and per store the search statistics). Two catalogues that went through the same feed
 * from the same start must have equal snapshots: a line missing is lost, a line too many doubled.
 * Period stats are left out: they depend on the hour the import ran.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

/** @typedef {Record<string, string[]>} Snapshot */

const SHARED = {
  videos: `SELECT v.id, coalesce(s.source, ''), coalesce(s.external_id, ''), v.title, v.duration, v.post_date, v.status_id
    FROM videos v LEFT JOIN video_sources s ON s.video_id = v.id`,
  video_categories: 'SELECT video_id, category_id, post_date, duration FROM video_categories',
  video_tags: 'SELECT video_id, tag_id FROM video_tags',
  categories: 'SELECT id, dir, title FROM categories',
  tags: 'SELECT id, dir, title FROM tags',
  keywords: 'SELECT keyword_lc, popularity FROM keywords',
  video_day_counts: 'SELECT category_id, dur_class, day, cum FROM video_day_counts',
};
const SQLITE_ONLY = { fts_terms: 'SELECT term, title_docs, all_docs FROM fts_terms' };
const PG_ONLY = {
  video_search: 'SELECT id, post_date, duration, status_id, tsv::text FROM video_search',
  related_words: 'SELECT word, category_id, video_id FROM related_words',
};

/** @param {unknown[][]} rows */
const lines = (rows) => rows.map((r) => r.map(String).join('|')).sort();

/**
 * @param {string} file
 * @returns {Snapshot}
 */
export function sqliteSnapshot(file) {
  const db = new Database(file, { readonly: true });
  try {
    /** @type {Snapshot} */
    const out = {};
    for (const [table, sql] of Object.entries({ ...SHARED, ...SQLITE_ONLY })) out[table] = lines(/** @type {unknown[][]} */ (db.prepare(sql).raw().all()));
    return out;
  } finally {
    db.close();
  }
}

/**
 * @param {string} url
 * @returns {Promise<Snapshot>}
 */
export async function pgSnapshot(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    /** @type {Snapshot} */
    const out = {};
    for (const [table, sql] of Object.entries({ ...SHARED, ...PG_ONLY })) out[table] = lines((await client.query({ text: sql, rowMode: 'array' })).rows);
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Lines of `want` that `got` lacks (lost) and lines of `got` beyond `want` (doubled), per table,
 * counted as multisets; the tables where both are 0 are left out.
 * @param {Snapshot} want
 * @param {Snapshot} got
 * @returns {Record<string, { lost: number; doubled: number; example: string }>}
 */
export function differences(want, got) {
  /** @type {Record<string, { lost: number; doubled: number; example: string }>} */
  const out = {};
  for (const table of Object.keys(want)) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const l of want[table] ?? []) counts.set(l, (counts.get(l) ?? 0) + 1);
    for (const l of got[table] ?? []) counts.set(l, (counts.get(l) ?? 0) - 1);
    let lost = 0;
    let doubled = 0;
    let example = '';
    for (const [l, n] of counts) {
      if (n > 0) lost += n;
      if (n < 0) doubled -= n;
      if (n !== 0 && !example) example = `${n > 0 ? 'missing' : 'extra'}: ${l}`;
    }
    if (lost || doubled) out[table] = { lost, doubled, example };
  }
  return out;
}
