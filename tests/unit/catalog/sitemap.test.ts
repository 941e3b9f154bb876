import { sitemapRange, sitemapRanges } from '@/lib/catalog/sqlite/sitemap-query';
import { type Fixture, NOW, openFixture, unixOf, VIDEOS } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture();
});
afterAll(() => fx.close());

describe('video sitemaps by id range', () => {
  it('splits the listable videos into ranges of ids, each with its count and newest post date', () => {
    const ranges = sitemapRanges(fx.db, 1000, NOW);
    const listable = fx.db.prepare('SELECT count(*) FROM videos WHERE status_id IN (1,5) AND post_date <= ?').pluck().get(NOW);
    expect(ranges.reduce((n, r) => n + r.videos, 0)).toBe(listable);
    expect(ranges.map((r) => r.range)).toEqual(ranges.map((_, i) => i + 1).filter((n) => n <= Math.ceil(VIDEOS / 1000)));
    for (const r of ranges) {
      const newest = fx.db
        .prepare('SELECT max(post_date) FROM videos WHERE id BETWEEN ? AND ? AND status_id IN (1,5) AND post_date <= ?')
        .pluck()
        .get((r.range - 1) * 1000 + 1, r.range * 1000, NOW);
      expect(unixOf(r.last_post_date)).toBe(newest);
    }
  });

  it('lists a range in id order with descriptions, never a hidden or scheduled video', () => {
    const videos = sitemapRange(fx.db, 2, 1000, NOW);
    const ids = videos.map((v) => Number(v.video_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThanOrEqual(1001);
    expect(ids.at(-1)).toBeLessThanOrEqual(2000);
    for (const v of videos) {
      expect(v.description.length).toBeGreaterThan(10);
      const row = fx.db.prepare('SELECT status_id, post_date FROM videos WHERE id = ?').get(Number(v.video_id)) as {
        status_id: number;
        post_date: number;
      };
      expect([1, 5]).toContain(row.status_id);
      expect(row.post_date).toBeLessThanOrEqual(NOW);
    }
    const hidden = fx.db.prepare('SELECT count(*) FROM videos WHERE id BETWEEN 1001 AND 2000 AND status_id = 0').pluck().get() as number;
    const scheduled = fx.db.prepare('SELECT count(*) FROM videos WHERE id BETWEEN 1001 AND 2000 AND post_date > ?').pluck().get(NOW) as number;
    expect(videos.length).toBe(1000 - hidden - scheduled);
  });

  it('has nothing past the last id', () => {
    expect(sitemapRange(fx.db, 999, 1000, NOW)).toEqual([]);
  });
});
