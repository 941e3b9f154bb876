import 'server-only';
/**
 * The catalogue on a PostgreSQL server (DATABASE_URL), as a store (../store.ts): the same answers
 * as the SQLite store from the same schema and demo seed; the contract test
 * (tests/pg/contract.test.ts) asks both the same questions.
 *
 * Several servers may share one database: an import or takedown bumps meta.content_version in
 * its transaction, and each server reads it at most once a second before it trusts what it keeps
 * in memory (listing counts, search results, categories).
 */
import { SourceError } from '@/lib/contract/errors';
import type { RawInputResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import { getConfig } from '@/lib/config';
import { NEXT_PUBLISH_SQL, WindowBounds } from '../list-epoch';
import { ratingOf } from '../rating';
import { type CatalogSourceOptions, createCatalogSource } from '../source';
import { STATUS, VISIBLE_STATUS_SQL } from '../status';
import { type CatalogStore, INPUT_ERRORS } from '../store';
import { pgChangeSecret } from './change-secret';
import { createPgPool, ensurePgCatalog, inTransaction, type PgPool } from './db';
import { countPgDay, countPgPeriod, ensurePgPeriodStats, listPgPeriodIds } from './period-stats';
import {
  pgCategories,
  pgContentVersion,
  pgCountListable,
  pgIsListable,
  pgKeywordsByPrefix,
  pgListIds,
  pgListRows,
  pgNewestInCategories,
  pgRelatedIds,
  pgSearchIds,
  pgSitemapRange,
  pgSitemapRanges,
  pgTopKeywords,
  pgVideoDetail,
} from './queries';
import { pgForgetPastVoters, pgVoterKey } from './voter-key';
import { addPgEntityViews } from './entity-stats';
import { SECTIONS } from './sections';
import { pgCountEntities, pgEntityByDir, pgEntityRows, pgListEntityIds, pgSitemapEntities } from './entity-queries';

export interface PgStoreOptions {
  /** How often the content version is read, in ms (1000; tests that import and ask at once use 0). */
  versionPollMs?: number;
}

const VERSION_POLL_MS = 1000;

/** The membership tables with the video's sort columns copied in (sections.ts). */
const MEMBER_TABLES = [SECTIONS.category, SECTIONS.model, SECTIONS.tag].map((s) => s.table);

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

/**
 * The store over a pool. `pool` may be a function so that the site's store connects (and on first
 * run creates and seeds the catalogue) only when a page first asks.
 */
export function pgStore(pool: PgPool | (() => Promise<PgPool>), options: PgStoreOptions = {}): CatalogStore {
  let ready: Promise<PgPool> | undefined;
  const open = (): Promise<PgPool> => {
    if (typeof pool !== 'function') return Promise.resolve(pool);
    // A failed start (server down) is not remembered: the next request tries again.
    ready ??= pool().catch((e: unknown) => {
      ready = undefined;
      throw e;
    });
    return ready;
  };

  let version = '';
  let readAt = 0;
  let reading: Promise<void> | null = null;
  /** Lowest ids of date windows (pgSearchIds), kept while the catalogue stays as it is. */
  const lowIds = new WindowBounds();
  const pollMs = options.versionPollMs ?? VERSION_POLL_MS;

  /** The content version, read at most once every pollMs. */
  async function contentVersion(): Promise<string> {
    const db = await open();
    if (Date.now() - readAt >= pollMs) {
      reading ??= pgContentVersion(db)
        .then((v) => {
          readAt = Date.now();
          version = v;
        })
        .finally(() => {
          reading = null;
        });
      await reading;
    }
    return version;
  }

  async function statusOf(db: PgPool, videoId: number, t: number): Promise<number | undefined> {
    const r = await db.query<{ status_id: number }>(
      `SELECT status_id FROM videos WHERE id = $1 AND ${VISIBLE_STATUS_SQL} AND post_date <= $2`,
      [videoId, t],
    );
    return r.rows[0]?.status_id;
  }

  async function recordView(db: PgPool, videoId: number, t: number): Promise<RawInputResponse> {
    const status = await statusOf(db, videoId, t);
    if (status === undefined) return { error: 1, code: INPUT_ERRORS.notFound };
    if (status === STATUS.statsDisabled) return { error: 1, code: INPUT_ERRORS.statsDisabled };
    await ensurePgPeriodStats(db, t);
    await inTransaction(db, async (c) => {
      await c.query('UPDATE videos SET views = views + 1 WHERE id = $1', [videoId]);
      // The copies feed the category, model and tag listings sorted by views, and the indexes' most popular.
      for (const table of MEMBER_TABLES) await c.query(`UPDATE ${table} SET views = views + 1 WHERE video_id = $1`, [videoId]);
      await countPgDay(c, videoId, t, 1, 0, 0);
      // After the period tables' lock (countPgDay), which an import's recount takes before it rewrites
      // entity_stats: taken the other way round, a view and the recount could deadlock.
      await addPgEntityViews(c, videoId, 1);
    });
    return { ok: 1 };
  }

  /** One vote per visitor and video a day, stored under the visitor's key of the day (voter-key.ts). */
  async function recordVote(db: PgPool, videoId: number, vote: 0 | 1, visitor: string, voteSalt: string, t: number): Promise<RawInputResponse> {
    if ((await statusOf(db, videoId, t)) === undefined) return { error: 1, code: INPUT_ERRORS.notFound };
    const voter = await pgVoterKey(db, voteSalt, visitor, t);
    await ensurePgPeriodStats(db, t);
    return inTransaction(db, async (c): Promise<RawInputResponse> => {
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
      for (const table of MEMBER_TABLES) await c.query(`UPDATE ${table} SET likes = $1, rating = $2 WHERE video_id = $3`, [row.likes, rating, videoId]);
      await countPgDay(c, videoId, t, 0, vote, 1 - vote);
      return { ok: 1 };
    });
  }

  return {
    name: 'postgres',
    contentVersion,
    nextPublish: async (now) => (await (await open()).query<{ at: number | null }>(`${NEXT_PUBLISH_SQL} $1`, [now])).rows[0]?.at ?? null,
    forgetLists: () => lowIds.clear(),
    categories: async () => pgCategories(await open()),
    countListable: async (f, now) => pgCountListable(await open(), f, now),
    listIds: async (f, now) => pgListIds(await open(), f, now),
    ensurePeriodStats: async (now) => ensurePgPeriodStats(await open(), now),
    countPeriod: async (period, categoryId, duration, gender, entity) => countPgPeriod(await open(), period, categoryId, duration, gender, entity),
    listPeriodIds: async (f, now) => listPgPeriodIds(await open(), f, now),
    listRows: async (ids, now) => pgListRows(await open(), ids, now),
    searchIds: async (f, now) => pgSearchIds(await open(), f, now, lowIds),
    relatedIds: async (videoId, now) => pgRelatedIds(await open(), videoId, now),
    newestInCategories: async (ids, gender, now) => pgNewestInCategories(await open(), ids, gender, now),
    videoDetail: async (id, now) => pgVideoDetail(await open(), id, now),
    isListable: async (id, now) => pgIsListable(await open(), id, now),
    topKeywords: async (limit) => pgTopKeywords(await open(), limit),
    keywordsByPrefix: async (text, limit) => pgKeywordsByPrefix(await open(), text, limit),
    sitemapRanges: async (size, now) => pgSitemapRanges(await open(), size, now),
    sitemapRange: async (range, size, now) => pgSitemapRange(await open(), range, size, now),
    entityByDir: async (kind, dir) => pgEntityByDir(await open(), kind, dir),
    countEntities: async (kind, gender, letter) => pgCountEntities(await open(), kind, gender, letter),
    listEntityIds: async (f) => pgListEntityIds(await open(), f),
    entityRows: async (kind, ids, gender, now) => pgEntityRows(await open(), kind, ids, gender, now),
    sitemapEntities: async (kind, page, size) => pgSitemapEntities(await open(), kind, page, size),
    input: async (form, visitor, voteSalt, now) => {
      const db = await open();
      const t = now();
      return form.act === 'view' ? recordView(db, form.objectId, t) : recordVote(db, form.objectId, form.vote, visitor, voteSalt, t);
    },
    changeSecret: async (configured, create) => pgChangeSecret(await open(), configured, create),
    forgetPastVoters: async (now) => pgForgetPastVoters(await open(), now),
    failure: toSourceError,
  };
}

/** The catalogue on `pool` as a Source (tests and benches; the site's comes from open.ts). */
export function createPgSource(pool: PgPool | (() => Promise<PgPool>), options: CatalogSourceOptions & PgStoreOptions = {}): Source {
  return createCatalogSource(pgStore(pool, options), options);
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


