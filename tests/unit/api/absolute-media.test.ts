import { absoluteUrl, withAbsoluteMedia } from '@/lib/kvs/absolute-media';
import { apiSource } from '@/lib/kvs/api-source';
import { siteRelative, siteRelativeList } from '@/lib/client/site-relative';
import type { Source } from '@/lib/contract/source';

const ORIGIN = 'https://tube.example';

describe('absolute media URLs', () => {
  it('put a root-relative URL under the origin and leave every other as it is', () => {
    expect(absoluteUrl('/media/thumbs/7/1.svg', ORIGIN)).toBe('https://tube.example/media/thumbs/7/1.svg');
    expect(absoluteUrl('https://cdn.example/a.jpg', ORIGIN)).toBe('https://cdn.example/a.jpg');
    expect(absoluteUrl('//cdn.example/a.jpg', ORIGIN)).toBe('//cdn.example/a.jpg');
    expect(absoluteUrl('/\\cdn.example/a.jpg', ORIGIN)).toBe('/\\cdn.example/a.jpg');
    expect(absoluteUrl('', ORIGIN)).toBe('');
  });

  it('reach every media field of every answer, and nothing else', () => {
    const list = {
      videos: [{ video_id: 7, dir: '/not-media', scr: '/m/7/1.svg', scr1: '/m/7/2.svg', img: '/m/7/1.svg', thumbs: ['/m/7/1.svg', 'https://cdn.example/2.jpg'], preview_url: '/demo/preview.mp4' }],
      total_count: 1,
      models: [{ title: 'A', dir: 'a', scr: '/m/1.svg', toptn: [{ scr: '/m/1.svg' }], statistics: { videos: 1 } }],
      categories: [{ title: 'Travel', dir: 'travel', scr: '/media/category/travel.svg' }],
    };
    const out = withAbsoluteMedia(list, ORIGIN);
    expect(out.videos[0]).toEqual({
      video_id: 7, dir: '/not-media', scr: `${ORIGIN}/m/7/1.svg`, scr1: `${ORIGIN}/m/7/2.svg`, img: `${ORIGIN}/m/7/1.svg`,
      thumbs: [`${ORIGIN}/m/7/1.svg`, 'https://cdn.example/2.jpg'], preview_url: `${ORIGIN}/demo/preview.mp4`,
    });
    expect(out.models[0]).toMatchObject({ scr: `${ORIGIN}/m/1.svg`, toptn: [{ scr: `${ORIGIN}/m/1.svg` }] });
    expect(out.categories[0]!.scr).toBe(`${ORIGIN}/media/category/travel.svg`);
    const video = withAbsoluteMedia({ video: { thumbsrc: '/m/7/1.svg', embed: '/embed/7/', thumbs: [] } }, ORIGIN);
    expect(video.video).toEqual({ thumbsrc: `${ORIGIN}/m/7/1.svg`, embed: '/embed/7/', thumbs: [] });
  });

  it('leave the source\'s own objects as they were (a catalogue may keep them in memory)', () => {
    const kept = { categories: [{ title: 'Travel', dir: 'travel', scr: '/media/category/travel.svg' }] };
    withAbsoluteMedia(kept, ORIGIN);
    expect(kept.categories[0]!.scr).toBe('/media/category/travel.svg');
  });
});

describe('the API\'s source', () => {
  const answer = { categories: [{ title: 'Travel', dir: 'travel', total_videos: 1, scr: '/media/category/travel.svg' }] };
  const make = (name: string) => ({ name, categories: async () => answer }) as unknown as Source;

  it('makes the catalogue\'s media absolute under SITE_URL\'s origin', async () => {
    const api = apiSource(make('sqlite'), 'https://tube.example/some/prefix');
    expect((await api.categories({ lifetime: 1, gender: 'str', section: 'toptn', lang: 'en' })).categories[0]!.scr).toBe(
      'https://tube.example/media/category/travel.svg',
    );
  });

  it('passes an upstream\'s answers through as they come', async () => {
    const upstream = make('upstream');
    expect(apiSource(upstream, ORIGIN)).toBe(upstream);
    expect((await apiSource(upstream, ORIGIN).categories({ lifetime: 1, gender: 'str', section: 'toptn', lang: 'en' })).categories[0]!.scr).toBe('/media/category/travel.svg');
  });
});

describe('the browser\'s side', () => {
  it('takes this site\'s own URLs root-relative again, and no other', () => {
    expect(siteRelative('https://tube.example/media/thumbs/7/1.svg', ORIGIN)).toBe('/media/thumbs/7/1.svg');
    expect(siteRelative('https://tube.example.cdn.example/a.jpg', ORIGIN)).toBe('https://tube.example.cdn.example/a.jpg');
    expect(siteRelative('https://cdn.example/a.jpg', ORIGIN)).toBe('https://cdn.example/a.jpg');
    expect(siteRelative('https://tube.example/a.jpg', '')).toBe('https://tube.example/a.jpg');
    const list = siteRelativeList(
      { total: 1, videos: [{ id: 7, dir: 'd', title: 't', thumb: `${ORIGIN}/m/1.svg`, thumbs: [`${ORIGIN}/m/2.svg`, 'https://cdn.example/3.jpg'], preview: `${ORIGIN}/p.mp4`, duration: 1, views: 1, postDate: '', rating: null, sgId: '' }] },
      ORIGIN,
    );
    expect(list.videos[0]).toMatchObject({ thumb: '/m/1.svg', thumbs: ['/m/2.svg', 'https://cdn.example/3.jpg'], preview: '/p.mp4' });
  });
});
