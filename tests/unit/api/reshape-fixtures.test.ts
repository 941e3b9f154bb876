/**
 * The reshape functions on the network's recorded answers (tests/fixtures/upstream): numbers as
 * strings, "m:ss" durations, categories keyed by id, optional fields missing, and the failure
 * bodies, which must never throw here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  toCategories,
  toSuggestions,
  toTopStats,
  toVideoDetail,
  toVideoFiles,
  toVideoList,
} from '@/lib/kvs/reshape';
import type { RawVideoDetail, RawVideosResponse } from '@/lib/contract/raw';

const dir = path.join(process.cwd(), 'tests', 'fixtures', 'upstream');
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
const variants = fixture('variants.json') as Record<string, { body?: string }>;

describe('reshape: lists', () => {
  it('videos.json: numeric strings, every duration form, KVS and ISO dates', () => {
    const list = toVideoList(fixture('videos.json') as RawVideosResponse);
    expect(list.total).toBe(123);
    expect(list.videos.map((v) => v.id)).toEqual([101, 102, 110]);
    expect(list.videos.map((v) => v.duration)).toEqual([467, 3723, 754]);
    expect(list.videos.map((v) => v.views)).toEqual([15234, 987654, 42]);
    expect(list.videos[0]).toMatchObject({ dir: 'quiet-harbour-at-dawn', rating: 4.6, postDate: '2026-11-01T08:15:00.000Z', thumb: '/media/fixture/101.jpg', preview: null, sgId: '0' });
    expect(list.videos[1]).toMatchObject({ rating: 3.9, postDate: '2026-10-20T12:00:00.000Z', thumbs: ['https://cdn.upstream.test/media/102-1.jpg', 'https://cdn.upstream.test/media/102-2.jpg'], sgId: '7' });
    expect(list.videos[2]).toMatchObject({ rating: null, thumbs: [], sgId: '' });
  });

  it('videos-sparse.json: missing optional fields get defaults, entries without an id are dropped', () => {
    const list = toVideoList(fixture('videos-sparse.json') as RawVideosResponse);
    expect(list.total).toBeNull();
    expect(list.videos).toEqual([
      { id: 102, dir: 'river-bend-in-autumn', title: 'River Bend in Autumn', thumb: '', thumbs: [], preview: null, duration: 0, views: 0, postDate: '1970-01-01T00:00:00.000Z', rating: null, sgId: '' },
      { id: 111, dir: 'garden-path', title: 'Garden Path', thumb: '', thumbs: [], preview: null, duration: 0, views: 0, postDate: '1970-01-01T00:00:00.000Z', rating: null, sgId: '' },
    ]);
  });

  it('search.json and related.json', () => {
    expect(toVideoList(fixture('search.json') as RawVideosResponse)).toMatchObject({ total: 2, videos: [{ id: 101 }, { id: 102, views: 987654 }] });
    expect(toVideoList(fixture('related.json') as RawVideosResponse)).toMatchObject({ total: 2, videos: [{ id: 102, duration: 3723 }, { id: 110, duration: 754 }] });
  });
});

describe('reshape: one video', () => {
  it('video.json: categories and tags keyed by id, statistics as strings and numbers', () => {
    const v = toVideoDetail((fixture('video.json') as { video: RawVideoDetail }).video);
    expect(v).toMatchObject({
      id: 101,
      dir: 'quiet-harbour-at-dawn',
      title: 'Quiet Harbour at Dawn',
      thumb: '/media/fixture/101.jpg',
      duration: 467,
      views: 15234,
      likes: 120,
      dislikes: 3,
      rating: 4.6,
      statusId: 1,
      username: 'fixture-uploader',
      embed: 'https://upstream.test/embed/101/',
      categories: [{ title: 'Harbours', dir: 'harbours' }, { title: 'Mornings', dir: 'mornings' }],
      tags: ['boats', 'calm water'],
      postDate: '2026-11-01T08:15:00.000Z',
    });
  });

  it('video-sparse.json: no user, no embed, no likes: defaults, not a crash', () => {
    const v = toVideoDetail((fixture('video-sparse.json') as { video: RawVideoDetail }).video);
    expect(v).toMatchObject({ id: 102, duration: 3723, views: 987654, likes: 0, dislikes: 0, username: '', embed: '', categories: [], tags: [], statusId: 1, description: '', thumb: '' });
  });

  it('video-status5.json keeps status 5', () => {
    expect(toVideoDetail((fixture('video-status5.json') as { video: RawVideoDetail }).video).statusId).toBe(5);
  });
});

describe('reshape: categories, stats, suggestions, files', () => {
  it('categories.json: counts as strings, a category without a dir dropped', () => {
    const cats = toCategories((fixture('categories.json') as { categories: unknown }).categories);
    expect(cats).toHaveLength(9);
    expect(cats[0]).toEqual({ title: 'Harbours', dir: 'harbours', totalVideos: 1234, thumb: '/media/fixture/cat-harbours.jpg' });
    expect(cats[1]).toEqual({ title: 'Mornings', dir: 'mornings', totalVideos: 56, thumb: null });
  });

  it('main.json: keywords as strings or { title }, models and channels as objects', () => {
    expect(toTopStats(fixture('main.json') as never)).toEqual({
      keywords: ['harbour', 'river', 'lighthouse', 'autumn'],
      models: ['Fixture Performer'],
      channels: ['Fixture Studio'],
      categories: [
        { title: 'Harbours', dir: 'harbours', totalVideos: 1234, thumb: null },
        { title: 'Mornings', dir: 'mornings', totalVideos: 56, thumb: null },
      ],
    });
  });

  it('suggest.json and suggester.json', () => {
    expect(toSuggestions(fixture('suggest.json'))).toEqual({
      keywords: ['harbour', 'harbour at dawn', 'harbour lights'],
      categories: [{ title: 'Harbours', dir: 'harbours', totalVideos: 1234, thumb: null }],
    });
    expect(toSuggestions(fixture('suggester.json')).keywords).toEqual(['harbour', 'river', 'lighthouse', 'garden path']);
  });

  it('videofile.json: the encoded list decodes to a relative and an absolute URL, worst first', () => {
    expect(toVideoFiles(fixture('videofile.json'))).toEqual([
      { format: '_lq.mp4', url: '/get_file/1/0123456789abcdef0123456789abcdef/0/101/101_lq.mp4/?br=400' },
      { format: '_hq.mp4', url: 'https://cdn.upstream.test/get_file/1/0123456789abcdef0123456789abcdef/0/101/101.mp4/?br=1200' },
    ]);
    expect(toVideoFiles(fixture('videofile-private.json'))).toEqual([]);
  });
});

describe('reshape: failure bodies never throw and never invent content', () => {
  const bodies: [string, unknown][] = [
    ['error-json.json', fixture('error-json.json')],
    ['error-not-found.json', fixture('error-not-found.json')],
    ['html-200 page', variants['html-200']!.body],
    ['html-502 page', variants['html-502']!.body],
    ['empty body', ''],
    ['null', null],
    ['a number', 42],
  ];
  it.each(bodies)('%s', (_name, body) => {
    expect(toVideoList(body as RawVideosResponse)).toEqual({ videos: [], total: null });
    expect(toCategories(body)).toEqual([]);
    expect(toTopStats(body as never)).toEqual({ keywords: [], models: [], channels: [], categories: [] });
    expect(toSuggestions(body)).toEqual({ keywords: [], categories: [] });
    expect(toVideoFiles(body)).toEqual([]);
    expect(() => toVideoDetail(body as RawVideoDetail)).not.toThrow();
    expect(toVideoDetail(body as RawVideoDetail).id).toBe(0);
  });
});
