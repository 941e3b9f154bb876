import { toVideoFiles } from '@/lib/kvs/reshape';
import { type Fixture, NOW, openFixture } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture();
});
afterAll(() => fx.close());

/** A published straight video with this status (the orientation most videos have). */
function visibleId(status: number, offset = 0): number {
  return fx.db
    .prepare('SELECT id FROM videos WHERE status_id = ? AND gender = 0 AND post_date <= ? ORDER BY id LIMIT 1 OFFSET ?')
    .pluck()
    .get(status, NOW, offset) as number;
}

describe('embedded source: one video', () => {
  it('returns the detail shape', async () => {
    const id = visibleId(1, 10);
    const res = await fx.source.video(id, 86400);
    if (!('video' in res)) throw new Error('expected a video');
    const v = res.video;
    expect(v).toMatchObject({
      video_id: id,
      embed: `/embed/${id}/`,
      thumbsrc: `/media/thumbs/${id}/1.svg`,
      preview_url: '/demo/preview.mp4',
      status_id: 1,
      post_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      statistics: { viewed: expect.any(Number), likes: expect.any(Number), dislikes: expect.any(Number) },
      user: { username: expect.any(String) },
      ex_tube: expect.any(String),
      ex_id: expect.any(Number),
      sg_id: expect.any(Number),
    });
    expect(v.categories.length).toBeGreaterThan(0);
    expect(v.categories[0]).toEqual({ title: expect.any(String), dir: expect.any(String) });
    expect(v.tags?.length).toBeGreaterThan(1);
    expect(v.description.length).toBeGreaterThan(10);
  });

  it('has a few status 5 videos, served with their status', async () => {
    const count = fx.db.prepare('SELECT count(*) FROM videos WHERE status_id = 5').pluck().get() as number;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(30);
    const res = await fx.source.video(visibleId(5), 86400);
    expect('video' in res && res.video.status_id).toBe(5);
  });

  it('answers video_not_found for missing, disabled and scheduled ids', async () => {
    const disabled = fx.db.prepare('SELECT id FROM videos WHERE status_id = 0 LIMIT 1').pluck().get() as number;
    const scheduled = fx.db.prepare('SELECT id FROM videos WHERE post_date > ? LIMIT 1').pluck().get(NOW) as number;
    for (const id of [999_999, disabled, scheduled, 0, -1]) {
      expect(await fx.source.video(id, 86400)).toEqual({ error: 1, code: 'video_not_found' });
    }
  });

  it("gives the demo file for a listable video, encoded the network's way, and null otherwise", async () => {
    const id = visibleId(1);
    const files = await fx.source.videofile(id, 864000);
    // base64 of "/demo/clip.mp4" is L2RlbW8vY2xpcC5tcDQ=: the C becomes its Cyrillic look-alike, "=" becomes "~".
    expect(files).toEqual([{ format: '_sd.mp4', video_url: 'L2RlbW8vY2xpc\u04215tcDQ~' }]);
    expect(toVideoFiles(files)).toEqual([{ format: '_sd.mp4', url: '/demo/clip.mp4' }]);
    expect(await fx.source.videofile(999_999, 864000)).toBeNull();
  });
});

describe('embedded source: related', () => {
  it('never contains the video itself and shares a category', async () => {
    const cats = fx.db.prepare('SELECT category_id FROM video_categories WHERE video_id = ?').pluck();
    for (const offset of [0, 50, 700, 1500]) {
      const id = visibleId(1, offset);
      const own = new Set(cats.all(id) as number[]);
      const res = await fx.source.related({ lifetime: 432000, videoId: id, count: 20, page: 1 });
      expect(res.videos.length).toBe(20);
      expect(Number(res.total_count)).toBeGreaterThanOrEqual(20);
      for (const v of res.videos) {
        expect(Number(v.video_id)).not.toBe(id);
        expect((cats.all(v.video_id) as number[]).some((c) => own.has(c))).toBe(true);
      }
    }
  });

  it('pages without repeats', async () => {
    const id = visibleId(1, 200);
    const pages = await Promise.all([1, 2, 3].map((page) => fx.source.related({ lifetime: 1, videoId: id, count: 10, page })));
    const all = pages.flatMap((p) => p.videos.map((v) => v.video_id));
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
  });

  it('is empty for an unknown video', async () => {
    expect(await fx.source.related({ lifetime: 1, videoId: 999_999, count: 10, page: 1 })).toEqual({ videos: [], total_count: 0 });
  });
});

describe('embedded source: input', () => {
  it('counts a view, in the video and in its category copies', async () => {
    const id = visibleId(1, 3);
    const before = fx.db.prepare('SELECT views FROM videos WHERE id = ?').pluck().get(id) as number;
    expect(await fx.source.input({ act: 'view', section: 'video', objectId: id }, { key: 'a' })).toEqual({ ok: 1 });
    expect(fx.db.prepare('SELECT views FROM videos WHERE id = ?').pluck().get(id)).toBe(before + 1);
    const copies = fx.db.prepare('SELECT DISTINCT views FROM video_categories WHERE video_id = ?').pluck().all(id);
    expect(copies).toEqual([before + 1]);
  });

  it('refuses a view of a status 5 video and of a missing one', async () => {
    const id = visibleId(5);
    const before = fx.db.prepare('SELECT views FROM videos WHERE id = ?').pluck().get(id);
    expect(await fx.source.input({ act: 'view', section: 'video', objectId: id }, { key: 'a' })).toEqual({ error: 1, code: 'stats_disabled' });
    expect(fx.db.prepare('SELECT views FROM videos WHERE id = ?').pluck().get(id)).toBe(before);
    expect(await fx.source.input({ act: 'view', section: 'video', objectId: 999_999 }, { key: 'a' })).toEqual({ error: 1, code: 'not_found' });
  });

  it('accepts one vote per visitor and video', async () => {
    const id = visibleId(1, 7);
    const read = () => fx.db.prepare('SELECT likes, dislikes, rating FROM videos WHERE id = ?').get(id) as { likes: number; dislikes: number; rating: number };
    const before = read();
    expect(await fx.source.input({ act: 'vote', section: 'video', objectId: id, vote: 1 }, { key: 'visitor-1' })).toEqual({ ok: 1 });
    expect(await fx.source.input({ act: 'vote', section: 'video', objectId: id, vote: 0 }, { key: 'visitor-1' })).toEqual({ error: 1, code: 'already_voted' });
    expect(await fx.source.input({ act: 'vote', section: 'video', objectId: id, vote: 0 }, { key: 'visitor-2' })).toEqual({ ok: 1 });
    const after = read();
    expect(after.likes).toBe(before.likes + 1);
    expect(after.dislikes).toBe(before.dislikes + 1);
    expect(after.rating).toBeCloseTo((after.likes / (after.likes + after.dislikes)) * 5, 2);
    const copy = fx.db.prepare('SELECT DISTINCT likes, rating FROM video_categories WHERE video_id = ?').all(id);
    expect(copy).toEqual([{ likes: after.likes, rating: after.rating }]);
  });

  it('refuses a vote for a missing video', async () => {
    expect(await fx.source.input({ act: 'vote', section: 'video', objectId: 999_999, vote: 1 }, { key: 'v' })).toEqual({ error: 1, code: 'not_found' });
  });
});

describe('embedded source: categories', () => {
  it('lists every category with live totals, by total or by title', async () => {
    const top = await fx.source.categories({ lifetime: 1, gender: 'str', section: 'toptn', lang: 'en' });
    expect(top.categories).toHaveLength(40);
    const totals = top.categories.map((c) => Number(c.total_videos));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const first = top.categories[0]!;
    expect(first.scr).toBe(`/media/category/${first.dir}.svg`);
    const byTitle = await fx.source.categories({ lifetime: 1, gender: 'str', section: 'title', lang: 'en' });
    const titles = byTitle.categories.map((c) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
