import 'server-only';
/**
 * The catalogue on a PostgreSQL server as a Source (DATABASE_URL): the same answers as the SQLite
 * catalogue (lib/catalog/source.ts), from the same schema and demo seed; the contract test
 * (tests/unit/catalog/pg-contract.test.ts) asks both the same questions.
 *
 * Several servers may share one database: an import or takedown bumps meta.content_version in
 * its transaction, and each server reads it at most once a second before it trusts what it keeps
 * in memory (listing counts, search results, categories).
 */
import pg from 'pg';
import { LIMITS } from '@/lib/contract/constants';
import { SourceError } from '@/lib/contract/errors';
import type { RawCategory, RawInputResponse, RawVideosResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import { encodeVideoUrl } from '@/lib/contract/video-url-codec';
import { getConfig } from '@/lib/config';
import { LruCache } from '@/lib/lru';
import { nowSeconds } from '../filters';
import { INPUT_ERRORS } from '../input-actions';
import { CLIP_FORMAT, CLIP_URL, categoryThumbUrl } from '../media-urls';
import { periodOf } from '../period-stats';
import { ratingOf } from '../rating';
import { STATUS, VISIBLE_STATUS_SQL } from '../schema';
import { toRawVideo } from '../video-rows';
import { createPgPool, ensurePgCatalog, type PgPool } from './db';
import { pgVoterKey } from './voter-key';
import { countPgDay, countPgPeriod, ensurePgPeriodStats, listPgPeriodIds } from './period-stats';
import {
  type CategoryRow,
  type PgCountFilter,
  pgCategories,
  pgContentVersion,
  pgCountListable,
  pgIsListable,
  pgKeywordsByPrefix,
  pgListIds,
  pgListRows,
  pgRelatedIds,
  pgSearchIds,
  pgSitemapRange,
  pgSitemapRanges,
  pgTopKeywords,
  pgVideoDetail,
} from './queries';
import { ListEpoch, listKey, NEXT_PUBLISH_SQL, WindowBounds } from '../list-epoch';
import { clampInt, MAX_SUGGESTER_COUNT, page, SUGGEST_CATEGORIES, SUGGEST_KEYWORDS, TOP_KEYWORDS } from '../answer-limits';

export interface PgSourceOptions {
  /** Current time in unix seconds; tests pin it. */
  now?: () => number;
  countTtlMs?: number;
  searchTtlMs?: number;
  /** How often the content version is read, in ms (1000; tests that import and ask at once use 0). */
  versionPollMs?: number;
}

const VERSION_POLL_MS = 1000;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', 'EAI_AGAIN']);

/** A failure of the database as a SourceError: no connection, a timeout, or anything else. */
function toSourceError(what: string, cause: unknown): SourceError {
  if (cause instanceof SourceError) return cause;
  const code = (cause as { code?: string } | null)?.code ?? '';
  const message = cause instanceof Error ? cause.message : String(cause);
  // 57014: query_canceled (statement_timeout); 57P01-03: the server shutting down or starting.
  if (code === '57014' || /timeout/i.test(message)) return new SourceError('timeout', `PostgreSQL catalogue timed out in ${what}`, { cause });
  if (NETWORK_CODES.has(code) || code.startsWith('57P') || code.startsWith('08') || /Connection terminated/i.test(message)) {
    return new SourceError('network', `PostgreSQL catalogue unreachable in ${what}`, { cause });
  }
  return new SourceError('internal', `PostgreSQL catalogue failed in ${what}`, { cause });
}

async function guarded<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (cause) {
    throw toSourceError(what, cause);
  }
}

/**
 * A PostgreSQL catalogue as a Source. `pool` may be a function so that the site's instance
 * connects (and on first run creates and seeds the catalogue) only when a page first asks.
 */
export function createPgSource(pool: PgPool | (() => Promise<PgPool>), options: PgSourceOptions = {}): Source {
  let ready: Promise<PgPool> | undefined;
  const openPool = (): Promise<PgPool> => {
    if (typeof pool !== 'function') return Promise.resolve(pool);
    // A failed start (server down) is not remembered: the next request tries again.
    ready ??= pool().catch((e: unknown) => {
      ready = undefined;
      throw e;
    });
    return ready;
  };
  const now = options.now ?? nowSeconds;
  const counts = new LruCache<Promise<number>>(5000, options.countTtlMs ?? 120_000);
  const searches = new LruCache<Promise<number[]>>(500, options.searchTtlMs ?? 60_000);
  let categories: Promise<CategoryRow[]> | null = null;

  let version = '';
  let readAt = 0;
  let reading: Promise<void> | null = null;
  const epoch = new ListEpoch();
  /** Lowest ids of date windows (pgSearchIds), kept while the catalogue stays as it is. */
  const lowIds = new WindowBounds();
  const pollMs = options.versionPollMs ?? VERSION_POLL_MS;

  /** Reads the content version (at most once every pollMs). */
  function pollVersion(db: PgPool): Promise<void> {
    if (Date.now() - readAt < pollMs) return Promise.resolve();
    reading ??= pgContentVersion(db)
      .then((v) => {
        readAt = Date.now();
        version = v;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  /**
   * The pool, once memory agrees with the catalogue: what it remembers of the lists is dropped when
   * the content version moved or a scheduled video went live since it was taken.
   */
  async function conn(): Promise<PgPool> {
    const db = await openPool();
    await pollVersion(db);
    const t = now();
    if (epoch.moved(version, t)) {
      counts.clear();
      searches.clear();
      lowIds.clear();
      categories = null;
      const r = await db.query<{ at: number | null }>(`${NEXT_PUBLISH_SQL} $1`, [t]);
      epoch.publishesAt(r.rows[0]?.at ?? null);
    }
    return db;
  }

  function remember<T>(cache: LruCache<Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    const p = make();
    cache.set(key, p);
    // A failure is not kept (the cache has no delete; failures are rare enough to start over).
    p.catch(() => {
      if (cache.get(key) === p) cache.clear();
    });
    return p;
  }

  async function allCategories(db: PgPool): Promise<CategoryRow[]> {
    if (!categories) {
      const p = pgCategories(db);
      categories = p;
      p.catch(() => {
        if (categories === p) categories = null;
      });
    }
    return categories;
  }

  /** A listing's total at `t` (one clock reading per answer: its total and its page agree). */
  function total(db: PgPool, f: PgCountFilter, t = now()): Promise<number> {
    return remember(counts, listKey(f, t), () => pgCountListable(db, f, t));
  }

  async function rawCategory(db: PgPool, c: CategoryRow): Promise<RawCategory> {
    return {
      category_id: c.id,
      title: c.title,
      dir: c.dir,
      total_videos: await total(db, { categoryId: c.id, duration: 'all', date: 'all' }),
      scr: categoryThumbUrl(c.dir),
    };
  }

  async function categoriesByTotal(db: PgPool): Promise<RawCategory[]> {
    const rows = await Promise.all((await allCategories(db)).map((c) => rawCategory(db, c)));
    return rows.sort((a, b) => Number(b.total_videos) - Number(a.total_videos) || a.title.localeCompare(b.title));
  }

  async function listResponse(db: PgPool, ids: readonly number[], totalCount: number, t: number): Promise<RawVideosResponse> {
    return { videos: (await pgListRows(db, ids, t)).map(toRawVideo), total_count: totalCount };
  }

  /** Runs `fn` in a transaction on one client. */
  async function transaction<T>(db: PgPool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      try {
        const out = await fn(client);
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    } finally {
      client.release();
    }
  }

  async function statusOf(db: PgPool, videoId: number, t: number): Promise<number | undefined> {
    const r = await db.query<{ status_id: number }>(
      `SELECT status_id FROM videos WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
      [videoId, t],
    );
    return r.rows[0]?.status_id;
  }

  async function recordView(db: PgPool, videoId: number): Promise<RawInputResponse> {
    const t = now();
    const status = await statusOf(db, videoId, t);
    if (status === undefined) return { error: 1, code: INPUT_ERRORS.notFound };
    if (status === STATUS.statsDisabled) return { error: 1, code: INPUT_ERRORS.statsDisabled };
    await ensurePgPeriodStats(db, t);
    await transaction(db, async (c) => {
      await c.query('UPDATE videos SET views = views + 1 WHERE id = $1', [videoId]);
      await c.query('UPDATE video_categories SET views = views + 1 WHERE video_id = $1', [videoId]);
      await countPgDay(c, videoId, t, 1, 0, 0);
    });
    return { ok: 1 };
  }

  /** One vote per visitor and video a day, stored under the visitor's key of the day (voter-key.ts). */
  async function recordVote(db: PgPool, videoId: number, vote: 0 | 1, visitor: string): Promise<RawInputResponse> {
    const t = now();
    if ((await statusOf(db, videoId, t)) === undefined) return { error: 1, code: INPUT_ERRORS.notFound };
    const voter = await pgVoterKey(db, getConfig().voteSalt, visitor, t);
    await ensurePgPeriodStats(db, t);
    return transaction(db, async (c): Promise<RawInputResponse> => {
      const inserted = await c.query(
        'INSERT INTO votes (video_id, voter, vote, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (video_id, voter) DO NOTHING',
        [videoId, voter, vote, t],
      );
      if (inserted.rowCount === 0) return { error: 1, code: INPUT_ERRORS.alreadyVoted };
      const counts = await c.query<{ likes: number; dislikes: number }>(
        'UPDATE videos SET likes = likes + $1, dislikes = dislikes + $2 WHERE id = $3 RETURNING likes, dislikes',
        [vote, 1 - vote, videoId],
      );
      const row = counts.rows[0];
      if (!row) return { error: 1, code: INPUT_ERRORS.notFound };
      const rating = ratingOf(row.likes, row.dislikes);
      await c.query('UPDATE videos SET rating = $1 WHERE id = $2', [rating, videoId]);
      await c.query('UPDATE video_categories SET likes = $1, rating = $2 WHERE video_id = $3', [row.likes, rating, videoId]);
      await countPgDay(c, videoId, t, 0, vote, 1 - vote);
      return { ok: 1 };
    });
  }

  return {
    name: 'postgres',

    videos: (q) =>
      guarded('videos', async () => {
        const db = await conn();
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        let category: CategoryRow | undefined;
        if (q.section === 'category') {
          category = (await allCategories(db)).find((c) => c.dir === q.objectId);
          if (!category) return { videos: [], total_count: 0, categories: [] };
        }
        const filter = { categoryId: category?.id ?? 0, duration: q.duration, date: q.date };
        const offset = (pageNo - 1) * count;
        const ranked = periodOf(q.sort, q.date);
        const t = now();
        if (ranked) await ensurePgPeriodStats(db, t);
        const totalCount = ranked ? await countPgPeriod(db, ranked.period, filter.categoryId, q.duration) : await total(db, filter, t);
        const ids =
          offset >= totalCount
            ? []
            : ranked
              ? await listPgPeriodIds(db, { ...filter, ...ranked, limit: count, offset }, t)
              : await pgListIds(db, { ...filter, sort: q.sort, limit: count, offset }, t);
        const response = await listResponse(db, ids, totalCount, t);
        return category ? { ...response, categories: [await rawCategory(db, category)] } : response;
      }),

    search: (q) =>
      guarded('search', async () => {
        const db = await conn();
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        const filter = { term: q.term, duration: q.duration, date: q.date };
        const t = now();
        const ids = await remember(searches, listKey(filter, t), () => pgSearchIds(db, filter, t, lowIds));
        return listResponse(db, page(ids, pageNo, count), ids.length, t);
      }),

    video: (id) =>
      guarded('video', async () => {
        if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return { error: 1 as const, code: 'video_not_found' };
        const video = await pgVideoDetail(await conn(), id, now());
        return video ? { video } : { error: 1 as const, code: 'video_not_found' };
      }),

    related: (q) =>
      guarded('related', async () => {
        const count = clampInt(q.count, 1, LIMITS.maxCount);
        const pageNo = clampInt(q.page, 1, LIMITS.maxPage);
        if (!Number.isSafeInteger(q.videoId) || q.videoId < 1 || q.videoId > 2_147_483_647) return { videos: [], total_count: 0 };
        const db = await conn();
        const t = now();
        const ids = await pgRelatedIds(db, q.videoId, t);
        return listResponse(db, page(ids, pageNo, count), ids.length, t);
      }),

    main: () =>
      guarded('main', async () => {
        const db = await conn();
        const [keywords, cats] = await Promise.all([pgTopKeywords(db, TOP_KEYWORDS), categoriesByTotal(db)]);
        return { keywords, models: [], channels: [], categories: cats };
      }),

    suggester: (_lifetime, count) =>
      guarded('suggester', async () => ({ keywords: await pgTopKeywords(await conn(), clampInt(count, 1, MAX_SUGGESTER_COUNT)) })),

    suggest: (text) =>
      guarded('suggest', async () => {
        const db = await conn();
        const needle = text.normalize('NFKC').trim().toLowerCase();
        const matching = needle
          ? (await allCategories(db))
              .filter((c) => c.title.toLowerCase().includes(needle))
              .sort((a, b) => Number(!a.title.toLowerCase().startsWith(needle)) - Number(!b.title.toLowerCase().startsWith(needle)))
              .slice(0, SUGGEST_CATEGORIES)
          : [];
        const [keywords, cats] = await Promise.all([
          pgKeywordsByPrefix(db, text, SUGGEST_KEYWORDS),
          Promise.all(matching.map((c) => rawCategory(db, c))),
        ]);
        return { keywords, categories: cats };
      }),

    categories: (q) =>
      guarded('categories', async () => {
        const db = await conn();
        if (q.section === 'title') {
          const rows = await Promise.all((await allCategories(db)).map((c) => rawCategory(db, c)));
          return { categories: rows.sort((a, b) => a.title.localeCompare(b.title)) };
        }
        return { categories: await categoriesByTotal(db) };
      }),

    videofile: (videoId) =>
      guarded('videofile', async () => {
        if (!Number.isSafeInteger(videoId) || videoId < 1 || videoId > 2_147_483_647) return null;
        return (await pgIsListable(await conn(), videoId, now())) ? [{ format: CLIP_FORMAT, video_url: encodeVideoUrl(CLIP_URL) }] : null;
      }),

    sitemapRanges: (size) => guarded('sitemapRanges', async () => pgSitemapRanges(await conn(), clampInt(size, 1, 50_000), now())),

    sitemapRange: (range, size) =>
      guarded('sitemapRange', async () =>
        pgSitemapRange(await conn(), clampInt(range, 1, Number.MAX_SAFE_INTEGER), clampInt(size, 1, 50_000), now()),
      ),

    /**
     * Sync: the last version read and the epoch as last seen; a read is started (and the epoch
     * moved) when the last one is over a second old.
     */
    contentVersion: () => {
      conn().catch(() => {});
      return epoch.token;
    },

    input: (form, actor) =>
      guarded('input', async () => {
        if (!Number.isSafeInteger(form.objectId) || form.objectId < 1 || form.objectId > 2_147_483_647) {
          return { error: 1 as const, code: INPUT_ERRORS.notFound };
        }
        const db = await conn();
        return form.act === 'view' ? recordView(db, form.objectId) : recordVote(db, form.objectId, form.vote, actor.key);
      }),
  };
}

// Kept on globalThis so that dev-mode module reloads and the separately bundled route handlers
// share one pool per process.
const holder = globalThis as typeof globalThis & { __tubefrontPgPool?: Promise<PgPool> };

/** The process's pool for DATABASE_URL, after making sure the catalogue exists (seeding it on first use). */
export function getPgPool(): Promise<PgPool> {
  holder.__tubefrontPgPool ??= (async () => {
    const config = getConfig();
    const pool = createPgPool(config.databaseUrl);
    try {
      await ensurePgCatalog(pool, { seedVideos: config.seedVideos });
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    return pool;
  })().catch((e: unknown) => {
    holder.__tubefrontPgPool = undefined;
    throw e;
  });
  return holder.__tubefrontPgPool;
}

/** The site's PostgreSQL source (DATABASE_URL). */
export const pgSource: Source = createPgSource(getPgPool);
