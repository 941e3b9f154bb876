import 'server-only';
/**
 * The typed getters every page calls, named after the spec's wrapper calls. They return the
 * app's types; raw fields stay behind lib/kvs/reshape.ts. They throw SourceError on failure and never turn a
 * failure into an empty result (a cached page is kept instead).
 */
import { cache } from 'react';
import { getConfig } from '@/lib/config';
import { sourceKind } from '@/lib/config/source-kind';
import { LruCache } from '@/lib/cache/lru.mjs';
import type {
  Category,
  CategorySort,
  SitemapFile,
  SitemapVideo,
  DateFilter,
  DurationFilter,
  Orientation,
  Sort,
  Suggestions,
  TopStats,
  VideoDetail,
  VideoList,
} from '@/lib/contract/types';
import { DEFAULTS, LIFETIME, LIMITS } from '@/lib/contract/constants';
import { attempt, type Attempt } from './attempt';
import { toVideoCredits, type VideoCredits } from './entity-reshape';
import { toCategories, toInt, toIsoDate, toSuggestions, toTopStats, toVideoDetail, toVideoList, toVideoSummary } from '@/lib/kvs/reshape';
import type { Source } from '@/lib/contract/source';
import { upstreamSource } from '@/lib/upstream/source';

let source: Source | undefined;

/**
 * The active source (lib/config/source-kind.ts): the upstream API, or the configured catalogue
 * (lib/catalog/open.ts: PostgreSQL or the embedded SQLite file).
 */
export async function getSource(): Promise<Source> {
  if (!source) {
    const config = getConfig();
    source = sourceKind(config) === 'upstream' ? upstreamSource() : (await (await import('@/lib/catalog/open')).siteCatalog()).source;
  }
  return source;
}

export interface VideosOptions {
  sort: Sort;
  page: number;
  date?: DateFilter;
  duration?: DurationFilter;
  /** A category dir: lists that category's videos. */
  category?: string;
  /** The orientation listed; straight when absent. */
  gender?: Orientation;
  count?: number;
  lifetime?: number;
}

/** The 'videos' call. */
export const getVideos = cache(async (o: VideosOptions): Promise<VideoList> => {
  const s = await getSource();
  const raw = await s.videos({
    lifetime: o.lifetime ?? LIFETIME.videos,
    gender: o.gender ?? DEFAULTS.gender,
    sort: o.sort,
    count: o.count ?? DEFAULTS.count,
    section: o.category ? 'category' : '',
    objectId: o.category ?? '',
    page: o.page,
    type: DEFAULTS.type,
    duration: o.duration ?? 'all',
    date: o.date ?? 'all',
  });
  return toVideoList(raw);
});

/**
 * The three home rows: lifetime 3600, gender str, count 30; most popular with period day. Each row
 * stands alone: one failing shows its own empty/error message beside the others.
 */
export async function getHomeRows(gender: Orientation = 'str'): Promise<{ latest: Attempt<VideoList>; popular: Attempt<VideoList>; top: Attempt<VideoList> }> {
  const row = (sort: Sort, date: DateFilter = 'all') =>
    attempt(() => getVideos({ sort, date, page: 1, count: DEFAULTS.homeCount, lifetime: LIFETIME.home, gender }));
  const [latest, popular, top] = await Promise.all([row('latest-updates'), row('most-popular', 'day'), row('top-rated')]);
  return { latest, popular, top };
}

export interface SearchOptions {
  term: string;
  page: number;
  date?: DateFilter;
  duration?: DurationFilter;
  count?: number;
  gender?: Orientation;
}

// Search terms are unbounded: results live in a bounded in-memory cache, never in the page cache.
const searchCache = new LruCache<VideoList>(500, LIFETIME.videos * 1000);

/**
 * The catalogue version the cached results were taken at. Every process, and every copy of this
 * module within one (route handlers and pages are bundled apart), sees an import or takedown
 * through the source's own version, not through a purge request that reaches one copy.
 */
let searchVersion = '';

export async function searchVideos(o: SearchOptions): Promise<VideoList> {
  const q = {
    lifetime: LIFETIME.videos,
    gender: o.gender ?? DEFAULTS.gender,
    count: o.count ?? DEFAULTS.count,
    page: o.page,
    type: DEFAULTS.type,
    duration: o.duration ?? 'all',
    date: o.date ?? 'all',
    term: o.term,
  };
  const s = await getSource();
  const version = s.contentVersion?.() ?? '';
  if (version !== searchVersion) {
    searchCache.clear();
    searchVersion = version;
  }
  const key = JSON.stringify(q);
  const hit = searchCache.get(key);
  if (hit) return hit;
  const result = toVideoList(await s.search(q));
  searchCache.set(key, result);
  return result;
}

/** The 'video' call, with the video's models, channel and tags; null when the video does not exist. */
export const getVideo = cache(async (id: number): Promise<(VideoDetail & { credits: VideoCredits }) | null> => {
  const raw = await (await getSource()).video(id, LIFETIME.video);
  if ('video' in raw && raw.video && !raw.error) return { ...toVideoDetail(raw.video), credits: toVideoCredits(raw.video) };
  return null;
});

/** The 'videos_related' call: 10 a page on the video page, lifetime 432000. */
export const getRelated = cache(async (videoId: number, page = 1, count: number = DEFAULTS.relatedPageSize): Promise<VideoList> => {
  const raw = await (await getSource()).related({ lifetime: LIFETIME.related, videoId, page, count });
  return toVideoList(raw);
});

/** All categories, by title, by count of videos, or the one with the newest video first. */
export const getCategories = cache(async (sort: CategorySort = 'count-videos', gender: Orientation = 'str'): Promise<Category[]> => {
  const raw = await (await getSource()).categories({
    lifetime: LIFETIME.categories,
    gender,
    section: sort === 'count-videos' ? DEFAULTS.categoriesSection : sort,
    lang: DEFAULTS.lang,
  });
  return toCategories(raw.categories);
});

export async function getCategory(dir: string, gender: Orientation = 'str'): Promise<Category | null> {
  return (await getCategories('count-videos', gender)).find((c) => c.dir === dir) ?? null;
}

/** The 'stats' call: top search keywords, models, channels and categories. */
export const getStats = cache(async (): Promise<TopStats> => {
  return toTopStats(await (await getSource()).main(LIFETIME.main, DEFAULTS.gender, DEFAULTS.lang));
});

/** The 'suggestersSearch' call. */
export async function getSuggestions(text: string): Promise<Suggestions> {
  return toSuggestions(await (await getSource()).suggest(text));
}

export { SourceError } from '@/lib/contract/errors';
export { attempt, listOrError, shortLived, type Attempt } from './attempt';

/**
 * Videos per sitemap file: video entries are long (title, description, thumbnail, player), and
 * this many keep a file under the 10 MB a crawler reads (and far under the protocol's 50,000 URLs
 * and 50 MB); a file's measured size is in docs/benchmarks.md, "Sitemaps".
 */
export const SITEMAP_FILE_VIDEOS = 10_000;
/** Videos per 'videos' call when an upstream is enumerated page by page. */
const SITEMAP_PAGE = 100;
/** Ids per read of a catalogue's sitemap range (a divisor of SITEMAP_FILE_VIDEOS). */
const SITEMAP_SLICE = 1000;

// The file list changes as videos arrive; crawlers read it far more often than that matters.
// Kept per catalogue version: an import or takedown lists its files at once.
const sitemapFilesCache = new LruCache<Promise<SitemapFile[]>>(1, 3600 * 1000);

/**
 * The source's content version: it moves with an import, a takedown or a scheduled video going
 * live (the catalogues); '' for an upstream API, which tells none.
 */
export async function contentVersion(): Promise<string> {
  return (await getSource()).contentVersion?.() ?? '';
}

/**
 * The video sitemap files. The embedded catalogue splits by id range (each file one key-range
 * read); an upstream API can only be walked by latest updates, newest first, as far as its page
 * limit reaches.
 */
export async function getSitemapFiles(): Promise<SitemapFile[]> {
  const version = `files ${await contentVersion()}`;
  const hit = sitemapFilesCache.get(version);
  if (hit) return hit;
  const files = (async (): Promise<SitemapFile[]> => {
    const s = await getSource();
    if (s.sitemapRanges) {
      return (await s.sitemapRanges(SITEMAP_FILE_VIDEOS)).map((r) => ({ n: toInt(r.range), lastmod: toIsoDate(r.last_post_date) }));
    }
    const total = Math.min((await getVideos({ sort: 'latest-updates', page: 1, count: 1 })).total ?? 0, LIMITS.maxPage * SITEMAP_PAGE);
    const count = Math.ceil(total / SITEMAP_FILE_VIDEOS);
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const first = await getVideos({ sort: 'latest-updates', page: (i * SITEMAP_FILE_VIDEOS) / SITEMAP_PAGE + 1, count: SITEMAP_PAGE });
        return { n: i + 1, lastmod: first.videos[0]?.postDate ?? new Date().toISOString() };
      }),
    );
  })();
  sitemapFilesCache.set(version, files);
  // A failure is not kept: the next crawler visit asks again.
  files.catch(() => {
    if (sitemapFilesCache.get(version) === files) sitemapFilesCache.clear();
  });
  return files;
}

/** The videos of sitemap file `n`, or null when there is no such file. */
export async function getSitemapVideos(n: number): Promise<SitemapVideo[] | null> {
  const files = await getSitemapFiles();
  if (!files.some((f) => f.n === n)) return null;
  const s = await getSource();
  if (s.sitemapRange) {
    // The file's id range read in slices, the event loop free between them: a catalogue reads a
    // range synchronously, and a whole file's rows in one go held it for long.
    const out: SitemapVideo[] = [];
    const slices = SITEMAP_FILE_VIDEOS / SITEMAP_SLICE;
    for (let k = 1; k <= slices; k++) {
      if (k > 1) await new Promise((resolve) => setImmediate(resolve));
      for (const raw of await s.sitemapRange((n - 1) * slices + k, SITEMAP_SLICE)) out.push({ ...toVideoSummary(raw), description: raw.description });
    }
    return out;
  }
  const out: SitemapVideo[] = [];
  const firstPage = ((n - 1) * SITEMAP_FILE_VIDEOS) / SITEMAP_PAGE + 1;
  for (let page = firstPage; page < firstPage + SITEMAP_FILE_VIDEOS / SITEMAP_PAGE && page <= LIMITS.maxPage; page++) {
    const { videos } = await getVideos({ sort: 'latest-updates', page, count: SITEMAP_PAGE });
    // List items carry no description: the title stands in for it.
    for (const v of videos) out.push({ ...v, description: v.title });
    if (videos.length < SITEMAP_PAGE) break;
  }
  return out;
}
