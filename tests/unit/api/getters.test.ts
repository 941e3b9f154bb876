/**
 * The typed getters pages call (lib/api/index.ts), on a scripted source: a missing video is null,
 * a failure is thrown (never an empty result that a page cache would keep over good data).
 */
import { SourceError } from '@/lib/contract/errors';
import type { RawVideo } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';

const source: jest.Mocked<Pick<Source, 'name' | 'video' | 'videos'>> & Partial<Source> = {
  name: 'embedded',
  video: jest.fn(),
  videos: jest.fn(),
};
jest.mock('@/lib/catalog/open', () => ({ siteCatalog: async () => ({ source }) }));

// Imported after the mock so that getSource() finds the scripted source.
import { getSitemapFiles, getSitemapVideos, getVideo, getVideos, SITEMAP_FILE_VIDEOS } from '@/lib/api';

const item = (id: number, postDate: string): RawVideo => ({
  video_id: String(id),
  dir: `video-${id}`,
  title: `Video ${id}`,
  scr: `/media/thumbs/${id}/1.svg`,
  thumbs: [],
  preview_url: '',
  duration: '1:05',
  video_viewed: '12',
  sg_id: 1,
  post_date: postDate,
});

const detail = {
  video_id: 42, title: 'A calm harbour', dir: 'a-calm-harbour', description: 'Boats.', embed: '/embed/42/',
  thumbsrc: '/media/thumbs/42/1.svg', post_date: '2026-01-02 03:04:05', status_id: 1, duration: 65,
  categories: [], statistics: { viewed: 1, likes: 2, dislikes: 0 }, user: { username: 'someone' },
};

beforeEach(() => jest.resetAllMocks());

describe('getVideo', () => {
  it('reshapes a video', async () => {
    source.video.mockResolvedValue({ video: detail } as never);
    const v = await getVideo(42);
    expect(v?.id).toBe(42);
    expect(v?.title).toBe('A calm harbour');
  });

  it('is null for the API error answer of a missing video', async () => {
    source.video.mockResolvedValue({ error: 1, code: 'video_not_found' } as never);
    expect(await getVideo(43)).toBeNull();
  });

  it('is null when an answer carries the error flag beside a video', async () => {
    source.video.mockResolvedValue({ error: 1, code: 'video_not_found', video: detail } as never);
    expect(await getVideo(44)).toBeNull();
  });

  it('throws a failing source on, instead of calling the video missing', async () => {
    source.video.mockRejectedValue(new SourceError('timeout', 'slow'));
    await expect(getVideo(45)).rejects.toBeInstanceOf(SourceError);
  });
});

describe('getVideos', () => {
  it('reshapes numbers written as strings and m:ss durations', async () => {
    source.videos.mockResolvedValue({ videos: [item(1, '2026-01-02 03:04:05')], total_count: '1' } as never);
    const list = await getVideos({ sort: 'latest-updates', page: 1 });
    expect(list.total).toBe(1);
    expect(list.videos[0]).toMatchObject({ id: 1, views: 12, duration: 65 });
  });

  it('throws a failure instead of returning an empty list', async () => {
    source.videos.mockRejectedValue(new SourceError('http', 'bad gateway', { status: 502 }));
    await expect(getVideos({ sort: 'top-rated', page: 2 })).rejects.toBeInstanceOf(SourceError);
  });
});

describe('sitemaps of a source that cannot enumerate id ranges (an upstream)', () => {
  it('walks latest updates: one file per 10,000 videos, dated by its newest video, descriptions from titles', async () => {
    source.videos.mockImplementation(async (q) => {
      const total = SITEMAP_FILE_VIDEOS + 150;
      const start = (q.page - 1) * q.count;
      const n = Math.max(0, Math.min(q.count, total - start));
      const day = (i: number) => `2026-01-${String(28 - Math.floor(i / 1000)).padStart(2, '0')} 00:00:00`;
      return { videos: Array.from({ length: n }, (_, i) => item(total - start - i, day(start + i))), total_count: total } as never;
    });
    const files = await getSitemapFiles();
    expect(files.map((f) => f.n)).toEqual([1, 2]);
    expect(files[0]!.lastmod).toBe('2026-01-28T00:00:00.000Z');
    expect(files[1]!.lastmod).toBe('2026-01-18T00:00:00.000Z');
    const second = await getSitemapVideos(2);
    expect(second).toHaveLength(150);
    expect(second![0]!.description).toBe(second![0]!.title);
    expect(await getSitemapVideos(3)).toBeNull();
  });
});
