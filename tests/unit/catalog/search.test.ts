import { searchMatch } from '@/lib/catalog/sqlite/fts-query';
import { searchTokens } from '@/lib/catalog/relevance';
import { type Fixture, NOW, openFixture, searchQuery, unixOf } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture();
});
afterAll(() => fx.close());

describe('embedded source: search', () => {
  it('finds a video by its title, that video (or an identical title) first', async () => {
    const pick = fx.db
      .prepare("SELECT id, title FROM videos WHERE status_id = 1 AND post_date <= ? AND title LIKE '% % % %' LIMIT 1 OFFSET 500")
      .get(NOW) as { id: number; title: string };
    const res = await fx.source.search(searchQuery(pick.title));
    expect(res.videos.length).toBeGreaterThan(0);
    expect(res.videos[0]!.title).toBe(pick.title);
    expect(res.videos.map((v) => Number(v.video_id))).toContain(pick.id);
  });

  it("leads 'view all related' to related videos: a search of a whole title goes on with videos sharing some of its words", async () => {
    // A three-word title that no other video has every word of: the spec's link searches it.
    const titles = fx.db.prepare("SELECT id, title FROM videos WHERE status_id = 1 AND post_date <= ? AND title LIKE '% % %' AND title NOT LIKE '% % % %'").all(NOW) as { id: number; title: string }[];
    const alone = titles.find((t) => titles.filter((o) => o.title === t.title).length === 1);
    expect(alone).toBeDefined();
    const res = await fx.source.search(searchQuery(alone!.title));
    const ids = res.videos.map((v) => Number(v.video_id));
    expect(ids[0]).toBe(alone!.id);
    expect(res.videos.length).toBeGreaterThan(10);
    expect(res.total_count).toBe(res.videos.length);
    // Every other video shares a word of the title (3 letters or more) in its own title.
    const words = searchTokens(alone!.title).filter((w) => w.length >= 3);
    for (const v of res.videos.slice(1)) expect(searchTokens(v.title).some((w) => words.includes(w))).toBe(true);
    // Before the fill, the same search held the video alone (or its exact-title twins).
    const full = fx.db.prepare('SELECT count(*) FROM title_fts WHERE title_fts MATCH ?').pluck().get(searchMatch(searchTokens(alone!.title), { titleOnly: true })) as number;
    expect(full).toBeLessThan(res.videos.length);
  });

  it('ranks title matches above description-only matches', async () => {
    const res = await fx.source.search(searchQuery('harbour'));
    const titles = res.videos.map((v) => v.title.toLowerCase().includes('harbour'));
    const firstMiss = titles.indexOf(false);
    if (firstMiss >= 0) expect(titles.slice(firstMiss)).not.toContain(true);
    expect(titles[0]).toBe(true);
    expect(res.total_count).toBe(
      fx.db
        .prepare(
          `SELECT count(*) FROM videos WHERE gender = 0 AND status_id IN (1,5) AND post_date <= ?
           AND (lower(title) LIKE '%harbour%' OR lower(description) LIKE '%harbour%')`,
        )
        .pluck()
        .get(NOW),
    );
  });

  it('ranks videos with every word in the title above those that only mention them elsewhere', async () => {
    // "morning" is a time in titles, descriptions and a tag: many videos mention it outside the title.
    for (const term of ['morning walk', 'quiet harbour', 'morning']) {
      const res = await fx.source.search(searchQuery(term, { count: 60 }));
      expect(res.videos.length).toBeGreaterThan(0);
      const words = term.split(' ');
      const full = res.videos.map((v) => words.every((w) => v.title.toLowerCase().split(/\W+/).includes(w)));
      const firstMiss = full.indexOf(false);
      if (firstMiss >= 0) expect(full.slice(firstMiss)).not.toContain(true);
      const titled = fx.db
        .prepare(
          `SELECT count(*) FROM videos WHERE status_id IN (1,5) AND post_date <= ?
           AND ${words.map(() => "(' ' || lower(title) || ' ') LIKE ?").join(' AND ')}`,
        )
        .pluck()
        .get(NOW, ...words.map((w) => `% ${w} %`)) as number;
      // When some title has every word, the best match is such a video.
      expect([term, full[0]]).toEqual([term, titled > 0]);
    }
  });

  it('answers the same search the same way twice', async () => {
    for (const term of ['walk', 'misty morning walk', 'harb', 'travel']) {
      const a = await fx.source.search(searchQuery(term, { count: 60 }));
      const b = await fx.source.search(searchQuery(term, { count: 60 }));
      expect(b).toEqual(a);
    }
  });

  it('finds words that are only in descriptions, categories or tags when titles have too few', async () => {
    const res = await fx.source.search(searchQuery('travel'));
    expect(res.total_count).toBeGreaterThan(0);
    expect(await fx.source.search(searchQuery('zzqx'))).toEqual({ videos: [], total_count: 0 });
  });

  it('counts the documents of every indexed word in fts_terms', () => {
    const count = (table: string, match: string) =>
      fx.db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(match) as number;
    const row = (term: string) =>
      fx.db.prepare('SELECT title_docs, all_docs FROM fts_terms WHERE term = ?').get(term) as { title_docs: number; all_docs: number };
    for (const term of ['harbour', 'morning', 'travel', 'd2', 'c1']) {
      expect(row(term)).toEqual({ title_docs: count('title_fts', `"${term}"`), all_docs: count('video_fts', `"${term}"`) });
    }
    expect(row('travel').title_docs).toBe(0);
  });

  it('applies duration and date filters', async () => {
    const dur = await fx.source.search(searchQuery('walk', { duration: '3' }));
    expect(dur.videos.length).toBeGreaterThan(0);
    for (const v of dur.videos) expect(Number(v.duration)).toBeGreaterThan(2400);
    const month = await fx.source.search(searchQuery('the', { date: 'month' }));
    expect(month.videos.length).toBeGreaterThan(0);
    for (const v of month.videos) expect(unixOf(v.post_date)).toBeGreaterThanOrEqual(NOW - 30 * 86400);
  });

  it('pages through the same ranked list', async () => {
    const all = await fx.source.search(searchQuery('quiet', { count: 30 }));
    const p2 = await fx.source.search(searchQuery('quiet', { count: 10, page: 2 }));
    expect(p2.videos.map((v) => v.video_id)).toEqual(all.videos.slice(10, 20).map((v) => v.video_id));
    expect(p2.total_count).toBe(all.total_count);
  });

  it('finds a half-typed last word by prefix', async () => {
    const res = await fx.source.search(searchQuery('harbo'));
    expect(res.videos.length).toBeGreaterThan(0);
    expect(res.videos[0]!.title.toLowerCase()).toContain('harbo');
  });

  it.each(['"', '""', '*', 'AND', 'OR NOT', 'NEAR(', 'NEAR(a b, 2)', "'; drop table videos; --", 'title:x', '^start', '-minus',
    '🎉🦊', 'harbour 🎉', 'x'.repeat(69), 'a'.repeat(69), '((( )))', '{title}: y', 'café crème', 'Ünïcödé', '\u0000\u200b'])(
    'never throws on hostile input %j',
    async (term) => {
      const res = await fx.source.search(searchQuery(term));
      expect(Array.isArray(res.videos)).toBe(true);
      expect(typeof res.total_count).toBe('number');
    },
  );

  it('still has its tables after a hostile term', async () => {
    await fx.source.search(searchQuery("'; DROP TABLE videos; --"));
    expect(fx.db.prepare('SELECT count(*) FROM videos').pluck().get()).toBe(3000);
  });
});

describe('fts-query', () => {
  it('keeps only letter and digit runs, quoted', () => {
    expect(searchTokens('NEAR("a" * b) AND c:d')).toEqual(['near', 'a', 'b', 'and', 'c', 'd']);
    expect(searchMatch(['and', 'near'])).toBe('{title description categories tags} : ("and" AND "near")');
    expect(searchMatch(['harb'], { prefixLast: true, durationClass: 2 })).toBe(
      '{title description categories tags} : ("harb" *) AND facets : "d2"',
    );
    expect(searchTokens('🎉 *** ""')).toEqual([]);
    expect(searchMatch(['quiet', 'harb'], { titleOnly: true, prefixLast: true })).toBe('title : ("quiet" AND "harb" *)');
  });
});

describe('embedded source: suggestions', () => {
  it('suggests keywords starting with the text, most popular first, case-insensitively', async () => {
    const res = await fx.source.suggest('QuI');
    expect(res.keywords.length).toBeGreaterThan(0);
    expect(res.keywords.length).toBeLessThanOrEqual(10);
    for (const k of res.keywords) expect(k.toLowerCase().startsWith('qui')).toBe(true);
    const pop = fx.db.prepare('SELECT popularity FROM keywords WHERE keyword = ?').pluck();
    const counts = res.keywords.map((k) => pop.get(k) as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('narrows with a longer prefix, including word pairs', async () => {
    const res = await fx.source.suggest('quiet h');
    for (const k of res.keywords) expect(k.startsWith('quiet h')).toBe(true);
    expect(res.keywords.length).toBeGreaterThan(0);
  });

  it('suggests categories whose title matches', async () => {
    const res = await fx.source.suggest('tra');
    const titles = res.categories.map((c) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Travel', 'Trains']));
    expect(res.categories.length).toBeLessThanOrEqual(5);
    expect(res.categories[0]).toMatchObject({ dir: expect.any(String), total_videos: expect.any(Number) });
  });

  it('answers nonsense and empty text with empty lists', async () => {
    expect(await fx.source.suggest('zzqx')).toEqual({ keywords: [], categories: [] });
    expect((await fx.source.suggest('   ')).keywords).toEqual([]);
    expect((await fx.source.suggest('%_')).keywords).toEqual([]);
  });

  it('returns the top keywords for the suggester and main stats', async () => {
    const top = await fx.source.suggester(43200, 5);
    expect(top.keywords).toHaveLength(5);
    const main = await fx.source.main(14400, 'str', 'en');
    expect(main.keywords.slice(0, 5)).toEqual(top.keywords);
    // The models and channels with the most straight videos, as many as there are listed.
    const most = (kind: number, table: string) =>
      fx.db.prepare(`SELECT e.title FROM entity_stats s JOIN ${table} e ON e.id = s.entity_id WHERE s.kind = ? AND s.gender = 0
        ORDER BY s.videos DESC, s.entity_id DESC LIMIT 30`).pluck().all(kind);
    expect(main.models).toEqual(most(1, 'models'));
    expect(main.models).toHaveLength(30);
    expect(main.channels).toEqual(most(2, 'channels'));
    expect(main.channels.length).toBeGreaterThan(5);
    const totals = main.categories.map((c) => Number(c.total_videos));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});
