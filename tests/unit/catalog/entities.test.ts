/**
 * Models, channels, tags and orientation on the embedded catalogue (issue 26): the indexes' sorts,
 * letter filter and totals against plain queries over the same rows, lists by each with their
 * section object, the list tail's type, and the video answer's credits.
 */
import { MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import type { EntitiesQuery } from '@/lib/contract/source';
import { ENTITY_SORTS, ORIENTATIONS } from '@/lib/contract/types';
import { entityQuestions } from '../../contract/entity-questions';
import { type Fixture, listQuery, NOW, openFixture } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture();
});
afterAll(() => fx.close());

const index = (over: Partial<EntitiesQuery> = {}): EntitiesQuery => ({ lifetime: 1, gender: 'str', sort: 'title', letter: '', count: 60, page: 1, ...over });
/** Listable now, on the videos table's columns under `v.` (or none). */
const listed = (v = '') => `${v}status_id IN (1, 5) AND ${v}post_date <= ${NOW}`;
const LISTED = listed();
const all = <T>(sql: string, ...args: unknown[]) => fx.db.prepare(sql).all(...args) as T[];

describe('the model and channel indexes', () => {
  it.each(ORIENTATIONS)('lists every model with listable videos of %s, with its count, in each sort', async (gender) => {
    const g = ORIENTATIONS.indexOf(gender);
    const expected = all<{ id: number; dir: string; videos: number; views: number; added_at: number }>(
      `SELECT m.id, m.dir, count(*) AS videos, sum(v.views) AS views, m.added_at FROM video_models vm JOIN videos v ON v.id = vm.video_id
       JOIN models m ON m.id = vm.model_id WHERE v.gender = ? AND ${listed('v.')} GROUP BY m.id`,
      g,
    );
    expect(expected.length).toBeGreaterThan(60);
    const orders: Record<string, (a: (typeof expected)[number], b: (typeof expected)[number]) => number> = {
      title: (a, b) => (a.dir < b.dir ? -1 : 1),
      'count-videos': (a, b) => b.videos - a.videos || b.id - a.id,
      'most-popular': (a, b) => b.views - a.views || b.id - a.id,
      newest: (a, b) => b.added_at - a.added_at || b.id - a.id,
    };
    for (const sort of ENTITY_SORTS) {
      const want = [...expected].sort(orders[sort]);
      const page2 = await fx.source.models!(index({ gender, sort, page: 2 }));
      expect(Number(page2.total_count)).toBe(expected.length);
      expect(page2.models.map((m) => [Number(m.model_id), Number(m.statistics.videos)])).toEqual(want.slice(60, 120).map((m) => [m.id, m.videos]));
    }
  });

  it('filters by the first letter of the name, and by a digit or other for "0"', async () => {
    const m = await fx.source.models!(index({ letter: 'm', count: 120 }));
    expect(m.models.length).toBeGreaterThan(0);
    for (const x of m.models) expect(x.title.toLowerCase().startsWith('m')).toBe(true);
    const expected = all<{ n: number }>(
      `SELECT count(DISTINCT vm.model_id) AS n FROM video_models vm JOIN videos v ON v.id = vm.video_id JOIN models e ON e.id = vm.model_id
       WHERE v.gender = 0 AND ${listed('v.')} AND e.dir LIKE 'm%'`,
    )[0]!.n;
    expect(Number(m.total_count)).toBe(expected);
    expect(await fx.source.models!(index({ letter: '0' }))).toEqual({ models: [], total_count: 0 });
  });

  it('answers the network shape, with a thumbnail of the most viewed video', async () => {
    const c = await fx.source.channels!(index({ sort: 'most-popular', count: 3 }));
    expect(c.channels).toHaveLength(3);
    const first = c.channels[0]!;
    const top = all<{ id: number }>(
      `SELECT id FROM videos WHERE channel_id = ? AND gender = 0 AND ${LISTED} ORDER BY views DESC, id DESC LIMIT 1`,
      first.channel_id,
    )[0]!.id;
    expect(first).toEqual({
      channel_id: expect.any(Number),
      title: expect.any(String),
      dir: expect.stringMatching(/^[a-z0-9-]+$/),
      statistics: { videos: expect.any(Number), viewed: expect.any(Number) },
      scr: `/media/thumbs/${top}/1.svg`,
      toptn: [{ scr: `/media/thumbs/${top}/1.svg` }],
      added_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });
});

describe('lists by model, channel and tag', () => {
  it('lists a model\'s videos of the orientation, with the model as the section object', async () => {
    const model = (await fx.source.models!(index({ sort: 'count-videos', count: 1 }))).models[0]!;
    const res = await fx.source.videos(listQuery({ section: 'model', objectId: model.dir, sort: 'most-commented', count: 120 }));
    const expected = all<{ id: number }>(
      `SELECT v.id FROM video_models vm JOIN videos v ON v.id = vm.video_id JOIN models m ON m.id = vm.model_id
       WHERE m.dir = ? AND v.gender = 0 AND ${listed('v.')} ORDER BY v.comments DESC, v.id DESC`,
      model.dir,
    ).map((r) => r.id);
    expect(res.videos.map((v) => Number(v.video_id))).toEqual(expected.slice(0, 120));
    expect(res.total_count).toBe(expected.length);
    expect(res.models).toEqual([model]);
    for (const v of res.videos) expect(v.models).toContain(model.title);
  });

  it('lists a channel and a tag; an unknown one, or one without videos of the orientation, is empty without its object', async () => {
    const channel = (await fx.source.channels!(index({ count: 1 }))).channels[0]!;
    const byChannel = await fx.source.videos(listQuery({ section: 'channel', objectId: channel.dir }));
    expect(byChannel.channels?.[0]?.dir).toBe(channel.dir);
    expect(byChannel.total_count).toBe(channel.statistics.videos);
    const byTag = await fx.source.videos(listQuery({ section: 'tag', objectId: '4k', sort: 'most-viewed' }));
    expect(byTag.tags).toEqual([{ tag_id: expect.any(Number), title: '4K', dir: '4k', total_videos: byTag.total_count }]);
    const views = byTag.videos.map((v) => Number(v.video_viewed));
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const section of ['model', 'channel', 'tag'] as const) {
      expect(await fx.source.videos(listQuery({ section, objectId: `no-such-${section}` }))).toEqual({ videos: [], total_count: 0 });
    }
    // A model with straight videos only.
    const onlyStraight = all<{ dir: string }>(
      `SELECT m.dir FROM models m WHERE EXISTS (SELECT 1 FROM video_models vm JOIN videos v ON v.id = vm.video_id WHERE vm.model_id = m.id AND ${listed('v.')})
         AND NOT EXISTS (SELECT 1 FROM video_models vm JOIN videos v ON v.id = vm.video_id WHERE vm.model_id = m.id AND v.gender = 2) LIMIT 1`,
    )[0]!.dir;
    expect(await fx.source.videos(listQuery({ section: 'model', objectId: onlyStraight, gender: 'she' }))).toEqual({ videos: [], total_count: 0 });
  });

  it('a type naming another orientation than the gender is an empty list; all, or the same one, is the list', async () => {
    const gay = await fx.source.videos(listQuery({ gender: 'gay' }));
    expect(Number(gay.total_count)).toBeGreaterThan(0);
    for (const v of gay.videos) expect(v.gender).toBe('gay');
    expect(await fx.source.videos(listQuery({ gender: 'gay', type: 'gay' }))).toEqual(gay);
    expect(await fx.source.videos(listQuery({ gender: 'gay', type: 'straight' }))).toEqual({ videos: [], total_count: 0 });
    expect((await fx.source.videos(listQuery({ gender: 'str', type: 'shemale' }))).total_count).toBe(0);
  });
});

describe('the video answer and the sitemaps', () => {
  it('carries the models, channel, orientation, comments and tags with their listable videos', async () => {
    const id = all<{ id: number }>(`SELECT id FROM videos WHERE gender = 1 AND channel_id <> 0 AND ${LISTED} AND id IN (SELECT video_id FROM video_models) LIMIT 1`)[0]!.id;
    const r = await fx.source.video(id, 1);
    if (!('video' in r)) throw new Error('not found');
    const row = all<{ comments: number; channel: string }>('SELECT comments, (SELECT dir FROM channels WHERE id = channel_id) AS channel FROM videos WHERE id = ?', id)[0]!;
    expect(r.video.gender).toBe('gay');
    expect(r.video.comments).toBe(row.comments);
    expect(r.video.channel?.dir).toBe(row.channel);
    expect(r.video.models!.length).toBeGreaterThan(0);
    for (const t of r.video.tags ?? []) {
      const n = all<{ n: number }>(
        `SELECT count(*) AS n FROM video_tags vt JOIN tags t ON t.id = vt.tag_id JOIN videos v ON v.id = vt.video_id WHERE t.dir = ? AND v.gender = 1 AND ${listed('v.')}`,
        t.dir,
      )[0]!.n;
      // The statistics are as of the seed, an hour before NOW: nothing was scheduled in between.
      expect(t.total_videos).toBe(n);
    }
  });

  it('lists models, channels and tags for the sitemaps in dir order, a tag only from MIN_TAG_VIDEOS videos', async () => {
    const tags = await fx.source.sitemapEntities!('tag', 1, 1000);
    expect(tags.length).toBeGreaterThan(10);
    expect(tags.map((t) => t.dir)).toEqual(tags.map((t) => t.dir).sort());
    for (const t of tags) expect(t.videos).toBeGreaterThanOrEqual(MIN_TAG_VIDEOS);
    const models = await fx.source.sitemapEntities!('model', 2, 20);
    const first = await fx.source.sitemapEntities!('model', 1, 40);
    expect(models).toEqual(first.slice(20, 40));
  });

  // A small catalogue for the tags: some of its tags have videos of an orientation, but fewer than MIN_TAG_VIDEOS.
  it.each([
    ['model', 0],
    ['tag', 200],
  ] as const)('lists each %s in the orientations its page answers in, a tag from MIN_TAG_VIDEOS there, dated by their newest video', async (kind, videos) => {
    const f = videos ? openFixture(videos) : fx;
    try {
      const least = kind === 'tag' ? MIN_TAG_VIDEOS : 1;
      const per = f.db
        .prepare(
          `SELECT e.dir, v.gender, count(*) AS videos, max(v.post_date) AS last FROM video_${kind}s x JOIN videos v ON v.id = x.video_id
           JOIN ${kind}s e ON e.id = x.${kind}_id WHERE ${listed('v.')} GROUP BY e.id, v.gender ORDER BY e.dir, v.gender`,
        )
        .all() as { dir: string; gender: number; videos: number; last: number }[];
      // The rule must leave some orientation of an entity out: one a page of would be a 404, or noindex.
      if (kind === 'tag') expect(per.some((r) => r.videos < least)).toBe(true);
      const date = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');
      const want = new Map<string, { orientation: string; videos: number; last_post_date: string }[]>();
      for (const r of per.filter((x) => x.videos >= least)) {
        want.set(r.dir, [...(want.get(r.dir) ?? []), { orientation: ORIENTATIONS[r.gender]!, videos: r.videos, last_post_date: date(r.last) }]);
      }
      const got = await f.source.sitemapEntities!(kind, 1, 10_000);
      expect(got.map((e) => [e.dir, e.orientations])).toEqual([...want]);
      // Some entity is listed in an orientation other than straight only: its straight page is a 404.
      if (kind === 'model') expect(got.some((e) => !e.orientations.some((o) => o.orientation === 'str'))).toBe(true);
      for (const e of got) expect(e.last_post_date).toBe(e.orientations.map((o) => o.last_post_date).sort().at(-1));
    } finally {
      if (f !== fx) f.close();
    }
  });

  it('the contract table is answered by the embedded catalogue', async () => {
    const questions = await entityQuestions(fx.source);
    expect(questions.length).toBeGreaterThan(50);
    for (const q of questions) await expect(q.ask(fx.source)).resolves.toBeDefined();
  });
});
