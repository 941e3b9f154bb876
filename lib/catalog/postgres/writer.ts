import 'server-only';
/**
 * The PostgreSQL catalogue as an import target (lib/catalog/writer.ts), with the SQLite writer's
 * contract (sqlite/writer.ts): upserts by (source, external id), unseen categories and
 * tags created, the search vectors rewritten with the row, takedowns deleted everywhere (per-day
 * history and period sums included) and remembered, and the content version bumped in the same
 * transaction so that every server drops what it keeps in memory within a second.
 *
 * Every transaction takes IMPORT_LOCK_KEY first: two imports (or an import and a takedown) at once
 * take turns instead of handing out the same new ids. A run also holds RUN_LOCK_KEY from startRun
 * to finish, so that a second import waits for the first (saying so once) rather than interleaving
 * its batches and its rebuild of the derived data with it.
 */
import type pg from 'pg';
import type { FeedRow } from '../feed-row';
import { DEFAULT_ORIENTATION } from '@/lib/contract/types';
import { genderNo } from '../entity-kinds';
import { rebuildPgEntityStats } from './entity-stats';
import { slugify } from '../slugify';
import { rowHash } from '../row-hash';
import type { BatchResult, CatalogWriter, RemovedVideo, RemoveTarget } from '../writer';
import { MAX_ID } from '../answer-limits';
import { DAY_SECONDS, durationClassSql } from '../filters';
import { VISIBLE_STATUS_SQL } from '../status';
import { ratingOf } from '../rating';
import { STATUS } from '../status';
import { countTitleKeywords } from '../keywords';
import { diskFullOr } from '../disk-full';
import { RECOUNT_DUE_KEY } from '../recount-due';
import { inTransaction, type PgPool } from './db';
import { forgetPgPeriods, PERIOD_TABLES_LOCK_SQL, rebuildPgPeriodStats, vacuumPeriods } from './period-stats';
import { SYNC_COMMIT_SQL, searchSliceOf, searchSliceSql } from './schema';
import { relatedWords, titlePairsTsv, titleTsv, videoTsv } from './tsv';

const IMPORT_LOCK_KEY = 0x7f0b_c003;
/** A session lock (not IMPORT_LOCK_KEY: the run's own transactions take that one on other connections). */
const RUN_LOCK_KEY = 0x7f0b_c004;
/** How often a waiting run asks for RUN_LOCK_KEY (a blocking wait would meet the pool's statement_timeout). */
const RUN_LOCK_POLL_MS = 500;

/** A row of a batch as written: its video id and its hash. */
interface Written {
  id: number;
  row: FeedRow;
  hash: string;
}

/** The rows in runs without a repeated external id, in order (a run ends before a repeat). */
function withoutRepeats(rows: readonly FeedRow[]): FeedRow[][] {
  const runs: FeedRow[][] = [];
  let run: FeedRow[] = [];
  let seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.externalId)) {
      runs.push(run);
      run = [];
      seen = new Set();
    }
    seen.add(row.externalId);
    run.push(row);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** video_sources' media columns, with the ids first: ids, embed_url, thumb_url, thumbs, preview_url. */
function mediaColumns(items: readonly Written[]): [number[], string[], string[], string[], (string | null)[]] {
  return [
    items.map((w) => w.id),
    items.map((w) => w.row.embedUrl),
    items.map((w) => w.row.thumbUrl ?? ''),
    items.map((w) => JSON.stringify(w.row.thumbs)),
    items.map((w) => w.row.previewUrl),
  ];
}

/**
 * The videos columns of written rows, ids first, in the order the statements unnest them: id, dir,
 * title, description, duration, post_date (`now` when the feed has none), views, likes, dislikes,
 * rating, comments, gender (DEFAULT_ORIENTATION when the feed has none), channel_id (`channels`:
 * the ids of the rows' channels by dir; 0 for none).
 */
function videoColumns(items: readonly Written[], now: number, channels: ReadonlyMap<string, number>): unknown[][] {
  const rows = items.map((w) => w.row);
  return [
    items.map((w) => w.id),
    rows.map((r) => r.dir),
    rows.map((r) => r.title),
    rows.map((r) => r.description),
    rows.map((r) => r.duration),
    rows.map((r) => r.postDate ?? now),
    rows.map((r) => r.views),
    rows.map((r) => r.likes),
    rows.map((r) => r.dislikes),
    rows.map((r) => ratingOf(r.likes, r.dislikes)),
    rows.map((r) => r.comments ?? 0),
    rows.map((r) => genderNo(r.orientation ?? DEFAULT_ORIENTATION)),
    rows.map((r) => (r.channel ? (channels.get(slugify(r.channel)) ?? 0) : 0)),
  ];
}

/** The related_words keys of titles, as two columns to unnest: the video of each word, and the word. */
function titleWords(videos: readonly { id: number; title: string }[]): [number[], string[]] {
  const ids: number[] = [];
  const words: string[] = [];
  for (const { id, title } of videos) {
    for (const w of relatedWords(title)) {
      ids.push(id);
      words.push(w);
    }
  }
  return [ids, words];
}

/** The feed's id as KVS's numeric ex_id when it is one (0 otherwise). */
function exIdOf(externalId: string): number {
  return /^\d{1,9}$/.test(externalId) && Number(externalId) <= MAX_ID ? Number(externalId) : 0;
}

/** The cumulative per-day listing counts (video_day_counts) of each orientation, rebuilt in one statement. */
const RECOUNT_SQL = `
WITH listed AS (
  SELECT id, gender, post_date / ${DAY_SECONDS} AS day,
    ${durationClassSql('duration')} AS dc
  FROM videos WHERE ${VISIBLE_STATUS_SQL}
), per AS (
  SELECT 0 AS category_id, gender, 0 AS dur_class, day, count(*) AS n FROM listed GROUP BY gender, day
  UNION ALL SELECT 0, gender, dc, day, count(*) FROM listed GROUP BY gender, dc, day
  UNION ALL SELECT vc.category_id, l.gender, 0, l.day, count(*) FROM listed l JOIN video_categories vc ON vc.video_id = l.id
    GROUP BY vc.category_id, l.gender, l.day
  UNION ALL SELECT vc.category_id, l.gender, l.dc, l.day, count(*) FROM listed l JOIN video_categories vc ON vc.video_id = l.id
    GROUP BY vc.category_id, l.gender, l.dc, l.day
)
INSERT INTO video_day_counts (category_id, gender, dur_class, day, cum)
SELECT category_id, gender, dur_class, day, sum(n) OVER (PARTITION BY category_id, gender, dur_class ORDER BY day) FROM per`;

type Client = pg.PoolClient;

/** The columns of a new category, tag, model or channel beyond id, dir and title, and their values ($3: the import's clock). */
const NEW_ROW_COLUMNS = {
  categories: [', description', ", 'Videos about ' || lower(x.title) || '.'"],
  tags: ['', ''],
  models: [', added_at', ', $3::int'],
  channels: [', added_at', ', $3::int'],
} as const;

/**
 * Adds counted title keywords to their popularity (countTitleKeywords in ../demo.ts); a
 * keyword no video gives any more is deleted.
 */
async function addKeywords(c: Client, counts: ReadonlyMap<string, number>): Promise<void> {
  const changed = [...counts].filter(([, n]) => n !== 0);
  if (changed.length === 0) return;
  await c.query(
    `INSERT INTO keywords AS k (keyword, keyword_lc, popularity) SELECT w, w, n FROM unnest($1::text[], $2::int[]) AS x(w, n)
     ON CONFLICT (keyword_lc) DO UPDATE SET popularity = k.popularity + excluded.popularity`,
    [changed.map(([k]) => k), changed.map(([, n]) => n)],
  );
  const fewer = changed.filter(([, n]) => n < 0).map(([k]) => k);
  if (fewer.length > 0) await c.query('DELETE FROM keywords WHERE keyword_lc = ANY($1::text[]) AND popularity <= 0', [fewer]);
}

export class PgCatalogWriter implements CatalogWriter {
  readonly name = 'postgres';
  private changed = false;
  /** video_search slices known to exist. */
  private readonly slices = new Set<number>();
  /** The import's clock (unix seconds): the post date of rows without one, and the periods' day. */
  private readonly now: number;

  /** Told once when another run holds the catalogue; stderr by default. */
  private readonly onWait: (message: string) => void;
  /** The connection holding RUN_LOCK_KEY, from startRun to finish. */
  private runLock: Client | null = null;
  /** The catalogue as messages name it: its database. */
  private readonly where: string;

  /** `ownsPool`: close() ends the pool (the CLI's own pool), else leaves it to its owner. */
  constructor(
    private readonly pool: PgPool,
    private readonly ownsPool = false,
    options: { now?: number; onWait?: (message: string) => void } = {},
  ) {
    this.now = options.now ?? Math.floor(Date.now() / 1000);
    this.onWait = options.onWait ?? ((message) => process.stderr.write(`${message}\n`));
    const url = pool.options.connectionString;
    const database = pool.options.database ?? (url ? decodeURIComponent(new URL(url).pathname.slice(1)) : '');
    this.where = `the PostgreSQL catalogue ${database || '(default database)'}`;
  }

  private async transaction<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.pool, fn, (c) => c.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]));
    } catch (e) {
      // A slice created in this transaction is gone with it.
      this.slices.clear();
      throw diskFullOr(e, this.where);
    }
  }

  /** Holds RUN_LOCK_KEY on a connection of its own, waiting (and saying so once) while another run has it. */
  private async takeRunLock(): Promise<void> {
    if (this.runLock) return;
    const c = await this.pool.connect();
    try {
      let told = false;
      while (!(await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [RUN_LOCK_KEY])).rows[0]?.ok) {
        if (!told) this.onWait(`another import is writing to ${this.where}; waiting`);
        told = true;
        await new Promise((resolve) => setTimeout(resolve, RUN_LOCK_POLL_MS));
      }
    } catch (e) {
      c.release(true);
      throw e;
    }
    this.runLock = c;
  }

  private async releaseRunLock(): Promise<void> {
    const c = this.runLock;
    this.runLock = null;
    if (!c) return;
    try {
      await c.query('SELECT pg_advisory_unlock($1)', [RUN_LOCK_KEY]);
      c.release();
    } catch {
      // The connection is gone (and its lock with it).
      c.release(true);
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

  /**
   * Ids of categories, tags, models or channels by URL name (the slug of a title), creating the
   * missing ones in one statement: the first title of a name gives the new row its title, ids follow
   * the largest; a new model or channel is added at the import's clock (the index's "newest").
   */
  private async idsOf(c: Client, table: 'categories' | 'tags' | 'models' | 'channels', titles: Iterable<string>): Promise<Map<string, number>> {
    const byDir = new Map<string, string>();
    for (const title of titles) {
      const dir = slugify(title);
      if (!byDir.has(dir)) byDir.set(dir, title);
    }
    const ids = new Map<string, number>();
    if (byDir.size === 0) return ids;
    const found = await c.query<{ id: number; dir: string }>(`SELECT id, dir FROM ${table} WHERE dir = ANY($1::text[])`, [[...byDir.keys()]]);
    for (const r of found.rows) ids.set(r.dir, r.id);
    const missing = [...byDir].filter(([dir]) => !ids.has(dir));
    if (missing.length > 0) {
      const [columns, values] = NEW_ROW_COLUMNS[table];
      const created = await c.query<{ id: number; dir: string }>(
        `INSERT INTO ${table} (id, dir, title${columns})
         SELECT m.top + x.n, x.dir, x.title${values}
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(dir, title, n), (SELECT coalesce(max(id), 0) AS top FROM ${table}) m
         RETURNING id, dir`,
        [missing.map(([dir]) => dir), missing.map(([, title]) => title), ...(values.includes('$3') ? [this.now] : [])],
      );
      for (const r of created.rows) ids.set(r.dir, r.id);
    }
    return ids;
  }

  /**
   * Memberships, tags and search vectors of videos from their feed rows (their videos rows written
   * already), a statement per table for all of them. `allNew`: every id is new (never used: ids are
   * not reused, and removing a video deletes these rows too), and the pairs below are distinct, so
   * no row can conflict and the inserts skip ON CONFLICT's checks (a large share of their cost);
   * for videos that were there before, a row their detach missed is skipped rather than failing.
   */
  private async attach(c: Client, items: readonly { id: number; row: FeedRow }[], allNew: boolean): Promise<void> {
    if (items.length === 0) return;
    const orSkip = allNew ? '' : ' ON CONFLICT DO NOTHING';
    const catIds = await this.idsOf(c, 'categories', items.flatMap((i) => i.row.categories));
    const tagIds = await this.idsOf(c, 'tags', items.flatMap((i) => i.row.tags));
    const modelIds = await this.idsOf(c, 'models', items.flatMap((i) => i.row.models));
    const pairs = (ids: Map<string, number>, of: (row: FeedRow) => readonly string[]) => {
      const video: number[] = [];
      const other: number[] = [];
      for (const { id, row } of items) {
        for (const t of new Set(of(row).map((title) => ids.get(slugify(title))!))) {
          video.push(id);
          other.push(t);
        }
      }
      return [video, other] as const;
    };
    const [catVideo, catId] = pairs(catIds, (r) => r.categories);
    // Each membership with the video's sort and filter columns copied in (just written).
    for (const [table, key, [video, other]] of [
      ['video_categories', 'category_id', [catVideo, catId]],
      ['video_tags', 'tag_id', pairs(tagIds, (r) => r.tags)],
      ['video_models', 'model_id', pairs(modelIds, (r) => r.models)],
    ] as const) {
      await c.query(
        `INSERT INTO ${table} (video_id, ${key}, post_date, duration, status_id, views, rating, likes, comments, gender)
         SELECT v.id, x.other, v.post_date, v.duration, v.status_id, v.views, v.rating, v.likes, v.comments, v.gender
         FROM unnest($1::int[], $2::int[]) AS x(id, other) JOIN videos v ON v.id = x.id
         ORDER BY x.other, v.post_date${orSkip}`,
        [video, other],
      );
    }
    // The search rows: the vectors, and the video's columns a search filters on (just written).
    for (const { id } of items) await this.ensureSearchSlice(c, id);
    await c.query(
      `INSERT INTO video_search (id, post_date, duration, status_id, tsv, title_tsv, title_pairs, gender)
       SELECT v.id, v.post_date, v.duration, v.status_id, x.tsv::tsvector, x.title_tsv::tsvector, x.pairs::tsvector, v.gender
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS x(id, tsv, title_tsv, pairs) JOIN videos v ON v.id = x.id
       ON CONFLICT (id) DO UPDATE SET post_date = excluded.post_date, duration = excluded.duration, status_id = excluded.status_id,
         tsv = excluded.tsv, title_tsv = excluded.title_tsv, title_pairs = excluded.title_pairs, gender = excluded.gender`,
      [
        items.map((i) => i.id),
        items.map(({ row }) => videoTsv(row.title, row.description, row.categories, row.tags)),
        items.map(({ row }) => titleTsv(row.title)),
        items.map(({ row }) => titlePairsTsv(row.title)),
      ],
    );
    const [wordVideo, words] = titleWords(items.map(({ id, row }) => ({ id, title: row.title })));
    await c.query(
      `INSERT INTO related_words (word, category_id, video_id, post_date, status_id, gender)
       SELECT w.word, m.cat, v.id, v.post_date, v.status_id, v.gender
       FROM unnest($1::int[], $2::text[]) AS w(id, word)
       JOIN unnest($3::int[], $4::int[]) AS m(id, cat) ON m.id = w.id
       JOIN videos v ON v.id = w.id
       WHERE v.${VISIBLE_STATUS_SQL} ORDER BY w.word COLLATE "C", m.cat, v.id${orSkip}`,
      [wordVideo, words, catVideo, catId],
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

  /** Memberships (categories, tags, models) and related_words rows of videos, before their titles and categories change or they go. */
  private async detach(c: Client, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    // related_words is keyed by (word, category, video): its rows are found from the titles and
    // categories they were written from (the videos' rows and memberships, still unchanged here).
    const titles = await c.query<{ id: number; title: string }>('SELECT id, title FROM videos WHERE id = ANY($1::int[])', [ids]);
    const [wordVideo, words] = titleWords(titles.rows);
    if (words.length > 0) {
      await c.query(
        `DELETE FROM related_words r USING unnest($1::int[], $2::text[]) AS w(id, word), video_categories vc
         WHERE vc.video_id = w.id AND r.word = w.word AND r.category_id = vc.category_id AND r.video_id = w.id`,
        [wordVideo, words],
      );
    }
    await c.query('DELETE FROM video_categories WHERE video_id = ANY($1::int[])', [ids]);
    await c.query('DELETE FROM video_tags WHERE video_id = ANY($1::int[])', [ids]);
    await c.query('DELETE FROM video_models WHERE video_id = ANY($1::int[])', [ids]);
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
    await c.query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING`, [RECOUNT_DUE_KEY]);
  }

  async startRun(source: string): Promise<number> {
    await this.takeRunLock();
    const r = await this.pool.query<{ m: string | null }>('SELECT max(seen_run)::text AS m FROM video_sources WHERE source = $1', [source]);
    return Math.max(Date.now(), Number(r.rows[0]?.m ?? 0) + 1);
  }

  /**
   * One transaction per batch, a statement per table for all its rows (not a round trip per row
   * and table: that wrote 831 rows/s). A feed that lists an external id twice in a batch is written
   * in runs without repeats, in order, so the later row updates what the earlier one added, as
   * row by row.
   */
  async writeBatch(source: string, runId: number, rows: readonly FeedRow[]): Promise<BatchResult> {
    return this.transaction(async (c) => {
      const result: BatchResult = { added: 0, updated: 0, unchanged: 0, takenDown: 0 };
      const keywords = new Map<string, number>();
      let nextId = await this.nextId(c);
      const firstId = nextId;
      for (const run of withoutRepeats(rows)) {
        nextId = await this.writeRun(c, source, runId, run, nextId, result, keywords);
      }
      await addKeywords(c, keywords);
      if (result.added + result.updated > 0) await this.markChanged(c, nextId > firstId ? nextId : undefined);
      return result;
    });
  }

  /** Rows with distinct external ids; returns the next unused video id. */
  private async writeRun(
    c: Client,
    source: string,
    runId: number,
    rows: readonly FeedRow[],
    firstId: number,
    result: BatchResult,
    keywords: Map<string, number>,
  ): Promise<number> {
    const stored = new Map<string, { id: number; hash: string }>();
    const found = await c.query<{ video_id: number; hash: string; external_id: string }>(
      'SELECT video_id, hash, external_id FROM video_sources WHERE source = $1 AND external_id = ANY($2::text[])',
      [source, rows.map((r) => r.externalId)],
    );
    for (const r of found.rows) stored.set(r.external_id, { id: r.video_id, hash: r.hash });
    const unseen = rows.filter((r) => !stored.has(r.externalId)).map((r) => r.externalId);
    const down = new Set<string>();
    if (unseen.length > 0) {
      const t = await c.query<{ external_id: string }>('SELECT external_id FROM takedowns WHERE source = $1 AND external_id = ANY($2::text[])', [source, unseen]);
      for (const r of t.rows) down.add(r.external_id);
    }

    const unchanged: number[] = [];
    const updated: Written[] = [];
    const added: Written[] = [];
    /** Updated and added rows in feed order: new categories and tags get their ids in that order. */
    const written: Written[] = [];
    let nextId = firstId;
    for (const row of rows) {
      const hash = rowHash(row);
      const s = stored.get(row.externalId);
      if (s && s.hash === hash) {
        unchanged.push(s.id);
        continue;
      }
      if (!s && down.has(row.externalId)) {
        result.takenDown++;
        continue;
      }
      const w = { id: s ? s.id : nextId++, row, hash };
      (s ? updated : added).push(w);
      written.push(w);
    }
    result.unchanged += unchanged.length;
    result.updated += updated.length;
    result.added += added.length;

    if (unchanged.length > 0) await c.query('UPDATE video_sources SET seen_run = $1 WHERE video_id = ANY($2::int[])', [runId, unchanged]);
    const channels = await this.idsOf(c, 'channels', written.flatMap((w) => (w.row.channel ? [w.row.channel] : [])));
    if (updated.length > 0) {
      // A changed title moves its keywords' popularity (countTitleKeywords in ../demo.ts).
      const before = await c.query<{ id: number; title: string }>('SELECT id, title FROM videos WHERE id = ANY($1::int[])', [updated.map((u) => u.id)]);
      const titles = new Map(before.rows.map((r) => [r.id, r.title]));
      for (const u of updated) {
        const old = titles.get(u.id);
        if (old === undefined || old === u.row.title) continue;
        countTitleKeywords(keywords, old, -1);
        countTitleKeywords(keywords, u.row.title, 1);
      }
      await this.detach(c, updated.map((u) => u.id));
      await c.query(
        `UPDATE videos v SET dir = x.dir, title = x.title, description = x.description, duration = x.duration, post_date = x.post_date,
           views = x.views, likes = x.likes, dislikes = x.dislikes, rating = x.rating, comments = x.comments, gender = x.gender,
           channel_id = x.channel_id
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::float8[],
             $11::int[], $12::int[], $13::int[])
           AS x(id, dir, title, description, duration, post_date, views, likes, dislikes, rating, comments, gender, channel_id)
         WHERE v.id = x.id`,
        videoColumns(updated, this.now, channels),
      );
      await c.query(
        `UPDATE video_sources s SET embed_url = x.embed_url, thumb_url = x.thumb_url, thumbs = x.thumbs, preview_url = x.preview_url,
           hash = x.hash, seen_run = $1
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(id, embed_url, thumb_url, thumbs, preview_url, hash)
         WHERE s.video_id = x.id`,
        [runId, ...mediaColumns(updated), updated.map((u) => u.hash)],
      );
    }
    if (added.length > 0) {
      await c.query(
        `INSERT INTO videos (id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
           comments, sg_id, ex_tube, ex_id, username, gender, channel_id)
         SELECT x.id, x.dir, x.title, x.description, x.duration, x.post_date, ${STATUS.active}, x.views, x.likes, x.dislikes, x.rating,
           x.comments, 0, $1, x.ex_id, $1, x.gender, x.channel_id
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::float8[],
             $12::int[], $13::int[], $14::int[], $15::int[])
           AS x(id, dir, title, description, duration, post_date, views, likes, dislikes, rating, comments, gender, channel_id, ex_id)`,
        [source, ...videoColumns(added, this.now, channels), added.map((a) => exIdOf(a.row.externalId))],
      );
      await c.query(
        `INSERT INTO video_sources (video_id, source, external_id, embed_url, thumb_url, thumbs, preview_url, hash, seen_run)
         SELECT x.id, $1, x.external_id, x.embed_url, x.thumb_url, x.thumbs, x.preview_url, x.hash, $2
         FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
           AS x(id, embed_url, thumb_url, thumbs, preview_url, hash, external_id)`,
        [source, runId, ...mediaColumns(added), added.map((a) => a.hash), added.map((a) => a.row.externalId)],
      );
      for (const { row } of added) countTitleKeywords(keywords, row.title, 1);
    }
    await this.attach(c, written, updated.length === 0);
    return nextId;
  }

  /** Deletes a video from every table, keeping it down when asked. */
  private async removeOne(c: Client, id: number, takedown: boolean): Promise<RemovedVideo> {
    // The video's row first, as a view or a vote of it takes its rows (videos, memberships, then
    // the period sums: store.ts recordView): taken the other way round, a view of the video being
    // removed could deadlock with the removal.
    const gone = (await c.query<{ title: string }>('SELECT title FROM videos WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (gone) {
      const keywords = new Map<string, number>();
      countTitleKeywords(keywords, gone.title, -1);
      await addKeywords(c, keywords);
    }
    const src = (await c.query<{ source: string; external_id: string }>('SELECT source, external_id FROM video_sources WHERE video_id = $1', [id]))
      .rows[0];
    // Out of the period listings and their totals first (that needs its memberships).
    await forgetPgPeriods(c, id);
    await this.detach(c, [id]);
    for (const table of ['video_sources', 'votes', 'video_days']) await c.query(`DELETE FROM ${table} WHERE video_id = $1`, [id]);
    await c.query('DELETE FROM video_search WHERE id = $1', [id]);
    await c.query('DELETE FROM videos WHERE id = $1', [id]);
    if (takedown) {
      await c.query(
        `INSERT INTO takedowns (video_id, source, external_id, removed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (video_id) DO UPDATE SET source = excluded.source, external_id = excluded.external_id, removed_at = excluded.removed_at`,
        [id, src?.source ?? null, src?.external_id ?? null, this.now],
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
          if (Number.isSafeInteger(t.videoId) && t.videoId > 0 && t.videoId <= MAX_ID) {
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
    try {
      await this.rebuildDerived();
    } catch (e) {
      throw diskFullOr(e, this.where);
    } finally {
      await this.releaseRunLock();
    }
  }

  private async rebuildDerived(): Promise<void> {
    const due = await this.pool.query('SELECT 1 FROM meta WHERE key = $1', [RECOUNT_DUE_KEY]);
    if (!this.changed && due.rowCount === 0) return;
    await this.transaction(async (c) => {
      // The period sums whole, before any of their rows, in the order a view takes them
      // (countPgDay): the rebuild below deleting their rows in its own order deadlocked with a view
      // counting into them (bench:import's PostgreSQL mode: "deadlock detected" between DELETE FROM
      // period_counts and a view's INSERT INTO period_stats; the import failed at its end).
      // EXCLUSIVE lets reads through; views wait for this commit, as they waited on the deleted rows.
      await c.query(`${PERIOD_TABLES_LOCK_SQL} IN EXCLUSIVE MODE`);
      // vacuumPeriods below marks the new sums all-visible only once this commit is on disk.
      await c.query(SYNC_COMMIT_SQL);
      await c.query('DELETE FROM video_day_counts');
      await c.query(RECOUNT_SQL);
      // "Most popular" and "top rated" by period are precomputed: a removed video must leave them too.
      await rebuildPgPeriodStats(c, this.now);
      // The model, channel and tag indexes' numbers: after the period tables' lock (a view adds to
      // both in that order: store.ts recordView).
      await rebuildPgEntityStats(c, this.now);
      await this.markChanged(c);
      await c.query('DELETE FROM meta WHERE key = $1', [RECOUNT_DUE_KEY]);
    });
    await vacuumPeriods(this.pool, ['entity_stats']);
    // Autovacuum never analyzes a partitioned table as a whole, and a search chooses how to read the
    // slices from video_search's lexeme statistics (queries.ts newestMatches): new words and new
    // proportions count once the import is done.
    await this.pool.query('ANALYZE video_search').catch(() => {});
    this.changed = false;
  }

  async close(): Promise<void> {
    await this.releaseRunLock();
    if (this.ownsPool) await this.pool.end();
  }
}
