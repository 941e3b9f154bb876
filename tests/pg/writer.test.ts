/**
 * The PostgreSQL catalogue writer (lib/catalog/postgres/writer.ts), as tests/unit/import/sqlite-writer.test.ts
 * tests the SQLite one: the same sample feed imported through the real parsers and runImport into
 * a seeded PostgreSQL catalogue on the throwaway server, then read back through the PostgreSQL Source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Source } from '@/lib/contract/source';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { searchTuning } from '@/lib/catalog/postgres/queries';
import { SEARCH_SLICE } from '@/lib/catalog/postgres/schema';
import { SEARCH_WINDOW, TITLE_ENOUGH } from '@/lib/catalog/search-limits';
import { PERIOD_TABLES_LOCK_SQL } from '@/lib/catalog/postgres/period-stats';
import { PgCatalogWriter } from '@/lib/catalog/postgres/writer';
import { DEFAULT_KVS_COLUMNS } from '@/lib/import/normalise';
import { runImport } from '@/lib/import/run-import';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { listQuery, NOW, SEED_NOW, searchQuery } from '../unit/catalog/helpers/catalog-fixture';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const FEED = path.join(__dirname, '../fixtures/feeds/kvs.csv');
const PARSE = { format: 'kvs-csv' as const, columns: DEFAULT_KVS_COLUMNS, separator: '|', listSeparator: ',', header: false, embedHosts: ['example.com'] };

let db: PgDatabase;
let source: Source;
let tmp: string;

beforeEach(async () => {
  db = await seededDatabase(1500, SEED_NOW);
  // Counts and search results are cached as in the site; the version poll drops them after a change.
  source = createPgSource(db.pool, { now: () => NOW });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-pg-writer-'));
});
afterEach(async () => {
  await db.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
function feedInput(text?: string) {
  let file = FEED;
  if (text !== undefined) {
    file = path.join(tmp, `feed-${n++}.csv`);
    fs.writeFileSync(file, text);
  }
  return { stream: fs.createReadStream(file), size: null, bytesRead: () => 0 };
}

async function importFeed(text?: string, deleteMissing = false) {
  return runImport(feedInput(text), PARSE, new PgCatalogWriter(db.pool), { source: 'partner', deleteMissing, progressTo: null });
}

async function titlesFound(term: string): Promise<string[]> {
  const r = await source.search(searchQuery(term));
  return r.videos.map((v) => String(v.title));
}

const one = async <T extends object>(sql: string, args: unknown[] = []): Promise<T> => (await db.pool.query(sql, args)).rows[0] as T;
const waitForPoll = () => new Promise((r) => setTimeout(r, 1100));

describe('the PostgreSQL catalogue writer', () => {
  it('keeps suggestions and popular searches to keywords some video still gives: a renamed or taken-down title takes its own along', async () => {
    const row = (title: string) => `7001|${title}||A recital.|2024-05-04 10:00:00|Sample Partner|||Music Lessons|music|300|https://embed.example.com/embed/7001|https://img.example.com/thumbs/7001.jpg`;
    const keywords = async (text: string) => (await source.suggest(text)).keywords;
    await importFeed(row('Xylograph Quokka Pavane'));
    expect(await keywords('xylograph')).toEqual(['xylograph', 'xylograph quokka']);
    await importFeed(row('Quokka Pavane Zarzuelita'));
    expect(await keywords('xylograph')).toEqual([]);
    expect(await keywords('quokka pavane')).toEqual(['quokka pavane']);
    expect(await keywords('zarzuelita')).toEqual(['zarzuelita']);
    const writer = new PgCatalogWriter(db.pool);
    await writer.remove([{ source: 'partner', externalId: '7001' }], { takedown: true });
    await writer.finish();
    expect(await keywords('zarzuelita')).toEqual([]);
    expect(await keywords('quokka pavane')).toEqual([]);
  });

  it('adds a feed once: listings, categories, search, the video, and its feed media', async () => {
    const version = source.contentVersion!();
    expect(await importFeed()).toMatchObject({ added: 3, updated: 0, unchanged: 0, rejected: 6, removed: 0 });
    expect(await importFeed()).toMatchObject({ added: 0, updated: 0, unchanged: 3, rejected: 6 });

    const island = await source.videos(listQuery({ section: 'category', objectId: 'island-life' }));
    expect(island.videos.map((v) => v.title)).toEqual(['Marimba Practice Session', 'Quokka Island Morning Walk']);
    expect(island.total_count).toBe(2);
    expect(await titlesFound('quokka')).toEqual(['Quokka Island Morning Walk']);

    const { video_id: id } = await one<{ video_id: number }>("SELECT video_id FROM video_sources WHERE external_id = '9001'");
    const detail = await source.video(id, 86400);
    expect('video' in detail && detail.video).toMatchObject({
      title: 'Quokka Island Morning Walk',
      embed: 'https://embed.example.com/embed/9001',
      thumbsrc: 'https://img.example.com/thumbs/9001.jpg',
      categories: [{ title: 'Island Life', dir: 'island-life' }, { title: 'Nature Walks', dir: 'nature-walks' }],
    });
    // The search vector holds the row's words, title weighted A.
    expect((await one<{ ok: boolean }>("SELECT tsv @@ 'quokka:A'::tsquery AS ok FROM video_search WHERE id = $1", [id])).ok).toBe(true);
    const all = await source.videos(listQuery());
    const listable = await one<{ n: number }>('SELECT count(*)::int AS n FROM videos WHERE status_id IN (1,5) AND post_date <= $1 AND gender = 0', [NOW]);
    expect(all.total_count).toBe(listable.n);
    await waitForPoll();
    source.contentVersion!();
    await new Promise((r) => setTimeout(r, 200));
    expect(Number(source.contentVersion!())).toBeGreaterThan(Number(version));
  });

  it('a search or count read before an import does not hide what the import added', async () => {
    expect(await titlesFound('quokka')).toEqual([]);
    const before = await source.videos(listQuery());
    await importFeed();
    await waitForPoll();
    expect(await titlesFound('quokka')).toEqual(['Quokka Island Morning Walk']);
    const after = await source.videos(listQuery());
    expect(Number(after.total_count) - Number(before.total_count)).toBe(3);
  });

  it('updates a changed row in place and re-indexes it', async () => {
    await importFeed();
    const changed = fs.readFileSync(FEED, 'utf8').replace('Quokka Island Morning Walk', 'Quokka Island Evening Walk');
    expect(await importFeed(changed)).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    await waitForPoll();
    // The new title has both words, no video has the old pair (partial matches follow: either word).
    const both = (titles: string[], a: RegExp, b: RegExp) => titles.filter((t) => a.test(t) && b.test(t));
    expect(both(await titlesFound('evening quokka'), /evening/i, /quokka/i)).toEqual(['Quokka Island Evening Walk']);
    expect((await titlesFound('evening quokka'))[0]).toBe('Quokka Island Evening Walk');
    expect(both(await titlesFound('quokka morning'), /quokka/i, /morning/i)).toEqual([]);
    // Related lists match on the new title's words, in the video's categories.
    const words = await db.pool.query<{ word: string; category_id: number }>(
      `SELECT word, category_id FROM related_words WHERE video_id = (SELECT video_id FROM video_sources WHERE external_id = '9001')
       ORDER BY word, category_id`,
    );
    const cats = (
      await db.pool.query<{ id: number }>("SELECT id FROM categories WHERE dir IN ('island-life', 'nature-walks') ORDER BY id")
    ).rows.map((r) => r.id);
    expect(cats).toHaveLength(2);
    expect(words.rows).toEqual(['evening', 'island', 'quokka', 'walk'].flatMap((word) => cats.map((category_id) => ({ word, category_id }))));
  });

  it('takes videos down everywhere, for good, and deletes what a feed no longer lists', async () => {
    await importFeed();
    // A demo video that is in today's "most popular" and has per-day history.
    const popular = await source.videos(listQuery({ sort: 'most-popular', date: 'day', count: 5 }));
    const demoId = Number(popular.videos[0]!.video_id);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM video_days WHERE video_id = $1', [demoId])).n).toBeGreaterThan(0);
    const dayTotal = Number(popular.total_count);

    const writer = new PgCatalogWriter(db.pool);
    const { removed, missing } = await writer.remove(
      [{ source: 'partner', externalId: '9001' }, { videoId: demoId }, { videoId: 99_999_999 }, { videoId: 2 ** 40 }],
      { takedown: true },
    );
    await writer.finish();
    expect(removed.map((r) => r.externalId)).toEqual(['9001', null]);
    expect(missing).toEqual([{ videoId: 99_999_999 }, { videoId: 2 ** 40 }]);
    await waitForPoll();
    expect(await titlesFound('quokka')).toEqual([]);
    const detail = await source.video(demoId, 86400);
    expect('code' in detail && detail.code).toBe('video_not_found');
    for (const table of ['video_days', 'period_stats', 'video_categories', 'video_tags', 'votes', 'related_words']) {
      expect([table, (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE video_id = $1`, [demoId])).n]).toEqual([table, 0]);
    }
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM video_search WHERE id = $1', [demoId])).n).toBe(0);
    const popularAfter = await source.videos(listQuery({ sort: 'most-popular', date: 'day', count: 5 }));
    expect(popularAfter.videos.map((v) => Number(v.video_id))).not.toContain(demoId);
    expect(Number(popularAfter.total_count)).toBe(dayTotal - 1);

    // The next run of the feed keeps it down.
    expect(await importFeed()).toMatchObject({ added: 0, unchanged: 2, takenDown: 1 });

    const shorter = fs.readFileSync(FEED, 'utf8').split('\n').filter((l) => l.startsWith('9002|')).join('\n');
    expect(await importFeed(shorter, true)).toMatchObject({ unchanged: 1, removed: 1 });
    await waitForPoll();
    expect(await titlesFound('marimba')).toEqual([]);
    const island = await source.videos(listQuery({ section: 'category', objectId: 'island-life' }));
    expect(island.videos).toEqual([]);
  });

  it('never reuses the id of a removed video', async () => {
    const writer = new PgCatalogWriter(db.pool);
    const row: FeedRow = {
      line: 1, externalId: 'a', title: 'Harbour Crane Lift', dir: 'harbour-crane-lift', description: '', postDate: null, duration: 60,
      embedUrl: 'https://embed.example.com/a', thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Brand New Topic'], tags: ['fresh tag'], models: [], views: 0, likes: 0, dislikes: 0,
    };
    await writer.writeBatch('s', 1, [row]);
    const { video_id: id } = await one<{ video_id: number }>("SELECT video_id FROM video_sources WHERE external_id = 'a'");
    expect(await one('SELECT title FROM categories WHERE dir = $1', ['brand-new-topic'])).toEqual({ title: 'Brand New Topic' });
    await writer.remove([{ videoId: id }], { takedown: false });
    await new PgCatalogWriter(db.pool).writeBatch('s', 2, [{ ...row, externalId: 'b' }]);
    expect((await one<{ video_id: number }>("SELECT video_id FROM video_sources WHERE external_id = 'b'")).video_id).toBe(id + 1);
  });

  it('opens a new search slice for ids past the last one, and finds the videos in both', async () => {
    // The next ids straddle the end of slice 0 (ids 0 to SEARCH_SLICE - 1).
    await db.pool.query("INSERT INTO meta (key, value) VALUES ('next_video_id', $1)", [String(SEARCH_SLICE - 1)]);
    expect((await one<{ t: string | null }>("SELECT to_regclass('video_search_1')::text AS t")).t).toBeNull();
    const base: FeedRow = {
      line: 1, externalId: 'x', title: 'Zeppelin Mooring Mast', dir: 'zeppelin-mooring-mast', description: '', postDate: SEED_NOW - 3600, duration: 60,
      embedUrl: 'https://embed.example.com/x', thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Airships'], tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    };
    await new PgCatalogWriter(db.pool).writeBatch('s', 1, [base, { ...base, externalId: 'y', dir: 'zeppelin-mooring-mast-2' }]);
    const ids = (await db.pool.query<{ video_id: number }>("SELECT video_id FROM video_sources WHERE source = 's' ORDER BY video_id")).rows.map((r) => r.video_id);
    expect(ids).toEqual([SEARCH_SLICE - 1, SEARCH_SLICE]);
    expect((await one<{ t: string | null }>("SELECT to_regclass('video_search_1')::text AS t")).t).toBe('video_search_1');
    await waitForPoll();
    const found = await source.search(searchQuery('zeppelin mooring'));
    expect(found.videos.map((v) => Number(v.video_id)).sort((a, b) => a - b)).toEqual(ids);
    // The same, walking the two slices newest first.
    searchTuning.fewMatches = -1;
    try {
      const walked = await createPgSource(db.pool, { now: () => NOW, searchTtlMs: 0 }).search(searchQuery('zeppelin mooring'));
      expect(walked.videos.map((v) => Number(v.video_id)).sort((a, b) => a - b)).toEqual(ids);
    } finally {
      searchTuning.fewMatches = 2 * SEARCH_WINDOW;
    }
    const related = await source.related({ lifetime: 0, videoId: ids[0]!, count: 10, page: 1 });
    expect(related.videos.map((v) => Number(v.video_id))).toEqual([ids[1]]);
  });

  it('writes a batch that lists an id twice as row by row: the later row updates what the earlier one added', async () => {
    const row = (title: string, categories: string[], duration: number): FeedRow => ({
      line: 1, externalId: 'twice', title, dir: 'twice', description: '', postDate: SEED_NOW - 3600, duration, embedUrl: 'https://embed.example.com/twice',
      thumbUrl: null, thumbs: [], previewUrl: null, categories, tags: ['crane'], models: [], views: 0, likes: 0, dislikes: 0,
    });
    const other: FeedRow = { ...row('Quiet Harbour Walk', ['HARBOURS'], 60), externalId: 'other', dir: 'other' };
    const first = row('Harbour Crane Lift', ['Harbours', 'Cranes'], 300);
    const writer = new PgCatalogWriter(db.pool);
    expect(await writer.writeBatch('s', 1, [first, other, row('Harbour Crane Lift Again', ['Cranes'], 3000), first])).toEqual({
      added: 2, updated: 2, unchanged: 0, takenDown: 0,
    });
    const id = (await one<{ id: number }>("SELECT video_id AS id FROM video_sources WHERE external_id = 'twice'")).id;
    const members = await db.pool.query('SELECT c.title, vc.duration FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = $1 ORDER BY 1', [id]);
    expect(members.rows).toEqual([{ title: 'Cranes', duration: 300 }, { title: 'Harbours', duration: 300 }]);
    expect((await one<{ title: string }>('SELECT title FROM videos WHERE id = $1', [id])).title).toBe('Harbour Crane Lift');
    // Its related_words rows are the last title's words in the last row's categories, nothing left of the middle one.
    const words = await db.pool.query<{ word: string }>('SELECT DISTINCT word FROM related_words WHERE video_id = $1 ORDER BY 1', [id]);
    expect(words.rows.map((r) => r.word)).toEqual(['crane', 'harbour', 'lift']);
    expect(await writer.writeBatch('s', 2, [first, other])).toEqual({ added: 0, updated: 0, unchanged: 2, takenDown: 0 });
    // A category a batch creates: once, titled as the first row that names it, whatever the others' spelling.
    const cats = await db.pool.query("SELECT dir, title FROM categories WHERE dir IN ('harbours', 'cranes') ORDER BY dir");
    expect(cats.rows).toEqual([{ dir: 'cranes', title: 'Cranes' }, { dir: 'harbours', title: 'Harbours' }]);
  });

  it("finishes an import while a view of the site is counting into the period sums, instead of deadlocking with it", async () => {
    const writer = new PgCatalogWriter(db.pool);
    const row: FeedRow = {
      line: 1, externalId: 'late', title: 'Harbour Crane Lift', dir: 'harbour-crane-lift', description: '', postDate: null, duration: 60,
      embedUrl: 'https://embed.example.com/late', thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Cranes'], tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    };
    await writer.writeBatch('s', 1, [row]);
    const first = await one<{ period: number }>('SELECT min(period) AS period FROM period_counts');
    const next = await one<{ period: number; video_id: number }>('SELECT period, video_id FROM period_stats WHERE period <> $1 LIMIT 1', [first.period]);
    const view = await db.pool.connect();
    try {
      // A view half way through countPgDay (lib/catalog/postgres/period-stats.ts): the tables taken as it
      // takes them, one period's totals counted...
      await view.query('BEGIN');
      await view.query(`${PERIOD_TABLES_LOCK_SQL} IN ROW EXCLUSIVE MODE`);
      await view.query('UPDATE period_counts SET count = count + 0 WHERE period = $1', [first.period]);
      const finishing = writer.finish();
      const until = Date.now() + 10_000;
      while ((await one<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).n === 0) {
        if (Date.now() > until) throw new Error('the import never waited for the view');
        await new Promise((r) => setTimeout(r, 20));
      }
      // ...while the import's finish waits for it, it goes on to the next period's row, and commits.
      await view.query(
        `INSERT INTO period_stats (period, video_id, views, likes, dislikes, score, post_date, duration, gender)
         SELECT $1, id, 0, 0, 0, 0, post_date, duration, gender FROM videos WHERE id = $2 ON CONFLICT (period, video_id) DO NOTHING`,
        [next.period, next.video_id],
      );
      await view.query('COMMIT');
      await expect(finishing).resolves.toBeUndefined();
    } finally {
      view.release();
    }
  });

  it('reads titles through their word pairs, across slices, and after a title changes', async () => {
    await db.pool.query("INSERT INTO meta (key, value) VALUES ('next_video_id', $1)", [String(SEARCH_SLICE - 1)]);
    const base: FeedRow = {
      line: 1, externalId: 'x', title: 'Zeppelin Mooring Mast', dir: 'zeppelin-mooring-mast', description: 'a tower', postDate: SEED_NOW - 3600, duration: 60,
      embedUrl: 'https://embed.example.com/x', thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Airships'], tags: [], models: [], views: 0, likes: 0, dislikes: 0,
    };
    const tower: FeedRow = { ...base, externalId: 'y', title: 'Zeppelin Mooring Tower', dir: 'zeppelin-mooring-tower', description: '' };
    // A page of title matches more (TITLE_ENOUGH): the answer is then title matches alone.
    const more = Array.from({ length: 60 }, (_, i): FeedRow => ({ ...tower, externalId: `t${i}`, title: `Zeppelin Tower ${i}`, dir: `zeppelin-tower-${i}` }));
    // More paired words than a title pairs: found through its words.
    const long: FeedRow = {
      ...base, externalId: 'z', dir: 'long', description: '',
      title: 'Gondola Dirigible Blimp Hangar Winch Ballast Rudder Keel Envelope Nacelle Girder Helium Hydrogen Propeller Cabin Gasbag Catwalk',
    };
    await new PgCatalogWriter(db.pool).writeBatch('s', 1, [base, tower, ...more, long]);
    const titleOf = async (externalId: string) =>
      (await one<{ t: string }>("SELECT title_pairs::text AS t FROM video_search WHERE id = (SELECT video_id FROM video_sources WHERE external_id = $1)", [externalId])).t;
    expect(await titleOf('y')).toContain("'+mooring+zeppelin'");
    expect(await titleOf('z')).toContain("'+gondola'");
    expect(await titleOf('z')).not.toContain("'+blimp+gondola'");
    // Every read strategy, with and without the pairs: "zeppelin tower" is in 61 titles of slice 1,
    // and in the description of the slice-0 video, which the answer leaves out (enough title matches).
    const strategies: [number, number][] = [[2 * SEARCH_WINDOW, SEARCH_WINDOW], [-1, SEARCH_WINDOW], [-1, -1], [-1, Number.POSITIVE_INFINITY]];
    const search = async (term: string) => {
      const out: number[][] = [];
      for (const [fewMatches, titleFirst] of strategies) {
        for (const titlePairs of [true, false]) {
          Object.assign(searchTuning, { fewMatches, titleFirst, titlePairs });
          const r = await createPgSource(db.pool, { now: () => NOW, searchTtlMs: 0 }).search(searchQuery(term, { count: 120 }));
          out.push(r.videos.map((v) => Number(v.video_id)));
        }
      }
      Object.assign(searchTuning, { fewMatches: 2 * SEARCH_WINDOW, titleFirst: SEARCH_WINDOW, titlePairs: true });
      return out;
    };
    // The full matches, in any order, ahead of videos with some of the words (a search with fewer
    // than a page of full matches goes on with those: lib/catalog/partial-matches.ts).
    const fullFirst = (found: number[], want: number[]) => {
      expect(found.slice(0, want.length).sort((a, b) => a - b)).toEqual(want);
      if (want.length >= TITLE_ENOUGH) expect(found).toHaveLength(want.length);
    };
    const inSlice1 = Array.from({ length: 61 }, (_, i) => SEARCH_SLICE + i);
    for (const found of await search('zeppelin tower')) fullFirst(found, inSlice1);
    for (const found of await search('mooring mast')) fullFirst(found, [SEARCH_SLICE - 1]);
    // Below a page of title matches, every column too.
    for (const found of await search('mooring tower')) fullFirst(found, [SEARCH_SLICE - 1, SEARCH_SLICE]);
    for (const found of await search('catwalk gondola helium')) fullFirst(found, [SEARCH_SLICE + 61]);
    for (const found of await search('catwalk gondo')) fullFirst(found, [SEARCH_SLICE + 61]);
    // A title changed to hold the pair is found by it.
    await new PgCatalogWriter(db.pool).writeBatch('s', 2, [{ ...base, title: 'Zeppelin Mooring Tower Mast' }]);
    expect(await titleOf('x')).toContain("'+tower+zeppelin'");
    for (const found of await search('zeppelin tower')) fullFirst(found, [SEARCH_SLICE - 1, ...inSlice1]);
  });
});
