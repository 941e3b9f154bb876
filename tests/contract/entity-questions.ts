/**
 * The questions of issue 26 (orientation, models, channels, tags, the other sorts) that every
 * pair of sources must answer alike: the site's API against the embedded catalogue
 * (api-contract.test.ts), the PostgreSQL catalogue against the SQLite one (tests/pg/contract.test.ts).
 * The dirs asked come from `reference`'s own answers, so that the table fits any seeded size.
 */
import type { Source, EntitiesQuery, VideosQuery } from '@/lib/contract/source';
import { ENTITY_SORTS, type Orientation } from '@/lib/contract/types';

export interface Question {
  name: string;
  ask: (s: Source) => Promise<unknown>;
  /** Only the catalogues answer it (no API path asks it: the sitemaps read the catalogue). */
  catalogueOnly?: boolean;
}

const list = (over: Partial<VideosQuery> = {}): VideosQuery => ({
  lifetime: 86400, gender: 'str', sort: 'latest-updates', count: 24, section: '', objectId: '', page: 1,
  type: 'all', duration: 'all', date: 'all', ...over,
});

const index = (sort: EntitiesQuery['sort'], over: Partial<EntitiesQuery> = {}): EntitiesQuery => ({
  lifetime: 86400, gender: 'str', sort, letter: '', count: 20, page: 1, ...over,
});

/** Whether a source has the model and channel indexes (both catalogues and the upstream source do). */
function indexes(s: Source): Required<Pick<Source, 'models' | 'channels'>> {
  if (!s.models || !s.channels) throw new Error('this source has no model and channel indexes');
  return { models: s.models.bind(s), channels: s.channels.bind(s) };
}

/** The table, its dirs taken from `reference` (which must hold models, channels and tags). */
export async function entityQuestions(reference: Source): Promise<Question[]> {
  const { models, channels } = indexes(reference);
  const topModel = (await models(index('count-videos'))).models[0]?.dir;
  const topChannel = (await channels(index('count-videos'))).channels[0]?.dir;
  const gayModel = (await models(index('count-videos', { gender: 'gay' }))).models[0]?.dir;
  const first = await reference.videos(list({ section: 'model', objectId: topModel ?? '' }));
  const video = Number(first.videos[0]?.video_id);
  const detail = await reference.video(video, 86400);
  const tag = 'video' in detail ? detail.video.tags?.[0]?.dir : undefined;
  if (!topModel || !topChannel || !gayModel || !tag || !Number.isFinite(video)) throw new Error('the reference catalogue holds no models, channels or tags');
  const gayFirst = (await reference.videos(list({ gender: 'gay', count: 1 }))).videos[0];
  const gayVideo = Number(gayFirst?.video_id);
  const gayWord = gayFirst?.title.split(' ').find((w) => w.length >= 4) ?? 'walk';

  const q: Question[] = [];
  const videos = (name: string, over: Partial<VideosQuery>) => q.push({ name: `videos: ${name}`, ask: (s) => s.videos(list(over)) });
  for (const gender of ['gay', 'she'] as Orientation[]) {
    videos(`${gender}, latest`, { gender });
    videos(`${gender}, most viewed, page 2`, { gender, sort: 'most-viewed', page: 2 });
    videos(`${gender}, most commented`, { gender, sort: 'most-commented' });
    videos(`${gender}, most popular of the week, 10 to 40 minutes`, { gender, sort: 'most-popular', date: 'week', duration: '2' });
  }
  videos('gay with type straight (empty)', { gender: 'gay', type: 'straight' });
  videos('gay with type gay', { gender: 'gay', type: 'gay' });
  videos('most viewed, page 3', { sort: 'most-viewed', page: 3 });
  videos('most commented, page 3', { sort: 'most-commented', page: 3 });
  for (const sort of ['latest-updates', 'most-viewed', 'most-commented', 'top-rated', 'longest'] as const) {
    videos(`model ${topModel}, ${sort}`, { section: 'model', objectId: topModel, sort });
    videos(`channel ${topChannel}, ${sort}`, { section: 'channel', objectId: topChannel, sort });
    videos(`tag ${tag}, ${sort}`, { section: 'tag', objectId: tag, sort });
  }
  videos(`model ${topModel}, most popular of the month`, { section: 'model', objectId: topModel, sort: 'most-popular', date: 'month' });
  videos(`tag ${tag}, most popular of the week, page 2`, { section: 'tag', objectId: tag, sort: 'most-popular', date: 'week', page: 2 });
  videos(`channel ${topChannel}, under 10 minutes`, { section: 'channel', objectId: topChannel, duration: '1' });
  videos(`gay model ${gayModel}, gay`, { section: 'model', objectId: gayModel, gender: 'gay' });
  videos('unknown model (empty)', { section: 'model', objectId: 'no-such-model' });
  videos('unknown channel (empty)', { section: 'channel', objectId: 'no-such-channel' });
  videos('unknown tag (empty)', { section: 'tag', objectId: 'no-such-tag' });

  for (const sort of ENTITY_SORTS) {
    q.push({ name: `models: ${sort}`, ask: (s) => indexes(s).models(index(sort)) });
    q.push({ name: `models: ${sort}, page 2, shemale`, ask: (s) => indexes(s).models(index(sort, { page: 2, gender: 'she' })) });
    q.push({ name: `models: ${sort}, letter m`, ask: (s) => indexes(s).models(index(sort, { letter: 'm' })) });
    q.push({ name: `channels: ${sort}`, ask: (s) => indexes(s).channels(index(sort)) });
    q.push({ name: `channels: ${sort}, gay`, ask: (s) => indexes(s).channels(index(sort, { gender: 'gay' })) });
  }
  q.push({ name: 'models: letter 0 (names starting otherwise)', ask: (s) => indexes(s).models(index('title', { letter: '0' })) });
  q.push({ name: 'models: past the last page', ask: (s) => indexes(s).models(index('title', { page: 10_000 })) });

  for (const section of ['recent', 'toptn', 'title']) {
    q.push({ name: `categories: ${section}, shemale`, ask: (s) => s.categories({ lifetime: 14400, gender: 'she', section, lang: 'en' }) });
  }
  q.push({
    name: `search "${gayWord}", gay`,
    ask: (s) => s.search({ lifetime: 86400, gender: 'gay', count: 24, page: 1, type: 'all', duration: 'all', date: 'all', term: gayWord }),
  });
  q.push({ name: 'main stats, gay', ask: (s) => s.main(14400, 'gay', 'en') });
  q.push({ name: `video ${video} with its models, channel and tags`, ask: (s) => s.video(video, 86400) });
  q.push({ name: `related of gay video ${gayVideo}`, ask: (s) => s.related({ lifetime: 432000, videoId: gayVideo, count: 10, page: 1 }) });
  for (const kind of ['model', 'channel', 'tag'] as const) {
    q.push({ name: `sitemap of ${kind}s`, catalogueOnly: true, ask: (s) => s.sitemapEntities!(kind, 1, 50) });
  }
  return q;
}
