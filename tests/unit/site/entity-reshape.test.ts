/**
 * lib/data/entity-reshape.ts: the raw answers' models, channels and tags as the pages see them,
 * read as loosely as the network sends them; the tag threshold decides which tags are linked.
 */
import { sectionEntityOf, toEntity, toVideoCredits } from '@/lib/data/entity-reshape';
import { breadcrumbJsonLd, sectionCrumbs } from '@/lib/seo/breadcrumbs';
import { MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import type { RawVideoDetail, RawVideosResponse } from '@/lib/contract/raw';

const detail = (extra: Record<string, unknown>) => ({ video_id: 1, dir: 'v', title: 'V', ...extra }) as unknown as RawVideoDetail;

describe('toVideoCredits', () => {
  it('links a tag from MIN_TAG_VIDEOS videos on, and not below', () => {
    const c = toVideoCredits(
      detail({
        tags: [
          { title: 'lake', dir: 'lake', total_videos: MIN_TAG_VIDEOS },
          { title: 'pebbles', dir: 'pebbles', total_videos: String(MIN_TAG_VIDEOS - 1) },
          { title: 'no count', dir: 'no-count' },
        ],
      }),
    );
    expect(c.tags.map((t) => [t.dir, t.linked])).toEqual([
      ['lake', true],
      ['pebbles', false],
      ['no-count', false],
    ]);
  });

  it('reads models and tags keyed by id, a missing dir from the title, and drops what cannot be linked', () => {
    const c = toVideoCredits(detail({ models: { 7: { title: 'Ann Example' }, 8: { title: '' }, 9: 'x' }, channel: { title: 'Studio One', dir: 'studio-one' } }));
    expect(c.models).toEqual([{ title: 'Ann Example', dir: 'ann-example' }]);
    expect(c.channel).toEqual({ title: 'Studio One', dir: 'studio-one' });
    expect(toVideoCredits(detail({ channel: null, models: null, tags: 'lake' }))).toEqual({ models: [], channel: null, tags: [], orientation: 'str' });
  });

  it('takes the orientation the answer gives, straight for none or an unknown one', () => {
    expect(toVideoCredits(detail({ gender: 'she' })).orientation).toBe('she');
    expect(toVideoCredits(detail({ gender: 'gay' })).orientation).toBe('gay');
    expect(toVideoCredits(detail({ gender: 'other' })).orientation).toBe('str');
  });
});

describe('toEntity and sectionEntityOf', () => {
  it("an index entry: its count, views, a thumbnail from toptn when scr is missing, the added date in ISO", () => {
    expect(toEntity({ title: 'Ann', dir: 'ann', statistics: { videos: '12', viewed: 40 }, toptn: [{ scr: 'https://cdn.example/1.jpg' }], added_date: '2026-01-02 03:04:05' })).toEqual({
      title: 'Ann',
      dir: 'ann',
      videos: 12,
      views: 40,
      thumb: 'https://cdn.example/1.jpg',
      added: '2026-01-02T03:04:05.000Z',
    });
    expect(toEntity({ title: '', dir: '' })).toBeNull();
  });

  it("a list's section entry is its kind's first entry, or null when the answer names none", () => {
    const raw = { videos: [], total_count: 3, tags: [{ title: 'Lake', dir: 'lake', total_videos: '3' }] } as unknown as RawVideosResponse;
    expect(sectionEntityOf(raw, 'tag')).toEqual({ title: 'Lake', dir: 'lake', videos: 3 });
    expect(sectionEntityOf(raw, 'model')).toBeNull();
    expect(sectionEntityOf({ videos: [], total_count: 0, models: [] }, 'model')).toBeNull();
  });
});

describe('breadcrumbs', () => {
  it('home > index > the page itself (no item for the last), absolute URLs', () => {
    const data = breadcrumbJsonLd('https://tube.example', sectionCrumbs('model', { title: 'Ann', dir: 'ann' }, false));
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://tube.example/' },
      { '@type': 'ListItem', position: 2, name: 'Models', item: 'https://tube.example/models/' },
      { '@type': 'ListItem', position: 3, name: 'Ann' },
    ]);
  });

  it('a tag has no index; a linked crumb names its first page', () => {
    expect(sectionCrumbs('tag', { title: 'Lake', dir: 'lake' }, true)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Lake', path: '/tags/lake/latest-updates/1/' },
    ]);
  });
});
