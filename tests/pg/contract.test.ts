/**
 * "Same Source behaviour": the SQLite catalogue and the PostgreSQL catalogue, seeded with the same
 * demo catalogue at the same instant and asked at the same fixed clock, must answer every Source
 * method alike, for a broad table of questions. Real SQLite file, real PostgreSQL server (the
 * throwaway one of tests/pg/global-setup.mjs); nothing is mocked.
 *
 * Search is the one place where answers may legitimately differ: SQLite ranks its candidates by a
 * title score computed in JS (lib/catalog/relevance.ts), PostgreSQL by ts_rank over the weighted
 * tsvector (title A, tags B, description C) with ties to the more watched video. Both find the
 * same videos (both index the same folded words and apply the same title-first window rules), so
 * for search the test holds: the same total, the same set of videos over all pages, and a top
 * result that has every word in its title whenever SQLite's has.
 */
import type { RawVideosResponse } from '@/lib/contract/raw';
import type { Source, VideosQuery } from '@/lib/contract/source';
import { searchTuning } from '@/lib/catalog/postgres/queries';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import { demoTag } from '@/lib/catalog/demo/catalogue';
import { titlePairQuery, titlePairsTsv, titleTsv, tsquery } from '@/lib/catalog/postgres/tsv';
import { SEARCH_WINDOW } from '@/lib/catalog/search-limits';
import { foldedWords } from '@/lib/catalog/relevance';
import { CATEGORIES, TAGS } from '@/lib/catalog/demo/words';
import { ALL_SORTS, DATES, DURATIONS, ENTITY_SORTS, ORIENTATIONS } from '@/lib/contract/types';
import { type Fixture, listQuery, NOW, openFixture, SEED_NOW, searchQuery } from '../unit/catalog/helpers/catalog-fixture';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const VIDEOS = 2500;
/** A tag of the demo. */
const TAGS_DIR = demoTag(0).dir;

let sqlite: Fixture;
let pgdb: PgDatabase;
let pgSource: Source;

beforeAll(async () => {
  sqlite = openFixture(VIDEOS);
  pgdb = await seededDatabase(VIDEOS, SEED_NOW);
  pgSource = createPgSource(pgdb.pool, { now: () => NOW });
});

afterAll(async () => {
  sqlite?.close();
  await pgdb?.drop();
});

/** Every question is asked of both; the answers must be deeply equal. */
async function same<T>(ask: (s: Source) => Promise<T>): Promise<T> {
  const [a, b] = await Promise.all([ask(sqlite.source), ask(pgSource)]);
  expect(b).toEqual(a);
  return a;
}

function ids(r: RawVideosResponse): number[] {
  return r.videos.map((v) => Number(v.video_id));
}

describe('the PostgreSQL catalogue answers as the SQLite one', () => {
  it('holds the same seeded catalogue', async () => {
    const counts = sqlite.db.prepare('SELECT count(*) AS n, sum(views) AS v, sum(likes) AS l FROM videos').get() as { n: number; v: number; l: number };
    const pgCounts = (await pgdb.pool.query('SELECT count(*)::int AS n, sum(views)::int AS v, sum(likes)::int AS l FROM videos')).rows[0];
    expect(pgCounts).toEqual(counts);
    const days = sqlite.db.prepare('SELECT count(*) AS n, sum(views) AS v FROM video_days').get();
    expect((await pgdb.pool.query('SELECT count(*)::int AS n, sum(views)::int AS v FROM video_days')).rows[0]).toEqual(days);
  });

  it('lists alike: every sort with every date and duration filter, on all videos and in categories, page by page', async () => {
    const categories = await same((s) => s.categories({ lifetime: 0, gender: 'str', section: 'toptn', lang: 'en' }));
    expect(categories.categories.length).toBeGreaterThan(5);
    const dirs = ['', categories.categories[0]!.dir, categories.categories[categories.categories.length - 1]!.dir];
    let asked = 0;
    for (const sort of ALL_SORTS) {
      for (const date of DATES) {
        for (const duration of DURATIONS) {
          for (const dir of dirs) {
            const q: Partial<VideosQuery> = { sort, date, duration, count: 24, ...(dir ? { section: 'category', objectId: dir } : {}) };
            const first = await same((s) => s.videos(listQuery(q)));
            asked++;
            if (Number(first.total_count) > 24) {
              await same((s) => s.videos(listQuery({ ...q, page: 2 })));
              asked++;
            }
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(ALL_SORTS.length * DATES.length * DURATIONS.length * dirs.length);
    // The last page, a page past the end, an unknown category, odd counts.
    const total = Number((await same((s) => s.videos(listQuery({ count: 120 })))).total_count);
    expect(total).toBeGreaterThan(1000);
    await same((s) => s.videos(listQuery({ count: 120, page: Math.ceil(total / 120) })));
    await same((s) => s.videos(listQuery({ count: 120, page: Math.ceil(total / 120) + 1 })));
    await same((s) => s.videos(listQuery({ page: 10_000 })));
    await same((s) => s.videos(listQuery({ section: 'category', objectId: 'no-such-category' })));
    await same((s) => s.videos(listQuery({ count: 0, page: 0 })));
    await same((s) => s.videos(listQuery({ count: 1e9, page: Number.NaN })));
  });

  it.each([
    ['as it plans them', 2 * SEARCH_WINDOW, SEARCH_WINDOW, true, 2],
    ['as it plans them, every title read (no title pairs)', 2 * SEARCH_WINDOW, SEARCH_WINDOW, false, 2],
    ['walking the id slices newest first', -1, SEARCH_WINDOW, true, 2],
    ['walking the id slices, every column first', -1, Number.POSITIVE_INFINITY, true, 2],
    ['walking the id slices, every column first, no title pairs', -1, Number.POSITIVE_INFINITY, false, 2],
    ['walking the id slices, titles first', -1, -1, true, 2],
    ['walking the id slices, titles first, no title pairs, one slice a statement', -1, -1, false, 0],
  ])('finds the same videos for every kind of search term, %s', async (_how, fewMatches, titleFirst, titlePairs, sliceMargin) => {
    searchTuning.fewMatches = fewMatches;
    searchTuning.titleFirst = titleFirst;
    searchTuning.titlePairs = titlePairs;
    searchTuning.sliceMargin = sliceMargin;
    // Its own source: the shared one would answer the second pass from its search cache.
    const pgSource = createPgSource(pgdb.pool, { now: () => NOW, searchTtlMs: 0 });
    const latest = await same((s) => s.videos(listQuery({ count: 120 })));
    const titleWords = foldedWords(latest.videos.map((v) => v.title).join(' ')).filter((w) => w.length >= 4);
    const common = titleWords[0]!;
    const terms = [
      common,
      titleWords[3]!,
      `${titleWords[1]} ${titleWords[2]}`,
      latest.videos[5]!.title,
      common.slice(0, 4),
      `${titleWords[1]} ${titleWords[2]!.slice(0, 3)}`,
      'zzqxv nothing',
      'sunset',
      'harbour walk',
      // Common words that never share a title (one time of day a title), and three that do.
      'sunset morning walk',
      'misty morning walk',
      'the and of',
      `"${common}" OR * NEAR ^ : ' \\ & | ! <-> -`,
      'Café Crème',
      'a b',
      // Words found outside titles: a category's title, tags, the descriptions.
      CATEGORIES[4]!.title,
      TAGS[2]!,
      `${TAGS[5]} ${CATEGORIES[1]!.title}`,
      'headphones',
      'mirrorless camera',
    ];
    let nonEmpty = 0;
    for (const term of terms) {
      for (const extra of [{}, { duration: '1' as const }, { date: 'month' as const }, { duration: '3' as const, date: 'week' as const }]) {
        const [a, b] = await Promise.all([sqlite.source.search(searchQuery(term, { ...extra, count: 120 })), pgSource.search(searchQuery(term, { ...extra, count: 120 }))]);
        expect([term, extra, b.total_count]).toEqual([term, extra, a.total_count]);
        const all = async (s: Source, first: RawVideosResponse) => {
          const out = ids(first);
          for (let page = 2; (page - 1) * 120 < Number(first.total_count); page++) out.push(...ids(await s.search(searchQuery(term, { ...extra, count: 120, page }))));
          return out.sort((x, y) => x - y);
        };
        expect(await all(pgSource, b)).toEqual(await all(sqlite.source, a));
        if (a.videos.length > 0) {
          nonEmpty++;
          const words = foldedWords(term);
          const inTitle = (title: string) => {
            const t = foldedWords(title);
            return words.every((w) => t.includes(w));
          };
          if (inTitle(a.videos[0]!.title)) expect([term, b.videos[0]!.title, inTitle(b.videos[0]!.title)]).toEqual([term, b.videos[0]!.title, true]);
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
    searchTuning.fewMatches = 2 * SEARCH_WINDOW;
    searchTuning.titleFirst = SEARCH_WINDOW;
    searchTuning.titlePairs = true;
    searchTuning.sliceMargin = 2;
  });

  it('matches a title by its word pairs exactly when it holds every word (titlePairQuery against titlePairsTsv)', async () => {
    const titles = [
      ...(await pgdb.pool.query<{ title: string }>('SELECT title FROM videos ORDER BY id LIMIT 400')).rows.map((r) => r.title),
      'The Sunset and the Morning Walk of a Cat',
      'Café Crème au Lait, à la Plage',
      'Gondola Dirigible Blimp Hangar Winch Ballast Rudder Keel Envelope Nacelle Girder Helium Hydrogen Propeller Cabin Gasbag Catwalk',
      'go to an ox',
    ];
    const vocabulary = [...new Set(titles.flatMap((t) => foldedWords(t)))];
    // Tokens from each title and from others, 1 to 5 of them, some with the last one a prefix.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const cases: { title: string; tokens: string[]; prefixLast: boolean }[] = [];
    for (const title of titles) {
      const own = [...new Set(foldedWords(title))];
      for (let k = 0; k < 4; k++) {
        const tokens = new Set<string>();
        const n = 1 + rand(5);
        while (tokens.size < n) tokens.add(rand(3) === 0 ? vocabulary[rand(vocabulary.length)]! : own[rand(own.length)]!);
        const list = [...tokens];
        const prefixLast = rand(3) === 0;
        if (prefixLast) list[list.length - 1] = list[list.length - 1]!.slice(0, Math.max(1, list[list.length - 1]!.length - 2));
        cases.push({ title, tokens: [...new Set(list)], prefixLast });
      }
    }
    const queries = cases.map((c) => titlePairQuery(c.tokens, { prefixLast: c.prefixLast }));
    const r = await pgdb.pool.query<{ m: boolean }>(
      `SELECT CASE WHEN pq IS NULL THEN t::tsvector @@ wq::tsquery ELSE p::tsvector @@ pq::tsquery AND (rq IS NULL OR t::tsvector @@ rq::tsquery) END AS m
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(t, p, wq, pq, rq)`,
      [
        cases.map((c) => titleTsv(c.title)),
        cases.map((c) => titlePairsTsv(c.title)),
        cases.map((c) => tsquery(c.tokens, { prefixLast: c.prefixLast })),
        queries.map((q) => q?.pairs ?? null),
        queries.map((q) => q?.rest ?? null),
      ],
    );
    const expected = cases.map(({ title, tokens, prefixLast }) => {
      const words = foldedWords(title);
      return tokens.every((t, i) => (prefixLast && i === tokens.length - 1 ? words.some((w) => w.startsWith(t)) : words.includes(t)));
    });
    expect(r.rows.map((x) => x.m)).toEqual(expected);
    // Both kinds of answer are there, and pairs were used.
    expect(expected.filter(Boolean).length).toBeGreaterThan(cases.length / 8);
    expect(expected.filter((m) => !m).length).toBeGreaterThan(cases.length / 10);
    expect(queries.filter((q) => q !== null).length).toBeGreaterThan(cases.length / 4);
    expect(queries.filter((q) => q?.rest).length).toBeGreaterThan(cases.length / 20);
  });

  it('gives the same video pages, related videos, files and sitemaps', async () => {
    const latest = await same((s) => s.videos(listQuery({ count: 30, sort: 'most-popular' })));
    const disabled = sqlite.db.prepare('SELECT id FROM videos WHERE status_id = 0 LIMIT 1').pluck().get() as number | undefined;
    const scheduled = sqlite.db.prepare('SELECT id FROM videos WHERE post_date > ? ORDER BY id LIMIT 1').pluck().get(NOW) as number;
    const probe = [...ids(latest).slice(0, 12), 1, 2, VIDEOS - 1, scheduled, disabled ?? 0, 0, -5, 999_999, 2 ** 40];
    for (const id of probe) {
      await same((s) => s.video(id, 86400));
      await same((s) => s.videofile(id, 86400));
      for (const page of [1, 2, 3]) await same((s) => s.related({ lifetime: 0, videoId: id, count: 10, page }));
    }
    await same((s) => s.related({ lifetime: 0, videoId: probe[0]!, count: 120, page: 1 }));
    for (const size of [1, 500, 10_000]) await same((s) => s.sitemapRanges!(size));
    for (const range of [1, 2, 5, 999]) await same((s) => s.sitemapRange!(range, 500));
  });

  it('gives the same categories, keywords and suggestions', async () => {
    await same((s) => s.categories({ lifetime: 0, gender: 'str', section: 'title', lang: 'en' }));
    await same((s) => s.categories({ lifetime: 0, gender: 'str', section: 'toptn', lang: 'en' }));
    await same((s) => s.main(0, 'str', 'en'));
    for (const count of [1, 30, 1000]) await same((s) => s.suggester(0, count));
    const top = (await same((s) => s.suggester(0, 5))).keywords;
    for (const text of ['', 'a', 'tr', 'Tr', top[0]!.slice(0, 3), top[1]!, `${top[2]} `, 'zzzq', '%', '_', "o'", 'ü']) {
      await same((s) => s.suggest(text));
    }
  });

  it('counts views and votes alike, once per visitor, and the period listings follow', async () => {
    const popular = await same((s) => s.videos(listQuery({ sort: 'most-popular', date: 'day', count: 10 })));
    const id = Number(popular.videos[3]!.video_id);
    const quiet = Number((await same((s) => s.videos(listQuery({ sort: 'latest-updates', count: 10, page: 3 })))).videos[0]!.video_id);
    const actor = { key: 'visitor-a' };
    await same((s) => s.input({ act: 'vote', section: 'video', objectId: id, vote: 1 }, actor));
    const again = await same((s) => s.input({ act: 'vote', section: 'video', objectId: id, vote: 0 }, actor));
    expect(again).toEqual({ error: 1, code: 'already_voted' });
    await same((s) => s.input({ act: 'vote', section: 'video', objectId: id, vote: 0 }, { key: 'visitor-b' }));
    for (let i = 0; i < 40; i++) await same((s) => s.input({ act: 'view', section: 'video', objectId: quiet }, actor));
    await same((s) => s.input({ act: 'vote', section: 'video', objectId: quiet, vote: 1 }, actor));
    await same((s) => s.input({ act: 'view', section: 'video', objectId: 999_999 }, actor));
    await same((s) => s.input({ act: 'vote', section: 'video', objectId: 0, vote: 1 }, actor));
    const statsOff = sqlite.db.prepare('SELECT id FROM videos WHERE status_id = 5 AND post_date <= ? LIMIT 1').pluck().get(NOW) as number;
    expect(await same((s) => s.input({ act: 'view', section: 'video', objectId: statsOff }, actor))).toEqual({ error: 1, code: 'stats_disabled' });
    await same((s) => s.video(id, 86400));
    await same((s) => s.video(quiet, 86400));
    for (const sort of ['most-popular', 'top-rated'] as const) {
      for (const date of DATES) await same((s) => s.videos(listQuery({ sort, date, count: 60 })));
    }
    await same((s) => s.videos(listQuery({ sort: 'most-viewed', count: 60 })));
  });

  it('lists each orientation alike: every sort, with filters, the list tail\'s type, search and related of the orientation', async () => {
    for (const gender of ORIENTATIONS) {
      for (const sort of ALL_SORTS) {
        for (const [date, duration] of [['all', 'all'], ['week', 'all'], ['month', '2'], ['all', '1']] as const) {
          const first = await same((s) => s.videos(listQuery({ gender, sort, date, duration, count: 24 })));
          if (Number(first.total_count) > 24) await same((s) => s.videos(listQuery({ gender, sort, date, duration, count: 24, page: 2 })));
        }
      }
      const list = await same((s) => s.videos(listQuery({ gender, count: 30 })));
      expect(list.videos.length).toBe(30);
      expect(new Set(list.videos.map((v) => v.gender))).toEqual(new Set([gender]));
      for (const type of ['all', 'straight', 'gay', 'shemale']) await same((s) => s.videos(listQuery({ gender, type, count: 10 })));
      const cats = await same((s) => s.categories({ lifetime: 0, gender, section: 'toptn', lang: 'en' }));
      await same((s) => s.videos(listQuery({ gender, section: 'category', objectId: cats.categories[0]!.dir, sort: 'most-commented' })));
      for (const section of ['title', 'recent']) await same((s) => s.categories({ lifetime: 0, gender, section, lang: 'en' }));
      await same((s) => s.main(0, gender, 'en'));
      for (const term of ['walk', 'harbour', list.videos[3]!.title, 'zzqxv']) {
        for (const extra of [{}, { duration: '1' as const }, { date: 'month' as const }]) {
          const [a, b] = await Promise.all([sqlite.source.search(searchQuery(term, { gender, ...extra, count: 120 })), pgSource.search(searchQuery(term, { gender, ...extra, count: 120 }))]);
          expect([term, gender, b.total_count]).toEqual([term, gender, a.total_count]);
          expect(ids(b).sort((x, y) => x - y)).toEqual(ids(a).sort((x, y) => x - y));
        }
      }
      for (const v of list.videos.slice(0, 4)) {
        await same((s) => s.video(Number(v.video_id), 86400));
        await same((s) => s.related({ lifetime: 0, videoId: Number(v.video_id), count: 30, page: 1 }));
      }
    }
  });

  it('lists by model, channel and tag alike, and gives the same model and channel indexes and entity sitemaps', async () => {
    for (const gender of ORIENTATIONS) {
      const models = await same((s) => s.models!({ lifetime: 0, gender, sort: 'count-videos', letter: '', count: 20, page: 1 }));
      const channels = await same((s) => s.channels!({ lifetime: 0, gender, sort: 'count-videos', letter: '', count: 20, page: 1 }));
      expect(models.models.length).toBeGreaterThan(3);
      expect(channels.channels.length).toBeGreaterThan(1);
      for (const sort of ENTITY_SORTS) {
        for (const letter of ['', 'a', 'm', '0', 'q']) {
          for (const page of [1, 2]) {
            await same((s) => s.models!({ lifetime: 0, gender, sort, letter, count: 7, page }));
            await same((s) => s.channels!({ lifetime: 0, gender, sort, letter, count: 3, page }));
          }
        }
      }
      const tags = new Set<string>();
      for (const v of (await same((s) => s.videos(listQuery({ gender, count: 20 })))).videos) {
        const d = await same((s) => s.video(Number(v.video_id), 86400));
        if ('video' in d) for (const t of d.video.tags ?? []) tags.add(t.dir);
      }
      const sections = [
        ...[models.models[0]!, models.models[models.models.length - 1]!].map((m) => ['model', m.dir] as const),
        ...channels.channels.slice(0, 2).map((c) => ['channel', c.dir] as const),
        ...[...tags].slice(0, 2).map((t) => ['tag', t] as const),
      ];
      for (const [section, objectId] of sections) {
        for (const sort of ALL_SORTS) {
          for (const date of ['all', 'week', 'month'] as const) {
            const first = await same((s) => s.videos(listQuery({ gender, section, objectId, sort, date, count: 12 })));
            if (date === 'all' && sort === 'latest-updates') expect(Number(first.total_count)).toBeGreaterThan(0);
            if (Number(first.total_count) > 12) await same((s) => s.videos(listQuery({ gender, section, objectId, sort, date, count: 12, page: 2 })));
          }
        }
        await same((s) => s.videos(listQuery({ gender, section, objectId, duration: '1', count: 12 })));
        await same((s) => s.videos(listQuery({ gender, section, objectId, type: 'gay', count: 12 })));
      }
    }
    // A month on, scheduled videos have gone live since the statistics were counted (at the seed).
    const later = { now: () => NOW + 30 * 86_400 };
    const [sqliteLater, pgLater] = [createEmbeddedSource(sqlite.db, later), createPgSource(pgdb.pool, later)];
    const models = await sqliteLater.models!({ lifetime: 0, gender: 'str', sort: 'count-videos', letter: '', count: 3, page: 1 });
    let grown = 0;
    for (const [section, objectId] of [...models.models.map((m) => ['model', m.dir] as const), ['tag', TAGS_DIR] as const]) {
      for (const duration of ['all', '2'] as const) {
        const [a, b] = await Promise.all([sqliteLater, pgLater].map((s) => s.videos(listQuery({ section, objectId, duration, count: 5 }))));
        expect(b).toEqual(a);
        const before = await sqlite.source.videos(listQuery({ section, objectId, duration, count: 5 }));
        if (Number(a!.total_count) > Number(before.total_count)) grown++;
      }
    }
    expect(grown).toBeGreaterThan(0);
    for (const section of ['model', 'channel', 'tag'] as const) {
      expect(await same((s) => s.videos(listQuery({ section, objectId: 'no-such-one' })))).toEqual({ videos: [], total_count: 0 });
      for (const page of [1, 2, 50]) await same((s) => s.sitemapEntities!(section, page, 100));
    }
    expect((await same((s) => s.sitemapEntities!('model', 1, 100))).length).toBe(100);
  });

  it('reports a content version, and a failure as a SourceError, never as an empty answer', async () => {
    expect(pgSource.contentVersion!()).toBe(sqlite.source.contentVersion!());
    const broken = createPgSource(
      // Nothing listens on port 1.
      (await import('@/lib/catalog/postgres/db')).createPgPool('postgres://nobody@127.0.0.1:1/none', 1),
      { now: () => NOW },
    );
    await expect(broken.videos(listQuery())).rejects.toMatchObject({ name: 'SourceError', kind: 'network' });
    await expect(broken.search(searchQuery('walk'))).rejects.toMatchObject({ name: 'SourceError' });
    await expect(broken.input({ act: 'view', section: 'video', objectId: 1 }, { key: 'k' })).rejects.toMatchObject({ name: 'SourceError' });
  });
});
