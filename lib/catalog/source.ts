import 'server-only';
/**
 * The catalogue as a Source, written once over a store (store.ts): paging, the listing and search
 * totals, categories by total and the suggestion sort, what is remembered between requests and
 * when it is dropped, and the answer limits. A store answers the few questions each database
 * answers in its own SQL (sqlite/store.ts, postgres/store.ts); open.ts picks one.
 */
import { LIMITS } from '@/lib/contract/constants';
import { SourceError } from '@/lib/contract/errors';
import type { RawCategory, RawVideosResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import { encodeVideoUrl } from '@/lib/contract/video-url-codec';
import { getConfig } from '@/lib/config';
import { LruCache } from '@/lib/lru.mjs';
import { clampInt, MAX_ID, MAX_SITEMAP_SIZE, MAX_SUGGESTER_COUNT, page, SUGGEST_CATEGORIES, SUGGEST_KEYWORDS, TOP_KEYWORDS } from './answer-limits';
import { nowSeconds } from './filters';
import { ListEpoch, listKey } from './list-epoch';
import { CLIP_FORMAT, CLIP_URL, categoryThumbUrl } from './media-urls';
import { periodOf } from './periods';
import { toRawVideo } from './raw-rows';
import { type CatalogStore, type CategoryRow, type CountFilter, INPUT_ERRORS, type MaybePromise } from './store';

export interface CatalogSourceOptions {
  /** Current time in unix seconds; tests move it to check scheduled publishing. */
  now?: () => number;
  /** How stale a total_count may be. Counts only change as scheduled videos go live. */
  countTtlMs?: number;
  /** How long a search's ranked ids are reused (paging, popular terms); 0 disables. */
  searchTtlMs?: number;
}

/** `f` of the value, at once when it is one, else when it comes (SQLite answers at once). */
function then<T, U>(value: MaybePromise<T>, f: (v: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * The value kept under `key`, else made and kept. A failure is not kept: only its own entry goes,
 * so that the next request asks again and the other entries stay.
 */
function remember<T>(cache: LruCache<MaybePromise<T>>, key: string, make: () => MaybePromise<T>): MaybePromise<T> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  cache.set(key, value);
  if (value instanceof Promise) {
    value.catch(() => {
      if (cache.get(key) === value) cache.delete(key);
    });
  }
  return value;
}

/** A video id either store can hold: any other is not found, without asking. */
const isVideoId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

/** The catalogue over `store` as a Source. */
export function createCatalogSource(store: CatalogStore, options: CatalogSourceOptions = {}): Source {
  const now = options.now ?? nowSeconds;
  const counts = new LruCache<MaybePromise<number>>(5000, options.countTtlMs ?? 120_000);
  const searches = new LruCache<MaybePromise<number[]>>(500, options.searchTtlMs ?? 60_000);
  let categories: MaybePromise<CategoryRow[]> | null = null;
  const epoch = new ListEpoch();

  /** Runs a catalogue call; a failure becomes a SourceError so that pages keep their last good copy. */
  async function guarded<T>(what: string, fn: () => MaybePromise<T>): Promise<T> {
    try {
      return await fn();
    } catch (cause) {
      if (cause instanceof SourceError) throw cause;
      throw store.failure(what, cause);
    }
  }

  /**
   * Makes memory agree with the catalogue: what is remembered of the lists is dropped when an
   * import or takedown changed the catalogue, or a scheduled video went live since it was taken.
   * At once on a store that answers at once.
   */
  function fresh(): MaybePromise<void> {
    return then(store.contentVersion(), (version) => {
      const t = now();
      if (!epoch.moved(version, t)) return;
      counts.clear();
      searches.clear();
      categories = null;
      store.forgetLists();
      return then(store.nextPublish(t), (at) => epoch.publishesAt(at));
    });
  }

  function allCategories(): MaybePromise<CategoryRow[]> {
    if (categories === null) {
      const rows = store.categories();
      categories = rows;
      if (rows instanceof Promise) {
        rows.catch(() => {
          if (categories === rows) categories = null;
        });
      }
    }
    return categories;
  }

  /** A listing's total at `t` (one clock reading per answer: its total and its page agree). */
  function total(f: CountFilter, t = now()): MaybePromise<number> {
    return remember(counts, listKey(f, t), () => store.countListable(f, t));
  }

  async function rawCategory(c: CategoryRow): Promise<RawCategory> {
    return {
      category_id: c.id,
      title: c.title,
      dir: c.dir,
      total_videos: await total({ categoryId: c.id, duration: 'all', date: 'all' }),
      scr: categoryThumbUrl(c.dir),
    };
  }

  async function rawCategories(rows: readonly CategoryRow[]): Promise<RawCategory[]> {
    return Promise.all(rows.map(rawCategory));
  }

  async function categoriesByTotal(): Promise<RawCategory[]> {
    const rows = await rawCategories(await allCategories());
    return rows.sort((a, b) => Number(b.total_videos) - Number(a.total_videos) || a.title.localeCompare(b.title));
  }

  async function listResponse(ids: readonly number[], totalCount: number, t: number): Promise<RawVideosResponse> {
    return { videos: (await store.listRows(ids, t)).map(toRawVideo), total_count: totalCount };
  }

  return {
    name: store.name,

    videos: (q) =>
      guarded('videos', async () => {
        await fresh();
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        let category: CategoryRow | undefined;
        if (q.section === 'category') {
          category = (await allCategories()).find((c) => c.dir === q.objectId);
          if (!category) return { videos: [], total_count: 0, categories: [] };
        }
        const filter = { categoryId: category?.id ?? 0, duration: q.duration, date: q.date };
        const offset = (pageNo - 1) * count;
        const ranked = periodOf(q.sort, q.date);
        const t = now();
        if (ranked) await store.ensurePeriodStats(t);
        const totalCount = ranked ? await store.countPeriod(ranked.period, filter.categoryId, q.duration) : await total(filter, t);
        // Past the end there is nothing to walk: never scan an index for a page that cannot exist.
        const ids =
          offset >= totalCount
            ? []
            : ranked
              ? await store.listPeriodIds({ ...filter, ...ranked, limit: count, offset }, t)
              : await store.listIds({ ...filter, sort: q.sort, limit: count, offset }, t);
        const response = await listResponse(ids, totalCount, t);
        return category ? { ...response, categories: [await rawCategory(category)] } : response;
      }),

    search: (q) =>
      guarded('search', async () => {
        // Memory first: a result taken before an import or takedown must not be read.
        await fresh();
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        const filter = { term: q.term, duration: q.duration, date: q.date };
        const t = now();
        const ids = await remember(searches, listKey(filter, t), () => store.searchIds(filter, t));
        return listResponse(page(ids, pageNo, count), ids.length, t);
      }),

    video: (id) =>
      guarded('video', async () => {
        const notFound = { error: 1 as const, code: 'video_not_found' };
        if (!isVideoId(id)) return notFound;
        await fresh();
        const video = await store.videoDetail(id, now());
        return video ? { video } : notFound;
      }),

    related: (q) =>
      guarded('related', async () => {
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        if (!isVideoId(q.videoId)) return { videos: [], total_count: 0 };
        await fresh();
        const t = now();
        const ids = await store.relatedIds(q.videoId, t);
        return listResponse(page(ids, pageNo, count), ids.length, t);
      }),

    main: () =>
      guarded('main', async () => {
        await fresh();
        const [keywords, cats] = await Promise.all([store.topKeywords(TOP_KEYWORDS), categoriesByTotal()]);
        return { keywords, models: [], channels: [], categories: cats };
      }),

    suggester: (_lifetime, count) =>
      guarded('suggester', async () => {
        await fresh();
        return { keywords: await store.topKeywords(clampInt(count, 1, MAX_SUGGESTER_COUNT)) };
      }),

    suggest: (text) =>
      guarded('suggest', async () => {
        await fresh();
        const needle = text.normalize('NFKC').trim().toLowerCase();
        const matching = needle
          ? (await allCategories())
              .filter((c) => c.title.toLowerCase().includes(needle))
              // Titles starting with the text first, e.g. "tr" gives Travel and Trains before Road Trips.
              .sort((a, b) => Number(!a.title.toLowerCase().startsWith(needle)) - Number(!b.title.toLowerCase().startsWith(needle)))
              .slice(0, SUGGEST_CATEGORIES)
          : [];
        const [keywords, cats] = await Promise.all([store.keywordsByPrefix(text, SUGGEST_KEYWORDS), rawCategories(matching)]);
        return { keywords, categories: cats };
      }),

    categories: (q) =>
      guarded('categories', async () => {
        await fresh();
        if (q.section === 'title') {
          return { categories: (await rawCategories(await allCategories())).sort((a, b) => a.title.localeCompare(b.title)) };
        }
        return { categories: await categoriesByTotal() };
      }),

    videofile: (videoId) =>
      guarded('videofile', async () => {
        if (!isVideoId(videoId)) return null;
        await fresh();
        return (await store.isListable(videoId, now())) ? [{ format: CLIP_FORMAT, video_url: encodeVideoUrl(CLIP_URL) }] : null;
      }),

    sitemapRanges: (size) =>
      guarded('sitemapRanges', async () => {
        await fresh();
        return store.sitemapRanges(clampInt(size, 1, MAX_SITEMAP_SIZE), now());
      }),

    sitemapRange: (range, size) =>
      guarded('sitemapRange', async () => {
        await fresh();
        return store.sitemapRange(clampInt(range, 1, Number.MAX_SAFE_INTEGER), clampInt(size, 1, MAX_SITEMAP_SIZE), now());
      }),

    /**
     * Sync: the epoch as last seen. A store that answers at once is read now (its content version
     * at most once a second); another is asked, and the answer moves the epoch for the next call.
     */
    contentVersion: () => {
      const done = fresh();
      if (done instanceof Promise) done.catch(() => {});
      return epoch.token;
    },

    input: (form, actor) =>
      guarded('input', async () => {
        if (!isVideoId(form.objectId)) return { error: 1 as const, code: INPUT_ERRORS.notFound };
        await fresh();
        return store.input(form, actor.key, getConfig().voteSalt, now);
      }),
  };
}
