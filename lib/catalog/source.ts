import 'server-only';
import { LIMITS } from '@/lib/contract/constants';
import { getConfig } from '@/lib/config';
import { LruCache } from '@/lib/lru';
import { SourceError } from '@/lib/contract/errors';
import type { RawCategory, RawVideosResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import { encodeVideoUrl } from '@/lib/contract/video-url-codec';
import { allCategories, categoryByDir, type CategoryRow } from './category-query';
import { countListable, type CountFilter } from './counts';
import { contentVersion } from './content-version';
import { type CatalogDb, getCatalogDb } from './db';
import { nowSeconds } from './filters';
import { recordView, recordVote } from './input-actions';
import { writeWhenFree } from './site-write';
import { voterKey } from './voter-key';
import { ListEpoch, listKey, NEXT_PUBLISH_SQL } from './list-epoch';
import { listVideoIds } from './list-query';
import { CLIP_FORMAT, CLIP_URL, categoryThumbUrl } from './media-urls';
import { countPeriod, ensurePeriodStats, listPeriodIds, periodOf } from './period-stats';
import { relatedIds } from './related-query';
import { searchIds } from './search-query';
import { prepared } from './statements';
import { sitemapRange, sitemapRanges } from './sitemap-query';
import { keywordsByPrefix, topKeywords } from './suggest-query';
import { loadVideoDetail } from './video-detail';
import { isListable, loadListRows, toRawVideo } from './video-rows';
import { clampInt, MAX_SUGGESTER_COUNT, page, SUGGEST_CATEGORIES, SUGGEST_KEYWORDS, TOP_KEYWORDS } from './answer-limits';

export interface EmbeddedSourceOptions {
  /** Current time in unix seconds; tests move it to check scheduled publishing. */
  now?: () => number;
  /** How stale a total_count may be. Counts only change as scheduled videos go live. */
  countTtlMs?: number;
  /** How long a search's ranked ids are reused (paging, popular terms); 0 disables. */
  searchTtlMs?: number;
}

/** Runs a catalogue call; a failure becomes a SourceError so that pages keep their last good copy. */
async function guarded<T>(what: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (cause) {
    if (cause instanceof SourceError) throw cause;
    throw new SourceError('internal', `Embedded catalogue failed in ${what}`, { cause });
  }
}

/**
 * The embedded catalogue as a Source. `db` may be a function so that the default instance
 * opens (and on first run seeds) the file only when a page first asks for data.
 */
export function createEmbeddedSource(db: CatalogDb | (() => CatalogDb), options: EmbeddedSourceOptions = {}): Source {
  const openDb = typeof db === 'function' ? db : () => db;
  const now = options.now ?? nowSeconds;
  const counts = new LruCache<number>(5000, options.countTtlMs ?? 120_000);
  const searches = new LruCache<number[]>(500, options.searchTtlMs ?? 60_000);

  const epoch = new ListEpoch();
  /**
   * The connection, after dropping what this process remembers of the lists when an import or
   * takedown changed the catalogue, or a scheduled video went live since it was taken.
   */
  function fresh(): CatalogDb {
    const db = openDb();
    const t = now();
    if (epoch.moved(contentVersion(db), t)) {
      counts.clear();
      searches.clear();
      epoch.publishesAt(prepared(db, `${NEXT_PUBLISH_SQL} ?`).pluck().get(t) as number | null);
    }
    return db;
  }

  const conn = fresh;

  /** A listing's total at `t` (one clock reading per answer: its total and its page agree). */
  function total(f: CountFilter, t = now()): number {
    // The connection first: it drops the counts when the catalogue changed since they were taken.
    const db = conn();
    return counts.getOrCompute(listKey(f, t), () => countListable(db, f, t));
  }

  function rawCategory(c: CategoryRow): RawCategory {
    return {
      category_id: c.id,
      title: c.title,
      dir: c.dir,
      total_videos: total({ categoryId: c.id, duration: 'all', date: 'all' }),
      scr: categoryThumbUrl(c.dir),
    };
  }

  function categoriesByTotal(): RawCategory[] {
    return allCategories(conn())
      .map(rawCategory)
      .sort((a, b) => Number(b.total_videos) - Number(a.total_videos) || a.title.localeCompare(b.title));
  }

  function listResponse(ids: readonly number[], totalCount: number, t: number): RawVideosResponse {
    return { videos: loadListRows(conn(), ids, t).map(toRawVideo), total_count: totalCount };
  }

  return {
    name: 'embedded',

    videos: (q) =>
      guarded('videos', () => {
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        let category: CategoryRow | undefined;
        if (q.section === 'category') {
          category = categoryByDir(conn(), q.objectId);
          if (!category) return { videos: [], total_count: 0, categories: [] };
        }
        const filter = { categoryId: category?.id ?? 0, duration: q.duration, date: q.date };
        const offset = (pageNo - 1) * count;
        const ranked = periodOf(q.sort, q.date);
        const t = now();
        if (ranked) ensurePeriodStats(conn(), t);
        const totalCount = ranked ? countPeriod(conn(), ranked.period, filter.categoryId, q.duration) : total(filter, t);
        // Past the end there is nothing to walk: never scan an index for a page that cannot exist.
        const ids =
          offset >= totalCount
            ? []
            : ranked
              ? listPeriodIds(conn(), { ...filter, ...ranked, limit: count, offset }, t)
              : listVideoIds(conn(), { ...filter, sort: q.sort, limit: count, offset }, t);
        const response = listResponse(ids, totalCount, t);
        return category ? { ...response, categories: [rawCategory(category)] } : response;
      }),

    search: (q) =>
      guarded('search', () => {
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        const filter = { term: q.term, duration: q.duration, date: q.date };
        // The connection first: a result taken before an import or takedown must not be read.
        const db = conn();
        const t = now();
        const ids = searches.getOrCompute(listKey(filter, t), () => searchIds(db, filter, t));
        return listResponse(page(ids, pageNo, count), ids.length, t);
      }),

    video: (id) =>
      guarded('video', () => {
        const video = loadVideoDetail(conn(), id, now());
        return video ? { video } : { error: 1 as const, code: 'video_not_found' };
      }),

    related: (q) =>
      guarded('related', () => {
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        const t = now();
        const ids = relatedIds(conn(), q.videoId, t);
        return listResponse(page(ids, pageNo, count), ids.length, t);
      }),

    main: () =>
      guarded('main', () => ({
        keywords: topKeywords(conn(), TOP_KEYWORDS),
        models: [],
        channels: [],
        categories: categoriesByTotal(),
      })),

    suggester: (_lifetime, count) =>
      guarded('suggester', () => ({ keywords: topKeywords(conn(), clampInt(count, 1, MAX_SUGGESTER_COUNT)) })),

    suggest: (text) =>
      guarded('suggest', () => {
        const needle = text.normalize('NFKC').trim().toLowerCase();
        const matching = needle
          ? allCategories(conn())
              .filter((c) => c.title.toLowerCase().includes(needle))
              // Titles starting with the text first, e.g. "tr" gives Travel and Trains before Road Trips.
              .sort((a, b) => Number(!a.title.toLowerCase().startsWith(needle)) - Number(!b.title.toLowerCase().startsWith(needle)))
              .slice(0, SUGGEST_CATEGORIES)
          : [];
        return { keywords: keywordsByPrefix(conn(), text, SUGGEST_KEYWORDS), categories: matching.map(rawCategory) };
      }),

    categories: (q) =>
      guarded('categories', () => {
        if (q.section === 'title') {
          return { categories: allCategories(conn()).map(rawCategory).sort((a, b) => a.title.localeCompare(b.title)) };
        }
        return { categories: categoriesByTotal() };
      }),

    videofile: (videoId) =>
      guarded('videofile', () =>
        isListable(conn(), videoId, now())
          ? [{ format: CLIP_FORMAT, video_url: encodeVideoUrl(CLIP_URL) }]
          : null,
      ),

    sitemapRanges: (size) => guarded('sitemapRanges', () => sitemapRanges(conn(), clampInt(size, 1, 50_000), now())),

    sitemapRange: (range, size) =>
      guarded('sitemapRange', () => sitemapRange(conn(), clampInt(range, 1, Number.MAX_SAFE_INTEGER), clampInt(size, 1, 50_000), now())),

    // The connection refreshes the version (at most one read of the file a second) and the epoch.
    contentVersion: () => {
      conn();
      return epoch.token;
    },

    // Never waits for the write lock on the event loop (an import may hold it): site-write.ts.
    // A vote is stored under the visitor's key of the day, never the visitor itself (voter-key.ts).
    input: (form, actor) =>
      guarded('input', () => {
        const db = conn();
        return writeWhenFree(db, () => {
          const t = now();
          if (form.act === 'view') return recordView(db, form.objectId, t);
          return recordVote(db, form.objectId, form.vote, voterKey(db, getConfig().voteSalt, actor.key, t), t);
        });
      }),
  };
}

/** The site's embedded source: opens (and on first use seeds) the configured catalogue lazily. */
export const embeddedSource: Source = createEmbeddedSource(getCatalogDb);
