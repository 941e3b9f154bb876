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
import type { EntitiesQuery, EntityKind, ListSection, Source } from '@/lib/contract/source';
import { DEFAULT_ORIENTATION, type Orientation } from '@/lib/contract/types';
import { encodeVideoUrl } from '@/lib/contract/video-url-codec';
import { getConfig } from '@/lib/config';
import { LruCache } from '@/lib/cache/lru.mjs';
import { clampInt, MAX_ID, MAX_SITEMAP_SIZE, MAX_SUGGESTER_COUNT, page, SUGGEST_CATEGORIES, SUGGEST_KEYWORDS, TOP_KEYWORDS } from './answer-limits';
import { nowSeconds } from './filters';
import { ListEpoch, listKey } from './list-epoch';
import { type EntityKindName, type EntityRef, toOrientation, typeExcludes } from './entity-kinds';
import { CLIP_FORMAT, CLIP_URL, categoryThumbUrl } from './media-urls';
import { periodOf } from './periods';
import { toRawEntity, toRawVideo } from './raw-rows';
import { type CatalogStore, type CategoryRow, type CountFilter, type EntityListRow, INPUT_ERRORS, type MaybePromise } from './store';

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

/** The main stats' models and channels: the titles of those with the most videos. */
const TOP_ENTITIES = 30;

/** A list section that names a model, channel or tag. */
const isEntitySection = (s: ListSection): s is EntityKindName => s === 'model' || s === 'channel' || s === 'tag';

/** What a store without the model, channel and tag queries answers (see CatalogStore). */
function needs<T>(method: T | undefined, what: string): T {
  if (method === undefined) throw new SourceError('internal', `This catalogue store cannot answer ${what} yet`);
  return method;
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

  async function rawCategory(c: CategoryRow, gender: Orientation): Promise<RawCategory> {
    return {
      category_id: c.id,
      title: c.title,
      dir: c.dir,
      total_videos: await total({ categoryId: c.id, entity: null, gender, duration: 'all', date: 'all' }),
      scr: categoryThumbUrl(c.dir),
    };
  }

  /** The categories with videos of the orientation (one without any is no page of it). */
  async function rawCategories(rows: readonly CategoryRow[], gender: Orientation): Promise<RawCategory[]> {
    return (await Promise.all(rows.map((c) => rawCategory(c, gender)))).filter((c) => Number(c.total_videos) > 0);
  }

  async function categoriesByTotal(gender: Orientation): Promise<RawCategory[]> {
    const rows = await rawCategories(await allCategories(), gender);
    return rows.sort((a, b) => Number(b.total_videos) - Number(a.total_videos) || a.title.localeCompare(b.title));
  }

  /**
   * The categories whose newest listable video of the orientation is newest first (ties: by
   * title): one index seek per category, as a latest listing's first item.
   */
  async function categoriesByRecent(gender: Orientation): Promise<RawCategory[]> {
    const t = now();
    const rows = await rawCategories(await allCategories(), gender);
    const newest = await Promise.all(
      rows.map(async (c) => {
        const ids = await store.listIds({ categoryId: Number(c.category_id), entity: null, gender, duration: 'all', date: 'all', sort: 'latest-updates', limit: 1, offset: 0 }, t);
        const [row] = await store.listRows(ids, t);
        return row?.post_date ?? 0;
      }),
    );
    return rows
      .map((c, i) => ({ c, at: newest[i] ?? 0 }))
      .sort((a, b) => b.at - a.at || a.c.title.localeCompare(b.c.title))
      .map(({ c }) => c);
  }

  /**
   * The model, channel or tag named by `dir` as its list's section object, or null when it is
   * unknown or has no listable videos of the orientation (its list's total, counted now: the
   * statistics are as of the last recount, and a scheduled video may have gone live since).
   */
  async function entityOf(kind: EntityKindName, dir: string, gender: Orientation, t: number): Promise<EntityListRow | null> {
    const row = await needs(store.entityByDir, 'models, channels and tags')(kind, dir);
    if (!row) return null;
    const videos = await total({ categoryId: 0, entity: { kind, id: row.id }, gender, duration: 'all', date: 'all' }, t);
    if (videos === 0) return null;
    const [listed] = await needs(store.entityRows, 'models, channels and tags')(kind, [row.id], gender, t);
    return listed ? { ...listed, videos } : null;
  }

  /** The section's own object of a list by model, channel or tag. */
  function sectionObject(kind: EntityKindName, e: EntityListRow): Partial<RawVideosResponse> {
    switch (kind) {
      case 'model':
        return { models: [{ model_id: e.id, ...toRawEntity(e) }] };
      case 'channel':
        return { channels: [{ channel_id: e.id, ...toRawEntity(e) }] };
      case 'tag':
        return { tags: [{ tag_id: e.id, title: e.title, dir: e.dir, total_videos: e.videos }] };
    }
  }

  /** One page of the model or channel index, and its total. */
  async function entityIndex(kind: EntityKind, q: EntitiesQuery): Promise<{ rows: EntityListRow[]; total: number }> {
    await fresh();
    const count = clampInt(q.count, 1, LIMITS.maxCount);
    const offset = (clampInt(q.page, 1, LIMITS.maxPage) - 1) * count;
    const gender = toOrientation(q.gender);
    const totalCount = await remember(counts, `${kind}|${gender}|${q.letter}`, () => needs(store.countEntities, 'the model and channel indexes')(kind, gender, q.letter));
    if (offset >= totalCount) return { rows: [], total: totalCount };
    const ids = await needs(store.listEntityIds, 'the model and channel indexes')({ kind, gender, sort: q.sort, letter: q.letter, limit: count, offset });
    return { rows: await needs(store.entityRows, 'the model and channel indexes')(kind, ids, gender, now()), total: totalCount };
  }

  /** The main stats' model or channel titles: most videos of the orientation first. */
  async function topTitles(kind: EntityKind, gender: Orientation): Promise<string[]> {
    const ids = await needs(store.listEntityIds, 'the main stats')({ kind, gender, sort: 'count-videos', letter: '', limit: TOP_ENTITIES, offset: 0 });
    return (await needs(store.entityRows, 'the main stats')(kind, ids, gender, now())).map((e) => e.title);
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
        const gender = toOrientation(q.gender);
        let category: CategoryRow | undefined;
        if (q.section === 'category') {
          category = (await allCategories()).find((c) => c.dir === q.objectId);
          if (!category) return { videos: [], total_count: 0, categories: [] };
        }
        let entity: EntityRef | null = null;
        let section: Partial<RawVideosResponse> = {};
        if (isEntitySection(q.section)) {
          const found = await entityOf(q.section, q.objectId, gender, now());
          if (!found) return { videos: [], total_count: 0 };
          entity = { kind: q.section, id: found.id };
          section = sectionObject(q.section, found);
        }
        // A type naming another orientation than the list's own has nothing of it.
        if (typeExcludes(q.type, gender)) {
          return { videos: [], total_count: 0, ...section, ...(category ? { categories: [await rawCategory(category, gender)] } : {}) };
        }
        const filter: CountFilter = { categoryId: category?.id ?? 0, entity, gender, duration: q.duration, date: q.date };
        const offset = (pageNo - 1) * count;
        const ranked = periodOf(q.sort, q.date);
        const t = now();
        if (ranked) await store.ensurePeriodStats(t);
        const totalCount = ranked
          ? await store.countPeriod(ranked.period, filter.categoryId, q.duration, gender, entity)
          : await total(filter, t);
        // Past the end there is nothing to walk: never scan an index for a page that cannot exist.
        const ids =
          offset >= totalCount
            ? []
            : ranked
              ? await store.listPeriodIds({ ...filter, ...ranked, limit: count, offset }, t)
              : await store.listIds({ ...filter, sort: q.sort, limit: count, offset }, t);
        const response = await listResponse(ids, totalCount, t);
        return category ? { ...response, categories: [await rawCategory(category, gender)] } : { ...response, ...section };
      }),

    search: (q) =>
      guarded('search', async () => {
        // Memory first: a result taken before an import or takedown must not be read.
        await fresh();
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        const gender = toOrientation(q.gender);
        if (typeExcludes(q.type, gender)) return { videos: [], total_count: 0 };
        const filter = { term: q.term, gender, duration: q.duration, date: q.date };
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

    main: (_lifetime, genderParam) =>
      guarded('main', async () => {
        await fresh();
        const gender = toOrientation(genderParam);
        const [keywords, models, channels, cats] = await Promise.all([
          store.topKeywords(TOP_KEYWORDS),
          topTitles('model', gender),
          topTitles('channel', gender),
          categoriesByTotal(gender),
        ]);
        return { keywords, models, channels, categories: cats };
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
        const [keywords, cats] = await Promise.all([store.keywordsByPrefix(text, SUGGEST_KEYWORDS), rawCategories(matching, DEFAULT_ORIENTATION)]);
        return { keywords, categories: cats };
      }),

    categories: (q) =>
      guarded('categories', async () => {
        await fresh();
        const gender = toOrientation(q.gender);
        if (q.section === 'title') {
          return { categories: (await rawCategories(await allCategories(), gender)).sort((a, b) => a.title.localeCompare(b.title)) };
        }
        if (q.section === 'recent') return { categories: await categoriesByRecent(gender) };
        return { categories: await categoriesByTotal(gender) };
      }),

    models: (q) =>
      guarded('models', async () => {
        const { rows, total: totalCount } = await entityIndex('model', q);
        return { models: rows.map((e) => ({ model_id: e.id, ...toRawEntity(e) })), total_count: totalCount };
      }),

    channels: (q) =>
      guarded('channels', async () => {
        const { rows, total: totalCount } = await entityIndex('channel', q);
        return { channels: rows.map((e) => ({ channel_id: e.id, ...toRawEntity(e) })), total_count: totalCount };
      }),

    sitemapEntities: (kind, pageNo, size) =>
      guarded('sitemapEntities', async () => {
        await fresh();
        return needs(store.sitemapEntities, 'the sitemaps of models, channels and tags')(kind, clampInt(pageNo, 1, LIMITS.maxPage), clampInt(size, 1, MAX_SITEMAP_SIZE));
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
