/**
 * The PostgreSQL writer and the content model (issue 26): a feed's models, channel, orientation
 * and comments are stored; a re-import replaces them; a takedown takes the video out of every list
 * and statistic. After each step the derived numbers (the model, channel and tag statistics, the
 * listing totals by orientation, the period totals) equal a recount from the videos themselves, and
 * the Source answers from them. Real PostgreSQL (the throwaway server of global-setup.mjs).
 */
import type { Source } from '@/lib/contract/source';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { PgCatalogWriter } from '@/lib/catalog/postgres/writer';
import { listQuery, NOW, SEED_NOW } from '../unit/catalog/helpers/catalog-fixture';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

let db: PgDatabase;
let source: Source;

beforeEach(async () => {
  db = await seededDatabase(400, SEED_NOW);
  source = createPgSource(db.pool, { now: () => NOW, versionPollMs: 0 });
});
afterEach(async () => {
  await db.drop();
});

const rows = async (sql: string, args: unknown[] = []) => (await db.pool.query<{ r: string }>(sql, args)).rows.map((x) => x.r);

const VISIBLE = 'v.status_id IN (1, 5) AND v.post_date <= $1';

/**
 * The statistics as they must be at `at`, counted again from videos and the memberships alone (not
 * the copied columns): entity_stats, video_day_counts' last totals and period_counts.
 */
async function recounted(at = NOW) {
  const entities = await rows(
    `SELECT ROW(kind, entity_id, gender, count(*), sum(views), max(post_date))::text AS r FROM (
       SELECT 1 AS kind, m.model_id AS entity_id, v.gender, v.views, v.post_date FROM video_models m JOIN videos v ON v.id = m.video_id WHERE ${VISIBLE}
       UNION ALL SELECT 2, v.channel_id, v.gender, v.views, v.post_date FROM videos v WHERE v.channel_id <> 0 AND ${VISIBLE}
       UNION ALL SELECT 3, t.tag_id, v.gender, v.views, v.post_date FROM video_tags t JOIN videos v ON v.id = t.video_id WHERE ${VISIBLE}
     ) x GROUP BY kind, entity_id, gender ORDER BY 1`,
    [at],
  );
  const totals = await rows(
    `SELECT ROW(c, gender, count(*))::text AS r FROM (
       SELECT 0 AS c, v.gender FROM videos v WHERE v.status_id IN (1, 5)
       UNION ALL SELECT vc.category_id, v.gender FROM video_categories vc JOIN videos v ON v.id = vc.video_id WHERE v.status_id IN (1, 5)
     ) x GROUP BY c, gender ORDER BY 1`,
  );
  const periods = await rows(
    `SELECT ROW(p.period, s.kind, s.entity_id, v.gender, count(*))::text AS r FROM period_stats p JOIN videos v ON v.id = p.video_id
     CROSS JOIN LATERAL (
       SELECT 0 AS kind, 0 AS entity_id
       UNION ALL SELECT 0, category_id FROM video_categories WHERE video_id = v.id
       UNION ALL SELECT 1, model_id FROM video_models WHERE video_id = v.id
       UNION ALL SELECT 2, v.channel_id WHERE v.channel_id <> 0
       UNION ALL SELECT 3, tag_id FROM video_tags WHERE video_id = v.id
     ) s GROUP BY p.period, s.kind, s.entity_id, v.gender ORDER BY 1`,
  );
  return { entities, totals, periods };
}

/** The same, as the catalogue keeps them. */
async function kept() {
  return {
    entities: await rows('SELECT ROW(kind, entity_id, gender, videos, views, last_post_date)::text AS r FROM entity_stats ORDER BY 1'),
    totals: await rows(
      `SELECT DISTINCT ON (category_id, gender) ROW(category_id, gender, cum)::text AS r FROM video_day_counts WHERE dur_class = 0
       ORDER BY category_id, gender, day DESC`,
    ).then((r) => r.sort()),
    periods: await rows('SELECT ROW(period, kind, entity_id, gender, count)::text AS r FROM period_counts WHERE dur_class = 0 AND count > 0 ORDER BY 1'),
  };
}

const base = (externalId: string, over: Partial<FeedRow>): FeedRow => ({
  line: 1, externalId, title: `Quokka Harbour Walk ${externalId}`, dir: `quokka-harbour-walk-${externalId}`, description: '', postDate: SEED_NOW - 86_400 * 3,
  duration: 300, embedUrl: `https://embed.example.com/${externalId}`, thumbUrl: `https://img.example.com/${externalId}.jpg`, thumbs: [], previewUrl: null,
  categories: ['Harbours'], tags: ['quokka trail'], models: [], views: 0, likes: 0, dislikes: 0, ...over,
});

async function write(run: number, feed: FeedRow[]) {
  const writer = new PgCatalogWriter(db.pool, false, { now: NOW });
  const result = await writer.writeBatch('partner', run, feed);
  await writer.finish();
  await writer.close();
  return result;
}

const idOf = async (externalId: string) => Number((await rows('SELECT video_id::text AS r FROM video_sources WHERE external_id = $1', [externalId]))[0]);
const titles = async (q: Parameters<Source['videos']>[0]) => (await source.videos(q)).videos.map((v) => v.title);

it('stores models, channel, orientation and comments; a re-import replaces them; a takedown takes the video out of every list and statistic', async () => {
  // The seed counted as of its own clock.
  expect(await kept()).toEqual(await recounted(SEED_NOW));
  const feed = [
    base('a', { models: ['Quill Ashby', 'Runa Fenn'], channel: 'Lantern Quarry Reels', orientation: 'gay', comments: 7, views: 100 }),
    base('b', { models: ['Quill Ashby'], channel: 'Lantern Quarry Reels', orientation: 'gay', views: 50, postDate: SEED_NOW - 86_400 }),
    base('c', { models: ['Runa Fenn'], orientation: 'she', views: 10 }),
  ];
  expect(await write(1, feed)).toEqual({ added: 3, updated: 0, unchanged: 0, takenDown: 0 });
  expect(await kept()).toEqual(await recounted());

  const [a, b] = [await idOf('a'), await idOf('b')];
  const detail = await source.video(a, 86400);
  expect('video' in detail && detail.video).toMatchObject({
    models: [{ title: 'Quill Ashby', dir: 'quill-ashby' }, { title: 'Runa Fenn', dir: 'runa-fenn' }],
    channel: { title: 'Lantern Quarry Reels', dir: 'lantern-quarry-reels' },
    gender: 'gay',
    comments: 7,
    tags: [{ title: 'quokka trail', dir: 'quokka-trail', total_videos: 2 }],
  });
  const byModel = await source.videos(listQuery({ gender: 'gay', section: 'model', objectId: 'quill-ashby' }));
  expect(byModel.videos.map((v) => [Number(v.video_id), v.models, v.gender])).toEqual([
    [b, 'Quill Ashby', 'gay'],
    [a, 'Quill Ashby, Runa Fenn', 'gay'],
  ]);
  expect(byModel).toMatchObject({ total_count: 2, models: [{ title: 'Quill Ashby', statistics: { videos: 2, viewed: 150 }, scr: 'https://img.example.com/a.jpg' }] });
  // Not in the other orientations' lists, nor in the indexes of them.
  expect(await source.videos(listQuery({ section: 'model', objectId: 'quill-ashby' }))).toEqual({ videos: [], total_count: 0 });
  expect(await titles(listQuery({ gender: 'gay', section: 'channel', objectId: 'lantern-quarry-reels' }))).toEqual(['Quokka Harbour Walk b', 'Quokka Harbour Walk a']);
  expect(await titles(listQuery({ gender: 'she', section: 'model', objectId: 'runa-fenn' }))).toEqual(['Quokka Harbour Walk c']);
  expect(await titles(listQuery({ gender: 'gay', section: 'tag', objectId: 'quokka-trail', sort: 'most-commented' }))).toEqual(['Quokka Harbour Walk a', 'Quokka Harbour Walk b']);
  const gayModels = await source.models!({ lifetime: 0, gender: 'gay', sort: 'title', letter: 'q', count: 10, page: 1 });
  expect(gayModels.models.map((m) => [m.title, m.statistics.videos])).toEqual([['Quill Ashby', 2]]);
  expect((await source.models!({ lifetime: 0, gender: 'str', sort: 'title', letter: 'q', count: 10, page: 1 })).models.map((m) => m.title)).not.toContain('Quill Ashby');

  // Re-imported with changes: a turns straight, loses a model and its channel; b is watched more.
  const changed = [
    { ...feed[0]!, models: ['Runa Fenn'], channel: null, orientation: 'str' as const },
    { ...feed[1]!, views: 60 },
    feed[2]!,
  ];
  expect(await write(2, changed)).toEqual({ added: 0, updated: 2, unchanged: 1, takenDown: 0 });
  expect(await kept()).toEqual(await recounted());
  expect((await source.videos(listQuery({ gender: 'gay', section: 'model', objectId: 'quill-ashby' }))).models?.[0]?.statistics).toEqual({ videos: 1, viewed: 60 });
  expect(await titles(listQuery({ section: 'model', objectId: 'runa-fenn' }))).toEqual(['Quokka Harbour Walk a']);
  expect(await titles(listQuery({ gender: 'gay', section: 'channel', objectId: 'lantern-quarry-reels' }))).toEqual(['Quokka Harbour Walk b']);
  const again = await source.video(a, 86400);
  expect('video' in again && again.video).toMatchObject({ models: [{ title: 'Runa Fenn' }], channel: null, gender: 'str' });
  // A view counts in its model's, channel's and tag's numbers at once.
  await source.input({ act: 'view', section: 'video', objectId: b }, { key: 'visitor' });
  expect(await kept()).toEqual(await recounted());

  // Taken down: b leaves its model's, channel's and tag's lists and numbers.
  const writer = new PgCatalogWriter(db.pool, false, { now: NOW });
  await writer.remove([{ source: 'partner', externalId: 'b' }], { takedown: true });
  await writer.finish();
  await writer.close();
  expect(await kept()).toEqual(await recounted());
  expect(await source.videos(listQuery({ gender: 'gay', section: 'model', objectId: 'quill-ashby' }))).toEqual({ videos: [], total_count: 0 });
  expect(await source.videos(listQuery({ gender: 'gay', section: 'channel', objectId: 'lantern-quarry-reels' }))).toEqual({ videos: [], total_count: 0 });
  expect((await source.models!({ lifetime: 0, gender: 'gay', sort: 'title', letter: 'q', count: 10, page: 1 })).models).toEqual([]);
  expect(await titles(listQuery({ gender: 'gay', sort: 'most-viewed', count: 120 }))).not.toContain('Quokka Harbour Walk b');
  // Listed again, it stays down.
  expect(await write(3, changed)).toEqual({ added: 0, updated: 0, unchanged: 2, takenDown: 1 });
});
