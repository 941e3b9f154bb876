/**
 * The contract between the two sources: the upstream HTTP client pointed at this app's own API
 * (a live `next start`) must return what the embedded source returns, call by call.
 */
import { getCatalogDb } from '@/lib/catalog/sqlite/db';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import { createUpstreamSource } from '@/lib/upstream/source';
import type { Source, VideosQuery } from '@/lib/contract/source';
import type { RawVideosResponse } from '@/lib/contract/raw';
import { entityQuestions } from './entity-questions';

const base = process.env.CONTRACT_BASE_URL;
if (!base) throw new Error('CONTRACT_BASE_URL must name the running site (tests/e2e/run.mjs sets it)');

const http: Source = createUpstreamSource({ origin: base, timeoutMs: 15000, memoryCache: false });
const local: Source = createEmbeddedSource(getCatalogDb);

const list = (over: Partial<VideosQuery> = {}): VideosQuery => ({
  lifetime: 86400, gender: 'str', sort: 'latest-updates', count: 60, section: '', objectId: '', page: 1,
  type: 'all', duration: 'all', date: 'all', ...over,
});

async function both<T>(call: (s: Source) => Promise<T>): Promise<[T, T]> {
  return Promise.all([call(http), call(local)]);
}

describe('the site API matches the embedded source', () => {
  it.each([
    ['latest page 1', list()],
    ['most popular of the week, page 2', list({ sort: 'most-popular', date: 'week', page: 2 })],
    ['top rated, 10 to 40 minutes', list({ sort: 'top-rated', duration: '2' })],
    ['longest, page 40', list({ sort: 'longest', page: 40 })],
    ['most viewed', list({ sort: 'most-viewed', count: 30 })],
    ['most commented', list({ sort: 'most-commented', count: 30 })],
  ])('videos: %s', async (_name, q) => {
    const [a, b] = await both((s) => s.videos(q));
    expect(a).toEqual(b);
  });

  it('videos of a category, and of an unknown category', async () => {
    const cats = await local.categories({ lifetime: 14400, gender: 'str', section: 'toptn', lang: 'en' });
    const dir = cats.categories[0]?.dir;
    expect(dir).toBeTruthy();
    const [a, b] = await both((s) => s.videos(list({ section: 'category', objectId: dir! })));
    expect(a.videos.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
    const [c, d] = await both((s) => s.videos(list({ section: 'category', objectId: 'no-such-category' })));
    expect(c).toEqual(d);
  });

  it('search by a common title word', async () => {
    const first = (await local.videos(list({ count: 1 }))) as RawVideosResponse;
    const word = first.videos[0]!.title.split(' ').find((w) => w.length >= 4)!;
    const q = { lifetime: 86400, gender: 'str', count: 60, page: 1, type: 'all', duration: 'all' as const, date: 'all' as const, term: word };
    const [a, b] = await both((s) => s.search(q));
    expect(a.videos.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('one video, related videos and video files', async () => {
    const first = await local.videos(list({ count: 1 }));
    const id = Number(first.videos[0]!.video_id);
    const [a, b] = await both((s) => s.video(id, 86400));
    expect('video' in a && a.video.title).toBeTruthy();
    expect(a).toEqual(b);
    const [c, d] = await both((s) => s.related({ lifetime: 432000, videoId: id, count: 10, page: 2 }));
    expect(c).toEqual(d);
    const [e, f] = await both((s) => s.videofile(id, 864000));
    expect(e).toEqual(f);
  });

  it('a missing video', async () => {
    const [a, b] = await both((s) => s.video(987_654_321, 86400));
    expect(a).toEqual({ error: 1, code: 'video_not_found' });
    expect(a).toEqual(b);
  });

  it('stats, suggester, suggestions and categories', async () => {
    const [a, b] = await both((s) => s.main(14400, 'str', 'en'));
    expect(a.keywords.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
    const [c, d] = await both((s) => s.suggester(43200, 1000));
    expect(c).toEqual(d);
    const prefix = a.keywords[0]!.slice(0, 3);
    const [e, f] = await both((s) => s.suggest(prefix));
    expect(e.keywords.length).toBeGreaterThan(0);
    expect(e).toEqual(f);
    for (const section of ['toptn', 'title']) {
      const [g, h] = await both((s) => s.categories({ lifetime: 14400, gender: 'str', section, lang: 'en' }));
      expect(g.categories.length).toBeGreaterThan(0);
      expect(g).toEqual(h);
    }
  });

  it('a vote is counted once per visitor over HTTP', async () => {
    const page = await local.videos(list({ sort: 'longest', page: 3, count: 1 }));
    const id = Number(page.videos[0]!.video_id);
    const before = await local.video(id, 86400);
    const first = await http.input({ act: 'vote', section: 'video', objectId: id, vote: 1 }, { key: 'contract' });
    const second = await http.input({ act: 'vote', section: 'video', objectId: id, vote: 1 }, { key: 'contract' });
    expect(first).toEqual({ ok: 1 });
    expect(second).toMatchObject({ error: 1, code: 'already_voted' });
    const after = await local.video(id, 86400);
    if (!('video' in before) || !('video' in after)) throw new Error('video vanished');
    expect(Number(after.video.statistics.likes)).toBe(Number(before.video.statistics.likes) + 1);
  });

  it('orientation, models, channels, tags and the other sorts (the table shared with tests/pg/contract.test.ts)', async () => {
    const questions = (await entityQuestions(local)).filter((q) => !q.catalogueOnly);
    expect(questions.length).toBeGreaterThan(50);
    for (const q of questions) {
      const [a, b] = await both(q.ask);
      expect({ question: q.name, answer: a }).toEqual({ question: q.name, answer: b });
    }
  });
});
