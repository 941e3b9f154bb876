/**
 * The bound on a search's walk (WALK_BUDGET in lib/catalog/search-limits.ts, rankedMatches in
 * lib/catalog/postgres/queries.ts): a walk reads only the newest part of the catalogue where the words'
 * doclists hold the budget's entries, and the answer is the matches in that part. At 80,000 videos,
 * "a" (in nearly every description) with three or four words each in a fifth of the videos gives the
 * every-column walk more entries than its budget, while the few videos holding them all are spread
 * over the whole catalogue, so the bound leaves some of them out. Both catalogues must leave out the
 * same ones.
 *
 * PostgreSQL computes the floor from ANALYZE's lexeme frequencies. With the statistics target raised
 * so that ANALYZE samples every row, those of the lexemes it keeps are exact counts, as SQLite's
 * fts_terms are, and the two floors must be the same id. Every word of these terms is kept in both
 * columns (a word it does not keep is estimated, as are the duration filter's videos, from their
 * histogram); the default target samples 30,000 rows: at a million videos the floors differ by the
 * sample's error, a few per cent of the walk.
 */
import type { RawVideosResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import { searchTuning } from '@/lib/catalog/postgres/queries';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { searchTokens } from '@/lib/catalog/relevance';
import { MIN_WALK, SEARCH_WINDOW, TITLE_ENOUGH, WALK_BUDGET, walkFloor } from '@/lib/catalog/search-limits';
import { type Fixture, NOW, openFixture, SEED_NOW, searchQuery } from '../unit/catalog/helpers/catalog-fixture';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const VIDEOS = 80_000;

let sqlite: Fixture;
let pgdb: PgDatabase;

beforeAll(async () => {
  sqlite = openFixture(VIDEOS);
  pgdb = await seededDatabase(VIDEOS, SEED_NOW);
  // 300 rows a unit of the target: 300,000 rows, every one of the 80,000.
  await pgdb.pool.query('ALTER TABLE video_search ALTER COLUMN tsv SET STATISTICS 1000, ALTER COLUMN title_tsv SET STATISTICS 1000');
  await pgdb.pool.query('ANALYZE video_search');
}, 300_000);

afterAll(async () => {
  sqlite?.close();
  await pgdb?.drop();
});

const DEFAULT_TUNING = { ...searchTuning };
afterEach(() => Object.assign(searchTuning, DEFAULT_TUNING));

/** Every id a search lists, over all its pages, in id order. */
async function allIds(source: Source, term: string): Promise<{ total: number; ids: number[] }> {
  const ids = (r: RawVideosResponse) => r.videos.map((v) => Number(v.video_id));
  const first = await source.search(searchQuery(term, { count: 120 }));
  const out = ids(first);
  for (let page = 2; (page - 1) * 120 < Number(first.total_count); page++) out.push(...ids(await source.search(searchQuery(term, { count: 120, page }))));
  return { total: Number(first.total_count), ids: out.sort((a, b) => a - b) };
}

/**
 * What the bound lets through, worked out from the SQLite catalogue's own tables: the floor of the
 * every-column walk (when no title holds every word, the title walk read its doclists to the start:
 * that is subtracted from twice the budget), the matches from there up, and the matches below it;
 * the straight videos' (the searches' orientation): the floor counts every orientation's entries.
 */
function expectedWalk(term: string): { floor: number; above: number[]; below: number[] } {
  const db = sqlite.db;
  const tokens = searchTokens(term);
  const size = db.prepare('SELECT max(id) FROM videos').pluck().get() as number;
  const hi = db.prepare('SELECT id FROM videos WHERE post_date <= ? ORDER BY post_date DESC, id DESC LIMIT 1').pluck().get(NOW) as number;
  const docs = (column: 'title_docs' | 'all_docs') =>
    tokens.reduce((sum, t) => sum + ((db.prepare(`SELECT ${column} FROM fts_terms WHERE term = ?`).pluck().get(t) as number | undefined) ?? 0), 0);
  const words = tokens.map((t) => `"${t}"`).join(' AND ');
  const inTitles = db.prepare('SELECT count(*) FROM title_fts WHERE title_fts MATCH ?').pluck().get(`title : (${words})`) as number;
  expect([term, inTitles]).toEqual([term, 0]);
  const titleSpent = (docs('title_docs') / size) * hi;
  const floor = walkFloor(docs('all_docs') / size, Math.max(MIN_WALK, 2 * WALK_BUDGET - titleSpent), 1, hi);
  const matches = (
    db
      .prepare(
        `SELECT f.rowid FROM video_fts f JOIN videos v ON v.id = f.rowid
         WHERE video_fts MATCH ? AND f.rowid <= ? AND v.status_id IN (1, 5) AND v.post_date <= ? AND v.gender = 0 ORDER BY f.rowid DESC`,
      )
      .pluck()
      .all(`{title description categories tags} : (${words})`, hi, NOW) as number[]
  ).sort((a, b) => a - b);
  return { floor, above: matches.filter((id) => id >= floor), below: matches.filter((id) => id < floor) };
}

describe('a search walks only the newest part of a catalogue larger than its budget', () => {
  // Matches above and below the floor; the last has more than a window above it (the bound then
  // changes nothing: the newest SEARCH_WINDOW are above the floor either way).
  const terms = ['a calm morning evening', 'a slow weekend morning', 'a morning evening night', 'a calm slow night weekend', 'a calm slow morning'];

  it('leaves out the matches below the floor', () => {
    for (const term of terms) {
      const { floor, above, below } = expectedWalk(term);
      expect([term, floor > 1, below.length > 0]).toEqual([term, true, true]);
      if (term !== 'a calm slow morning') expect([term, above.length < SEARCH_WINDOW]).toEqual([term, true]);
    }
  });

  it.each([
    ['as it plans them', {}],
    ['titles first', { titleFirst: -1 }],
    ['every column first', { titleFirst: Number.POSITIVE_INFINITY }],
    ['walking the id slices one a statement, titles first', { fewMatches: -1, titleFirst: -1, sliceMargin: 0 }],
    ['walking the id slices one a statement, every column first', { fewMatches: -1, titleFirst: Number.POSITIVE_INFINITY, sliceMargin: 0 }],
  ])('finds the same videos as SQLite, the newest matches above the floor, %s', async (_how, tuning) => {
    Object.assign(searchTuning, tuning);
    // Its own source with no search cache: each tuning must be asked afresh.
    const pgSource = createPgSource(pgdb.pool, { now: () => NOW, searchTtlMs: 0 });
    for (const term of terms) {
      const { above } = expectedWalk(term);
      const [a, b] = await Promise.all([allIds(sqlite.source, term), allIds(pgSource, term)]);
      const newest = above.slice(-SEARCH_WINDOW);
      // Fewer full matches than a page are followed by videos with some of the words (partial-matches.ts).
      const partial = a.ids.filter((id) => !newest.includes(id));
      expect([term, newest.filter((id) => !a.ids.includes(id)), partial.length <= Math.max(0, TITLE_ENOUGH - newest.length)]).toEqual([term, [], true]);
      expect([term, b.total, b.ids]).toEqual([term, a.total, a.ids]);
    }
  });
});
