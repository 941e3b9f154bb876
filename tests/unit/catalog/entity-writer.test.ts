/**
 * The SQLite writer and the content model of issue 26: a feed row's models, channel, orientation
 * and comments are stored; a re-import replaces them; a takedown leaves every list and count;
 * and after each the entity statistics equal a recount from the rows, as do views.
 */
import type { FeedRow } from '@/lib/catalog/feed-row';
import { rebuildEntityStats } from '@/lib/catalog/sqlite/entity-stats';
import { recordView } from '@/lib/catalog/sqlite/input-actions';
import { SqliteCatalogWriter } from '@/lib/catalog/sqlite/writer';
import { type Fixture, listQuery, NOW, openFixture } from './helpers/catalog-fixture';

let fx: Fixture;
beforeEach(() => {
  fx = openFixture(300);
});
afterEach(() => fx.close());

function row(ext: string, over: Partial<FeedRow> = {}): FeedRow {
  return {
    line: 1,
    externalId: ext,
    title: `Lantern Harbour ${ext}`,
    dir: '',
    description: 'A quiet evening by the water.',
    postDate: NOW - 7200,
    duration: 900,
    embedUrl: `https://example.com/embed/${ext}`,
    thumbUrl: null,
    thumbs: [],
    previewUrl: null,
    categories: ['Harbour Life'],
    tags: ['Calm'],
    models: ['Imke Vaszary', 'Odile Brenner'],
    channel: 'Quiet Coast Studio',
    orientation: 'gay',
    comments: 12,
    views: 500,
    likes: 10,
    dislikes: 1,
    ...over,
  };
}

async function run(rows: FeedRow[]): Promise<void> {
  const writer = new SqliteCatalogWriter(fx.db, { now: NOW });
  const runId = await writer.startRun('partner');
  await writer.writeBatch('partner', runId, rows);
  await writer.finish();
}

async function takedown(ext: string): Promise<void> {
  const writer = new SqliteCatalogWriter(fx.db, { now: NOW });
  await writer.remove([{ source: 'partner', externalId: ext }], { takedown: true });
  await writer.finish();
}

/** entity_stats as the writers left it, and as a recount from the rows makes it. */
function statsAndRecount(): [unknown[], unknown[]] {
  const kept = fx.db.prepare('SELECT * FROM entity_stats ORDER BY kind, entity_id, gender').all();
  rebuildEntityStats(fx.db, NOW);
  return [kept, fx.db.prepare('SELECT * FROM entity_stats ORDER BY kind, entity_id, gender').all()];
}

const ids = (r: { videos: { video_id: unknown }[] }) => r.videos.map((v) => Number(v.video_id));
const videoId = (ext: string) => fx.db.prepare("SELECT video_id FROM video_sources WHERE source = 'partner' AND external_id = ?").pluck().get(ext) as number;

it('stores models, channel, orientation and comments, lists the video by each, and keeps the statistics a recount gives', async () => {
  await run([row('1'), row('2', { orientation: undefined, models: [], channel: null, comments: undefined })]);
  const [kept, recount] = statsAndRecount();
  expect(kept).toEqual(recount);

  const one = videoId('1');
  const detail = await fx.source.video(one, 1);
  if (!('video' in detail)) throw new Error('not found');
  expect(detail.video).toMatchObject({
    gender: 'gay',
    comments: 12,
    channel: { title: 'Quiet Coast Studio', dir: 'quiet-coast-studio' },
    models: [{ title: 'Imke Vaszary', dir: 'imke-vaszary' }, { title: 'Odile Brenner', dir: 'odile-brenner' }],
  });
  const byModel = await fx.source.videos(listQuery({ section: 'model', objectId: 'odile-brenner', gender: 'gay' }));
  expect(ids(byModel)).toEqual([one]);
  expect(byModel.videos[0]).toMatchObject({ models: 'Imke Vaszary, Odile Brenner', gender: 'gay' });
  expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'quiet-coast-studio', gender: 'gay' })))).toEqual([one]);
  expect(ids(await fx.source.videos(listQuery({ sort: 'most-commented', gender: 'gay', count: 120 })))).toContain(one);
  // Absent in the feed: straight, no models, no channel, no comments.
  const two = await fx.source.video(videoId('2'), 1);
  expect('video' in two && two.video).toMatchObject({ gender: 'str', comments: 0, channel: null, models: [] });
  const models = await fx.source.models!({ lifetime: 1, gender: 'gay', sort: 'newest', letter: 'o', count: 60, page: 1 });
  expect(models.models.map((m) => [m.dir, m.statistics.videos])).toContainEqual(['odile-brenner', 1]);
});

it('a re-import replaces models, channel, tags and orientation; a takedown leaves every list; statistics stay a recount', async () => {
  await run([row('1'), row('2')]);
  const one = videoId('1');
  await run([row('1', { models: ['Odile Brenner', 'Pia Sandoval'], channel: 'Harbour Lights Films', tags: ['Slow Motion'], orientation: 'she', comments: 40 }), row('2')]);
  let [kept, recount] = statsAndRecount();
  expect(kept).toEqual(recount);
  expect(ids(await fx.source.videos(listQuery({ section: 'model', objectId: 'imke-vaszary', gender: 'gay' })))).toEqual([videoId('2')]);
  expect(ids(await fx.source.videos(listQuery({ section: 'model', objectId: 'pia-sandoval', gender: 'she' })))).toEqual([one]);
  expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'harbour-lights-films', gender: 'she' })))).toEqual([one]);
  expect(ids(await fx.source.videos(listQuery({ section: 'channel', objectId: 'quiet-coast-studio', gender: 'gay' })))).toEqual([videoId('2')]);
  expect(ids(await fx.source.videos(listQuery({ section: 'tag', objectId: 'slow-motion', gender: 'she' })))).toContain(one);
  expect(ids(await fx.source.videos(listQuery({ gender: 'gay', count: 120 })))).not.toContain(one);

  recordView(fx.db, one, NOW);
  [kept, recount] = statsAndRecount();
  expect(kept).toEqual(recount);

  await takedown('1');
  [kept, recount] = statsAndRecount();
  expect(kept).toEqual(recount);
  for (const [section, objectId] of [['model', 'pia-sandoval'], ['channel', 'harbour-lights-films'], ['tag', 'slow-motion']] as const) {
    expect(ids(await fx.source.videos(listQuery({ section, objectId, gender: 'she', count: 120 })))).not.toContain(one);
  }
  expect(fx.db.prepare('SELECT count(*) FROM video_models WHERE video_id = ?').pluck().get(one)).toBe(0);
  expect(await fx.source.models!({ lifetime: 1, gender: 'she', sort: 'title', letter: 'p', count: 60, page: 1 })).toMatchObject({
    models: expect.not.arrayContaining([expect.objectContaining({ dir: 'pia-sandoval' })]),
  });
});
