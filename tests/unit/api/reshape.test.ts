import { toIsoDate, toVideoDetail, toVideoList } from '@/lib/kvs/reshape';
import type { RawVideoDetail } from '@/lib/contract/raw';

describe('reshape', () => {
  it('reads KVS dates as UTC and ISO dates as they are', () => {
    expect(toIsoDate('2024-03-05 10:20:30')).toBe('2024-03-05T10:20:30.000Z');
    expect(toIsoDate('2024-03-05T10:20:30+02:00')).toBe('2024-03-05T08:20:30.000Z');
    expect(toIsoDate('garbage')).toBe('1970-01-01T00:00:00.000Z');
  });

  it('accepts string numbers from an upstream and drops items without an id', () => {
    const list = toVideoList({
      total_count: '2',
      videos: [
        { video_id: '17', dir: 'lake', title: 'Lake', scr: '/t.jpg', thumbs: ['/a.jpg'], preview_url: '', duration: '1:05', video_viewed: '1200', sg_id: '3', post_date: '2024-01-01 00:00:00', rating: '4.5' },
        { video_id: '', dir: 'x', title: 'X', scr: '', thumbs: [], preview_url: '', duration: 0, video_viewed: 0, sg_id: '', post_date: '' },
      ],
    });
    expect(list.total).toBe(2);
    expect(list.videos).toEqual([
      { id: 17, dir: 'lake', title: 'Lake', thumb: '/t.jpg', thumbs: ['/a.jpg'], preview: null, duration: 65, views: 1200, postDate: '2024-01-01T00:00:00.000Z', rating: 4.5, sgId: '3' },
    ]);
  });

  it('reshapes a video detail', () => {
    const raw: RawVideoDetail = {
      video_id: 5, title: 'T', dir: 't', description: 'D', embed: '/embed/5/', thumbsrc: '/s.svg', preview_url: '/p.mp4',
      post_date: '2024-01-01 00:00:00', status_id: 5, duration: 90, categories: [{ title: 'Travel', dir: 'travel' }],
      tags: [{ title: 'lake', dir: 'lake' }], statistics: { viewed: 10, likes: '3', dislikes: 1 }, user: { username: 'demo' },
      sg_id: 0, ex_tube: '', ex_id: 0,
    };
    expect(toVideoDetail(raw)).toMatchObject({ id: 5, statusId: 5, likes: 3, dislikes: 1, views: 10, tags: ['lake'], categories: [{ title: 'Travel', dir: 'travel' }] });
  });
});
