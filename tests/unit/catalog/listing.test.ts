import type { RawVideo } from '@/lib/contract/raw';
import type { Sort } from '@/lib/contract/types';
import { type Fixture, listQuery, NOW, openFixture, unixOf } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture();
});
afterAll(() => fx.close());

/** Sort key of a listed video read back from the database (views, rating... are not all in the raw shape). */
function row(id: number) {
  return fx.db.prepare('SELECT * FROM videos WHERE id = ?').get(id) as {
    views: number; rating: number; likes: number; duration: number; comments: number; post_date: number; status_id: number;
  };
}

const KEYS: Record<Sort, (id: number) => number[]> = {
  'latest-updates': (id) => [row(id).post_date, id],
  'most-popular': (id) => [row(id).views, id],
  'most-viewed': (id) => [row(id).views, id],
  'top-rated': (id) => [row(id).rating, row(id).likes, id],
  longest: (id) => [row(id).duration, id],
  'most-commented': (id) => [row(id).comments, id],
};

function descending(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! > b[i]!;
  }
  return true;
}

function ids(videos: RawVideo[]): number[] {
  return videos.map((v) => Number(v.video_id));
}

describe('embedded source: videos listing', () => {
  it.each(Object.keys(KEYS) as Sort[])('orders %s across pages 1 and 2', async (sort) => {
    const p1 = await fx.source.videos(listQuery({ sort, count: 50 }));
    const p2 = await fx.source.videos(listQuery({ sort, count: 50, page: 2 }));
    const all = [...ids(p1.videos), ...ids(p2.videos)];
    expect(all).toHaveLength(100);
    expect(new Set(all).size).toBe(100);
    for (let i = 1; i < all.length; i++) {
      expect(descending(KEYS[sort](all[i - 1]!), KEYS[sort](all[i]!))).toBe(true);
    }
  });

  it('returns the raw shape with numbers and UTC dates', async () => {
    const { videos, total_count } = await fx.source.videos(listQuery({ count: 1 }));
    const v = videos[0]!;
    expect(typeof total_count).toBe('number');
    expect(v).toMatchObject({
      video_id: expect.any(Number),
      dir: expect.stringMatching(/^[a-z0-9-]+$/),
      title: expect.any(String),
      duration: expect.any(Number),
      video_viewed: expect.any(Number),
      sg_id: expect.any(Number),
      preview_url: '/demo/preview.mp4',
      post_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(v.scr).toBe(`/media/thumbs/${v.video_id}/1.svg`);
    expect(v.thumbs).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/media/thumbs/${v.video_id}/${n}.svg`));
    // Every list-item field of docs/spec.md §3.
    expect(v.scr1).toBe(`/media/thumbs/${v.video_id}/2.svg`);
    expect(v.img).toBe(v.scr);
    expect(v.isWatchLater).toBe(false);
  });

  it('never lists scheduled or disabled videos', async () => {
    const scheduled = fx.db.prepare('SELECT count(*) FROM videos WHERE post_date > ?').pluck().get(NOW) as number;
    const disabled = fx.db.prepare('SELECT count(*) FROM videos WHERE status_id = 0 AND post_date <= ?').pluck().get(NOW) as number;
    expect(scheduled).toBeGreaterThan(0);
    expect(disabled).toBeGreaterThan(0);
    // The default list is the straight one: the others' videos are not in it either.
    const others = fx.db.prepare('SELECT count(*) FROM videos WHERE gender <> 0 AND status_id <> 0 AND post_date <= ?').pluck().get(NOW) as number;
    expect(others).toBeGreaterThan(0);
    const { videos, total_count } = await fx.source.videos(listQuery({ count: 120 }));
    expect(total_count).toBe(3000 - scheduled - disabled - others);
    for (const v of videos) {
      expect(unixOf(v.post_date)).toBeLessThanOrEqual(NOW);
      expect(row(Number(v.video_id)).status_id).not.toBe(0);
    }
  });

  it.each([
    ['1', 0, 599],
    ['2', 600, 2400],
    ['3', 2401, Infinity],
  ] as const)('duration filter %s keeps %s..%s seconds', async (duration, min, max) => {
    const res = await fx.source.videos(listQuery({ sort: 'most-popular', duration, count: 120 }));
    expect(res.videos.length).toBeGreaterThan(0);
    for (const v of res.videos) {
      expect(Number(v.duration)).toBeGreaterThanOrEqual(min);
      expect(Number(v.duration)).toBeLessThanOrEqual(max);
    }
    const expected = fx.db
      .prepare('SELECT count(*) FROM videos WHERE gender = 0 AND status_id IN (1,5) AND post_date <= ? AND duration BETWEEN ? AND ?')
      .pluck()
      .get(NOW, min, max === Infinity ? 1e9 : max);
    expect(res.total_count).toBe(expected);
  });

  it.each([
    ['day', 1],
    ['week', 7],
    ['month', 30],
  ] as const)('date filter %s on a sort without period numbers keeps videos posted in the last %i days', async (date, days) => {
    const res = await fx.source.videos(listQuery({ sort: 'latest-updates', date, count: 120 }));
    expect(res.videos.length).toBeGreaterThan(0);
    for (const v of res.videos) {
      expect(unixOf(v.post_date)).toBeGreaterThanOrEqual(NOW - days * 86400);
      expect(unixOf(v.post_date)).toBeLessThanOrEqual(NOW);
    }
    const expected = fx.db
      .prepare('SELECT count(*) FROM videos WHERE gender = 0 AND status_id IN (1,5) AND post_date BETWEEN ? AND ?')
      .pluck()
      .get(NOW - days * 86400, NOW);
    expect(res.total_count).toBe(expected);
  });

  /** The period's views per straight video, from video_days: today and the N days before. */
  function periodViews(days: number): Map<number, number> {
    const today = Math.floor(NOW / 86400);
    const rows = fx.db
      .prepare(
        `SELECT d.video_id AS id, sum(d.views) AS views FROM video_days d JOIN videos v ON v.id = d.video_id
         WHERE d.day BETWEEN ? AND ? AND v.gender = 0 AND v.status_id IN (1,5) AND v.post_date <= ? GROUP BY d.video_id`,
      )
      .all(today - days, today, NOW) as { id: number; views: number }[];
    return new Map(rows.map((r) => [r.id, r.views]));
  }

  it.each([
    ['day', 1],
    ['week', 7],
    ['month', 30],
  ] as const)('most popular of the %s ranks by the views during the period, not by all-time views', async (date, days) => {
    const expected = periodViews(days);
    const res = await fx.source.videos(listQuery({ sort: 'most-popular', date, count: 60 }));
    expect(res.total_count).toBe(expected.size);
    const got = ids(res.videos).map((id) => expected.get(id));
    expect(got.every((v) => v !== undefined)).toBe(true);
    const best = [...expected.values()].sort((a, b) => b - a).slice(0, got.length);
    expect(got).toEqual(best);
    // All-time views would give another order: the period is what ranks.
    const allTime = ids(res.videos).map((id) => row(id).views);
    expect(allTime).not.toEqual([...allTime].sort((a, b) => b - a));
  });

  it('keeps the home row "most popular today" at 30 videos on the demo catalogue, for a year', async () => {
    const { createEmbeddedSource } = await import('@/lib/catalog/sqlite/store');
    for (const daysLater of [0, 1, 30, 180, 364]) {
      const later = createEmbeddedSource(fx.db, { now: () => NOW + daysLater * 86400 });
      const res = await later.videos(listQuery({ sort: 'most-popular', date: 'day', count: 30, lifetime: 3600 }));
      expect(res.videos).toHaveLength(30);
    }
  });

  it('top rated of the week ranks by the period votes, a single like not enough to win', async () => {
    const res = await fx.source.videos(listQuery({ sort: 'top-rated', date: 'week', count: 30 }));
    expect(res.videos.length).toBe(30);
    const { wilsonScore } = await import('@/lib/catalog/periods');
    const today = Math.floor(NOW / 86400);
    const scores = ids(res.videos).map((id) => {
      const r = fx.db
        .prepare('SELECT sum(likes) AS l, sum(dislikes) AS d FROM video_days WHERE video_id = ? AND day BETWEEN ? AND ?')
        .get(id, today - 7, today) as { l: number; d: number };
      return wilsonScore(r.l, r.d);
    });
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(wilsonScore(1, 0)).toBeLessThan(wilsonScore(40, 2));
  });

  it('a view counted today reaches the period ranking at once', async () => {
    const { recordView } = await import('@/lib/catalog/sqlite/input-actions');
    const before = await fx.source.videos(listQuery({ sort: 'most-popular', date: 'day', count: 60 }));
    const last = Number(before.videos.at(-1)!.video_id);
    const lead = periodViews(1).get(Number(before.videos[0]!.video_id))!;
    // Enough views today to move the last of the page to the top.
    const gap = lead - periodViews(1).get(last)! + 1;
    for (let i = 0; i < gap; i++) recordView(fx.db, last, NOW);
    const after = await fx.source.videos(listQuery({ sort: 'most-popular', date: 'day', count: 60 }));
    expect(Number(after.videos[0]!.video_id)).toBe(last);
  });

  it('moving the windows day by day gives the same sums and totals as a full rebuild', async () => {
    const { ensurePeriodStats, rebuildPeriodStats } = await import('@/lib/catalog/sqlite/period-stats');
    const snapshot = () => ({
      stats: fx.db.prepare('SELECT * FROM period_stats ORDER BY period, video_id').all(),
      counts: fx.db.prepare('SELECT * FROM period_counts WHERE count != 0 ORDER BY period, kind, entity_id, gender, dur_class').all(),
    });
    for (let d = 1; d <= 3; d++) ensurePeriodStats(fx.db, NOW + d * 86400);
    ensurePeriodStats(fx.db, NOW + 40 * 86400); // a pause longer than a month: rebuilt
    ensurePeriodStats(fx.db, NOW + 41 * 86400);
    const moved = snapshot();
    rebuildPeriodStats(fx.db, NOW + 41 * 86400);
    expect(moved).toEqual(snapshot());
    const later = (await import('@/lib/catalog/sqlite/store')).createEmbeddedSource(fx.db, { now: () => NOW + 41 * 86400 });
    const res = await later.videos(listQuery({ sort: 'most-popular', date: 'week', count: 60 }));
    expect(res.videos.length).toBe(60);
    rebuildPeriodStats(fx.db, NOW);
  });

  it('keeps the day filter alive for a year thanks to scheduled videos', async () => {
    const { createEmbeddedSource } = await import('@/lib/catalog/sqlite/store');
    for (const daysLater of [30, 180, 364]) {
      const later = createEmbeddedSource(fx.db, { now: () => NOW + daysLater * 86400 });
      const res = await later.videos(listQuery({ date: 'day' }));
      expect(res.total_count).toBeGreaterThan(0);
      expect(res.videos.length).toBeGreaterThan(0);
    }
  });

  it('lists a category, sorted, with its total and heading data', async () => {
    const res = await fx.source.videos(listQuery({ section: 'category', objectId: 'travel', sort: 'most-popular', count: 120 }));
    const travel = fx.db.prepare("SELECT id FROM categories WHERE dir = 'travel'").pluck().get() as number;
    const expected = fx.db
      .prepare(
        `SELECT count(*) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
         WHERE vc.category_id = ? AND v.gender = 0 AND v.status_id IN (1,5) AND v.post_date <= ?`,
      )
      .pluck()
      .get(travel, NOW);
    expect(res.total_count).toBe(expected);
    expect(res.categories?.[0]).toMatchObject({ dir: 'travel', title: 'Travel', total_videos: expected });
    const member = fx.db.prepare('SELECT 1 FROM video_categories WHERE video_id = ? AND category_id = ?');
    for (const v of res.videos) expect(member.get(v.video_id, travel)).toBeDefined();
    const views = res.videos.map((v) => Number(v.video_viewed));
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('answers an unknown category with an empty list', async () => {
    const res = await fx.source.videos(listQuery({ section: 'category', objectId: 'no-such-category' }));
    expect(res.videos).toEqual([]);
    expect(res.total_count).toBe(0);
  });

  it('pages consistently: offsets, no overlap, empty past the end', async () => {
    const first = await fx.source.videos(listQuery({ count: 7, page: 1 }));
    const third = await fx.source.videos(listQuery({ count: 7, page: 3 }));
    const big = await fx.source.videos(listQuery({ count: 21, page: 1 }));
    expect(ids(big.videos).slice(0, 7)).toEqual(ids(first.videos));
    expect(ids(big.videos).slice(14, 21)).toEqual(ids(third.videos));
    const total = Number(first.total_count);
    const lastPage = Math.ceil(total / 60);
    const last = await fx.source.videos(listQuery({ page: lastPage }));
    expect(last.videos).toHaveLength(total - (lastPage - 1) * 60);
    const beyond = await fx.source.videos(listQuery({ page: lastPage + 1 }));
    expect(beyond.videos).toEqual([]);
    expect(beyond.total_count).toBe(total);
  });
});
