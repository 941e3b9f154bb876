import 'server-only';
/**
 * The PostgreSQL catalogue as an import target (lib/import/writer.ts), with the SQLite writer's
 * contract (lib/catalog/sqlite-writer.ts): upserts by (source, external id), unseen categories and
 * tags created, the search vectors rewritten with the row, takedowns deleted everywhere (per-day
 * history and period sums included) and remembered, and the content version bumped in the same
 * transaction so that every server drops what it keeps in memory within a second.
 *
 * Every transaction takes IMPORT_LOCK_KEY first: two imports (or an import and a takedown) at once
 * take turns instead of handing out the same new ids.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { FeedRow } from '@/lib/import/types';
import { slugify } from '@/lib/import/normalise';
import type { BatchResult, CatalogWriter, RemovedVideo, RemoveTarget } from '@/lib/import/writer';
import { DAY_SECONDS } from '../filters';
import { ratingOf } from '../rating';
import { STATUS } from '../schema';
import { titleKeywords } from '../seed';
import type { PgPool } from './db';
import { forgetPgPeriods, rebuildPgPeriodStats, vacuumPeriods } from './period-stats';
import { SYNC_COMMIT_SQL, searchSliceOf, searchSliceSql } from './schema';
import { relatedWords, titlePairsTsv, titleTsv, videoTsv } from './tsv';

const IMPORT_LOCK_KEY = 0x7f0b_c003;

function rowHash(row: FeedRow): string {
  // The line number is where the row sits in this run's file, not part of the video.
  return createHash('sha1').update(JSON.stringify({ ...row, line: 0 })).digest('base64');
}

/** The cumulative per-day listing counts (video_day_counts), rebuilt in one statement. */
const RECOUNT_SQL = `
WITH listed AS (
  SELECT id, post_date / ${DAY_SECONDS} AS day,
    CASE WHEN duration < 600 THEN 1 WHEN duration <= 2400 THEN 2 ELSE 3 END AS dc
  FROM videos WHERE status_id IN (1, 5)
), per AS (
  SELECT 0 AS category_id, 0 AS dur_class, day, count(*) AS n FROM listed GROUP BY day
  UNION ALL SELECT 0, dc, day, count(*) FROM listed GROUP BY dc, day
  UNION ALL SELECT vc.category_id, 0, l.day, count(*) FROM listed l JOIN video_categories vc ON vc.video_id = l.id GROUP BY vc.category_id, l.day
  UNION ALL SELECT vc.category_id, l.dc, l.day, count(*) FROM listed l JOIN video_categories vc ON vc.video_id = l.id GROUP BY vc.category_id, l.dc, l.day
)
INSERT INTO video_day_counts (category_id, dur_class, day, cum)
SELECT category_id, dur_class, day, sum(n) OVER (PARTITION BY category_id, dur_class ORDER BY day) FROM per`;

type Client = pg.PoolClient;

export class PgCatalogWriter implements CatalogWriter {
  readonly name = 'postgres';
  private changed = false;
  /** video_search slices known to exist. */
  private readonly slices = new Set<number>();
  private readonly now = Math.floor(Date.now() / 1000);

  /** `ownsPool`: close() ends the pool (the CLI's own pool), else leaves it to its owner. */
  constructor(
    private readonly pool: PgPool,
    private readonly ownsPool = false,
  ) {}

  private async transaction<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      try {
        await c.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
        const out = await fn(c);
        await c.query('COMMIT');
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        // A slice created in this transaction is gone with it.
        this.slices.clear();
        throw e;
      }
    } finally {
      c.release();
    }
  }

  /** The next unused video id: ids are never reused, so an old link never opens another video. */
  private async nextId(c: Client): Promise<number> {
    const r = await c.query<{ n: number }>(
      `SELECT greatest(
         coalesce((SELECT value::int FROM meta WHERE key = 'next_video_id'), 0),
         coalesce((SELECT max(id) FROM videos), 0) + 1,
         coalesce((SELECT max(video_id) FROM takedowns), 0) + 1) AS n`,
    );
    return r.rows[0]!.n;
  }

  /** Ids of categories (or tags) by title, creating the missing ones. */
  private async idsOf(c: Client, table: 'categories' | 'tags', titles: readonly string[]): Promise<number[]> {
    const out: number[] = [];
    for (const title of titles) {
      const dir = slugify(title);
      const found = await c.query<{ id: number }>(`SELECT id FROM ${table} WHERE dir = $1`, [dir]);
      if (found.rows[0]) {
        out.push(found.rows[0].id);
        continue;
      }
      const created =
        table === 'categories'
          ? await c.query<{ id: number }>(
              `INSERT INTO categories (id, dir, title, description)
               SELECT coalesce(max(id), 0) + 1, $1, $2, $3 FROM categories RETURNING id`,
              [dir, title, `Videos about ${title.toLowerCase()}.`],
            )
          : await c.query<{ id: number }>(
              'INSERT INTO tags (id, dir, title) SELECT coalesce(max(id), 0) + 1, $1, $2 FROM tags RETURNING id',
              [dir, title],
            );
      out.push(created.rows[0]!.id);
    }
    return out;
  }

  /** Memberships, tags and search vectors of a video from a feed row. */
  private async attach(c: Client, id: number, row: FeedRow): Promise<void> {
    const catIds = await this.idsOf(c, 'categories', row.categories);
    const tagIds = await this.idsOf(c, 'tags', row.tags);
    await c.query(
      `INSERT INTO video_categories (video_id, category_id, post_date, duration, status_id, views, rating, likes, comments)
       SELECT v.id, cat, v.post_date, v.duration, v.status_id, v.views, v.rating, v.likes, v.comments
       FROM videos v, unnest($2::int[]) AS cat WHERE v.id = $1 ON CONFLICT DO NOTHING`,
      [id, catIds],
    );
    await c.query('INSERT INTO video_tags (video_id, tag_id) SELECT $1, t FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING', [id, tagIds]);
    // The search row: the vectors, and the video's columns a search filters on (just written).
    await this.ensureSearchSlice(c, id);
    await c.query(
      `INSERT INTO video_search (id, post_date, duration, status_id, tsv, title_tsv, title_pairs)
       SELECT id, post_date, duration, status_id, $2::tsvector, $3::tsvector, $4::tsvector FROM videos WHERE id = $1
       ON CONFLICT (id) DO UPDATE SET post_date = excluded.post_date, duration = excluded.duration, status_id = excluded.status_id,
         tsv = excluded.tsv, title_tsv = excluded.title_tsv, title_pairs = excluded.title_pairs`,
      [id, videoTsv(row.title, row.description, row.categories, row.tags), titleTsv(row.title), titlePairsTsv(row.title)],
    );
    await c.query(
      `INSERT INTO related_words (word, category_id, video_id, post_date, status_id)
       SELECT w, cat, v.id, v.post_date, v.status_id FROM videos v, unnest($2::text[]) AS w, unnest($3::int[]) AS cat
       WHERE v.id = $1 AND v.status_id IN (1, 5) ON CONFLICT DO NOTHING`,
      [id, relatedWords(row.title), catIds],
    );
  }

  /**
   * Creates the video_search slice of `id` when it is the first of its slice (once every
   * SEARCH_SLICE new ids). Creating a partition locks video_search until this transaction ends: a
   * search waits for one import batch at most.
   */
  private async ensureSearchSlice(c: Client, id: number): Promise<void> {
    const slice = searchSliceOf(id);
    if (this.slices.has(slice)) return;
    const found = await c.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`video_search_${slice}`]);
    if (!found.rows[0]?.t) await c.query(searchSliceSql(slice));
    this.slices.add(slice);
  }

  /** Memberships, tags and related_words rows of a video, before its title and categories change or it goes. */
  private async detach(c: Client, id: number): Promise<void> {
    // related_words is keyed by (word, category, video): its rows are found from the title and
    // categories they were written from (the video's row and memberships, still unchanged here).
    const title = (await c.query<{ title: string }>('SELECT title FROM videos WHERE id = $1', [id])).rows[0]?.title;
    if (title !== undefined) {
      await c.query(
        `DELETE FROM related_words r USING unnest($2::text[]) AS w, (SELECT category_id FROM video_categories WHERE video_id = $1) vc
         WHERE r.word = w AND r.category_id = vc.category_id AND r.video_id = $1`,
        [id, relatedWords(title)],
      );
    }
    await c.query('DELETE FROM video_categories WHERE video_id = $1', [id]);
    await c.query('DELETE FROM video_tags WHERE video_id = $1', [id]);
  }

  private async markChanged(c: Client, nextId?: number): Promise<void> {
    this.changed = true;
    if (nextId !== undefined) {
      await c.query(
        `INSERT INTO meta (key, value) VALUES ('next_video_id', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [String(nextId)],
      );
    }
    await c.query(
      `INSERT INTO meta (key, value) VALUES ('content_version', '1')
       ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text`,
    );
  }

  async startRun(source: string): Promise<number> {
    const r = await this.pool.query<{ m: string | null }>('SELECT max(seen_run)::text AS m FROM video_sources WHERE source = $1', [source]);
    return Math.max(Date.now(), Number(r.rows[0]?.m ?? 0) + 1);
  }

  async writeBatch(source: string, runId: number, rows: readonly FeedRow[]): Promise<BatchResult> {
    return this.transaction(async (c) => {
      const result: BatchResult = { added: 0, updated: 0, unchanged: 0, takenDown: 0 };
      const keywords = new Map<string, number>();
      let nextId = await this.nextId(c);
      const firstId = nextId;
      for (const row of rows) {
        const hash = rowHash(row);
        const found = (
          await c.query<{ video_id: number; hash: string }>('SELECT video_id, hash FROM video_sources WHERE source = $1 AND external_id = $2', [
            source,
            row.externalId,
          ])
        ).rows[0];
        if (found && found.hash === hash) {
          await c.query('UPDATE video_sources SET seen_run = $1 WHERE video_id = $2', [runId, found.video_id]);
          result.unchanged++;
          continue;
        }
        if (!found && (await c.query('SELECT 1 FROM takedowns WHERE source = $1 AND external_id = $2', [source, row.externalId])).rowCount) {
          result.takenDown++;
          continue;
        }
        const postDate = row.postDate ?? this.now;
        const rating = ratingOf(row.likes, row.dislikes);
        const media = [row.embedUrl, row.thumbUrl ?? '', JSON.stringify(row.thumbs), row.previewUrl];
        if (found) {
          const id = found.video_id;
          await this.detach(c, id);
          await c.query(
            `UPDATE videos SET dir = $1, title = $2, description = $3, duration = $4, post_date = $5, views = $6, likes = $7,
               dislikes = $8, rating = $9 WHERE id = $10`,
            [row.dir, row.title, row.description, row.duration, postDate, row.views, row.likes, row.dislikes, rating, id],
          );
          await c.query(
            'UPDATE video_sources SET embed_url = $1, thumb_url = $2, thumbs = $3, preview_url = $4, hash = $5, seen_run = $6 WHERE video_id = $7',
            [...media, hash, runId, id],
          );
          await this.attach(c, id, row);
          result.updated++;
        } else {
          const id = nextId++;
          const exId = /^\d{1,9}$/.test(row.externalId) && Number(row.externalId) <= 2_147_483_647 ? Number(row.externalId) : 0;
          await c.query(
            `INSERT INTO videos (id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
               comments, sg_id, ex_tube, ex_id, username) VALUES ($1, $2, $3, $4, $5, $6, ${STATUS.active}, $7, $8, $9, $10, 0, 0, $11, $12, $13)`,
            [id, row.dir, row.title, row.description, row.duration, postDate, row.views, row.likes, row.dislikes, rating, source, exId, source],
          );
          await c.query(
            `INSERT INTO video_sources (video_id, source, external_id, embed_url, thumb_url, thumbs, preview_url, hash, seen_run)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [id, source, row.externalId, ...media, hash, runId],
          );
          await this.attach(c, id, row);
          for (const k of titleKeywords(row.title)) keywords.set(k, (keywords.get(k) ?? 0) + 1);
          result.added++;
        }
      }
      if (keywords.size > 0) {
        await c.query(
          `INSERT INTO keywords AS k (keyword, keyword_lc, popularity) SELECT w, w, n FROM unnest($1::text[], $2::int[]) AS x(w, n)
           ON CONFLICT (keyword_lc) DO UPDATE SET popularity = k.popularity + excluded.popularity`,
          [[...keywords.keys()], [...keywords.values()]],
        );
      }
      if (result.added + result.updated > 0) await this.markChanged(c, nextId > firstId ? nextId : undefined);
      return result;
    });
  }

  /** Deletes a video from every table, keeping it down when asked. */
  private async removeOne(c: Client, id: number, takedown: boolean): Promise<RemovedVideo> {
    const src = (await c.query<{ source: string; external_id: string }>('SELECT source, external_id FROM video_sources WHERE video_id = $1', [id]))
      .rows[0];
    // Out of the period listings and their totals first (that needs its memberships).
    await forgetPgPeriods(c, id);
    await this.detach(c, id);
    for (const table of ['video_sources', 'votes', 'video_days']) await c.query(`DELETE FROM ${table} WHERE video_id = $1`, [id]);
    await c.query('DELETE FROM video_search WHERE id = $1', [id]);
    await c.query('DELETE FROM videos WHERE id = $1', [id]);
    if (takedown) {
      await c.query(
        `INSERT INTO takedowns (video_id, source, external_id, removed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (video_id) DO UPDATE SET source = excluded.source, external_id = excluded.external_id, removed_at = excluded.removed_at`,
        [id, src?.source ?? null, src?.external_id ?? null, Math.floor(Date.now() / 1000)],
      );
    }
    return { id, source: src?.source ?? null, externalId: src?.external_id ?? null };
  }

  async deleteMissing(source: string, runId: number): Promise<RemovedVideo[]> {
    const ids = (await this.pool.query<{ video_id: number }>('SELECT video_id FROM video_sources WHERE source = $1 AND seen_run <> $2', [source, runId])).rows.map(
      (r) => r.video_id,
    );
    const removed: RemovedVideo[] = [];
    // Short transactions, so that the running site's writes (views, votes) never wait long.
    for (let i = 0; i < ids.length; i += 500) {
      await this.transaction(async (c) => {
        for (const id of ids.slice(i, i + 500)) removed.push(await this.removeOne(c, id, false));
        await this.markChanged(c);
      });
    }
    return removed;
  }

  async remove(targets: readonly RemoveTarget[], options: { takedown: boolean }) {
    return this.transaction(async (c) => {
      const removed: RemovedVideo[] = [];
      const missing: RemoveTarget[] = [];
      for (const t of targets) {
        let id: number | null = null;
        if ('videoId' in t) {
          if (Number.isSafeInteger(t.videoId) && t.videoId > 0 && t.videoId <= 2_147_483_647) {
            id = (await c.query<{ id: number }>('SELECT id FROM videos WHERE id = $1', [t.videoId])).rows[0]?.id ?? null;
          }
        } else {
          id =
            (await c.query<{ video_id: number }>('SELECT video_id FROM video_sources WHERE source = $1 AND external_id = $2', [t.source, t.externalId]))
              .rows[0]?.video_id ?? null;
        }
        if (id === null) missing.push(t);
        else removed.push(await this.removeOne(c, id, options.takedown));
      }
      if (removed.length > 0) await this.markChanged(c);
      return { removed, missing };
    });
  }

  async finish(): Promise<void> {
    if (!this.changed) return;
    await this.transaction(async (c) => {
      // vacuumPeriods below marks the new sums all-visible only once this commit is on disk.
      await c.query(SYNC_COMMIT_SQL);
      await c.query('DELETE FROM video_day_counts');
      await c.query(RECOUNT_SQL);
      // "Most popular" and "top rated" by period are precomputed: a removed video must leave them too.
      await rebuildPgPeriodStats(c, Math.floor(Date.now() / 1000));
      await this.markChanged(c);
    });
    await vacuumPeriods(this.pool);
    // Autovacuum never analyzes a partitioned table as a whole, and a search chooses how to read the
    // slices from video_search's lexeme statistics (queries.ts newestMatches): new words and new
    // proportions count once the import is done.
    await this.pool.query('ANALYZE video_search').catch(() => {});
    this.changed = false;
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
