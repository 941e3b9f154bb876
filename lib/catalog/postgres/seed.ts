import 'server-only';
/**
 * The demo catalogue on PostgreSQL: the same videos, dates, categories, tags, models, channels,
 * orientations, view history and keywords as the SQLite seed (../demo/ generates each of them;
 * this file only writes them), bulk-loaded a few thousand rows per statement through unnest() of arrays, indexed after
 * the load. The contract test (tests/pg/contract.test.ts) holds the two seeds equal.
 */
import type pg from 'pg';
import type { SeedResult } from '../store';
import { DAY_SECONDS, durationClass } from '../filters';
import { STATUS } from '../status';
import { countTitleKeywords } from '../keywords';
import { demoCategory, demoTag, generateVideo, keywordPopularity, minReturningDays, postDateFor, viewHistory } from '../demo/catalogue';
import { CATEGORIES, TAGS } from '../demo/words';
import { channelCount, demoChannel, demoModel, modelCount, videoPeople } from '../demo/people';
import { rebuildPgEntityStats } from './entity-stats';
import { rebuildPgPeriodStats } from './period-stats';
import { PG_INDEXES_SQL, PG_SCHEMA_VERSION, searchSliceOf, searchSliceSql } from './schema';
import { relatedWords, titlePairsTsv, titleTsv, videoTsv } from './tsv';

export interface PgSeedOptions {
  videos: number;
  /** Anchor of the timeline (unix seconds); defaults to the current time. */
  now?: number;
  /** Progress lines (the seed CLI at a million videos). */
  log?: (line: string) => void;
}


const BATCH = 5000;

type Client = pg.PoolClient | pg.Client;

/** Rows of one table, column by column, sent as one INSERT ... SELECT FROM unnest(...). */
class Columns {
  readonly cols: unknown[][];
  constructor(
    private readonly table: string,
    private readonly names: readonly string[],
    private readonly types: readonly string[],
  ) {
    this.cols = names.map(() => []);
  }
  get size(): number {
    return this.cols[0]?.length ?? 0;
  }
  push(...values: unknown[]): void {
    values.forEach((v, i) => this.cols[i]!.push(v));
  }
  async flush(client: Client): Promise<void> {
    if (this.size === 0) return;
    const args = this.types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    await client.query(`INSERT INTO ${this.table} (${this.names.join(', ')}) SELECT * FROM unnest(${args})`, this.cols);
    for (const c of this.cols) c.length = 0;
  }
}

/**
 * Fills an empty schema (PG_TABLES_SQL already run) with n demo videos, then builds the indexes,
 * the period sums and the planner statistics. Runs in the caller's transaction, if any.
 */
export async function seedPgCatalog(client: Client, options: PgSeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const n = Math.max(1, Math.floor(options.videos));
  const now = Math.floor(options.now ?? Date.now() / 1000);
  const log = options.log ?? (() => {});

  await insertCategoriesAndTags(client);
  await insertPeople(client, n, now);
  for (let k = 0; k <= searchSliceOf(n); k++) await client.query(searchSliceSql(k));

  const videos = new Columns(
    'videos',
    ['id', 'dir', 'title', 'description', 'duration', 'post_date', 'status_id', 'views', 'likes', 'dislikes', 'rating', 'comments',
      'sg_id', 'ex_tube', 'ex_id', 'username', 'gender', 'channel_id'],
    ['int', 'text', 'text', 'text', 'int', 'int', 'int', 'int', 'int', 'int', 'float8', 'int', 'int', 'text', 'int', 'text', 'int', 'int'],
  );
  const search = new Columns(
    'video_search',
    ['id', 'post_date', 'duration', 'status_id', 'tsv', 'title_tsv', 'title_pairs', 'gender'],
    ['int', 'int', 'int', 'int', 'tsvector', 'tsvector', 'tsvector', 'int'],
  );
  // A membership with the video's sort and filter columns copied in.
  const membership = (table: string, key: string) =>
    new Columns(
      table,
      ['video_id', key, 'post_date', 'duration', 'status_id', 'views', 'rating', 'likes', 'comments', 'gender'],
      ['int', 'int', 'int', 'int', 'int', 'int', 'float8', 'int', 'int', 'int'],
    );
  const members = membership('video_categories', 'category_id');
  const tagged = membership('video_tags', 'tag_id');
  const modelled = membership('video_models', 'model_id');
  const related = new Columns(
    'related_words',
    ['word', 'category_id', 'video_id', 'post_date', 'status_id', 'gender'],
    ['text', 'int', 'int', 'int', 'int', 'int'],
  );
  const days = new Columns('video_days', ['video_id', 'day', 'views', 'likes', 'dislikes'], ['int', 'int', 'int', 'int', 'int']);

  const today = Math.floor(now / DAY_SECONDS);
  const minReturning = minReturningDays(n);
  // Keyed by (category_id * 3 + gender) * 4 + dur_class (category 0 = all, class 0 = any), as the SQLite seed.
  const dayCounts = new Map<number, Map<number, number>>();
  const bump = (key: number, day: number) => {
    let byDay = dayCounts.get(key);
    if (!byDay) dayCounts.set(key, (byDay = new Map()));
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  };
  const keywordCounts = new Map<string, number>();
  const flushAll = async () => {
    await videos.flush(client);
    await search.flush(client);
    await members.flush(client);
    await tagged.flush(client);
    await modelled.flush(client);
    await days.flush(client);
    await related.flush(client);
  };

  for (let id = 1; id <= n; id++) {
    const v = generateVideo(id);
    const postDate = postDateFor(id, n, now, v.jitter);
    const listed = v.statusId !== STATUS.disabled;
    const categoryTitles = v.categoryIdx.map((i) => CATEGORIES[i]?.title ?? '');
    const tagTitles = v.tagIdx.map((i) => TAGS[i] ?? '');
    const { modelIds, channelId } = videoPeople(v, n);
    videos.push(id, v.dir, v.title, v.description, v.duration, postDate, v.statusId, v.views, v.likes, v.dislikes, v.rating,
      v.comments, v.sgId, v.exTube, v.exId, v.username, v.gender, channelId);
    // A disabled video is in no index, as in SQLite's full-text tables.
    search.push(id, postDate, v.duration, v.statusId, listed ? videoTsv(v.title, v.description, categoryTitles, tagTitles) : '',
      listed ? titleTsv(v.title) : '', listed ? titlePairsTsv(v.title) : '', v.gender);
    const copied = [postDate, v.duration, v.statusId, v.views, v.rating, v.likes, v.comments, v.gender] as const;
    const categoryIds = v.categoryIdx.map((i) => i + 1);
    for (const c of categoryIds) members.push(id, c, ...copied);
    for (const t of v.tagIdx) tagged.push(id, t + 1, ...copied);
    for (const m of modelIds) modelled.push(id, m, ...copied);
    if (listed) {
      for (const w of relatedWords(v.title)) for (const c of categoryIds) related.push(w, c, id, postDate, v.statusId, v.gender);
      for (const d of viewHistory(id, v, Math.floor(postDate / DAY_SECONDS), today, minReturning)) days.push(id, d.day, d.views, d.likes, d.dislikes);
      const day = Math.floor(postDate / DAY_SECONDS);
      const dc = durationClass(v.duration);
      for (const c of [0, ...categoryIds]) {
        const key = (c * 3 + v.gender) * 4;
        bump(key, day);
        bump(key + dc, day);
      }
      countTitleKeywords(keywordCounts, v.title, 1);
    }
    if (videos.size >= BATCH) await flushAll();
    if (id % 100_000 === 0) log(`  ${id.toLocaleString('en-US')} videos written (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await flushAll();

  const dayRows = new Columns('video_day_counts', ['category_id', 'gender', 'dur_class', 'day', 'cum'], ['int', 'int', 'int', 'int', 'int']);
  for (const [key, byDay] of dayCounts) {
    let cum = 0;
    const section = Math.floor(key / 4);
    for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
      cum += byDay.get(day) ?? 0;
      dayRows.push(Math.floor(section / 3), section % 3, key % 4, day, cum);
      if (dayRows.size >= BATCH) await dayRows.flush(client);
    }
  }
  await dayRows.flush(client);

  const keywords = new Columns('keywords', ['keyword', 'keyword_lc', 'popularity'], ['text', 'text', 'int']);
  for (const [keyword, count] of keywordCounts) {
    keywords.push(keyword, keyword.toLowerCase(), keywordPopularity(keyword, count));
    if (keywords.size >= BATCH) await keywords.flush(client);
  }
  await keywords.flush(client);

  log(`  indexing (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  await client.query(PG_INDEXES_SQL);
  await rebuildPgPeriodStats(client, now);
  await rebuildPgEntityStats(client, now);
  const meta = [
    ['schema_version', String(PG_SCHEMA_VERSION)],
    ['seeded_at', String(now)],
    ['videos', String(n)],
    ['build_id', `${process.pid}-${Math.random().toString(36).slice(2)}`],
    ['content_version', '0'],
  ];
  await client.query('INSERT INTO meta (key, value) SELECT * FROM unnest($1::text[], $2::text[])', [meta.map((m) => m[0]), meta.map((m) => m[1])]);
  await client.query('ANALYZE');
  return { videos: n, ms: Math.round(performance.now() - started) };
}

async function insertCategoriesAndTags(client: Client): Promise<void> {
  const cats = new Columns('categories', ['id', 'dir', 'title', 'description'], ['int', 'text', 'text', 'text']);
  CATEGORIES.forEach((_, i) => {
    const c = demoCategory(i);
    cats.push(c.id, c.dir, c.title, c.description);
  });
  await cats.flush(client);
  const tags = new Columns('tags', ['id', 'dir', 'title'], ['int', 'text', 'text']);
  TAGS.forEach((_, i) => {
    const t = demoTag(i);
    tags.push(t.id, t.dir, t.title);
  });
  await tags.flush(client);
}

/** The demo's models and channels (demo/people.ts), as many as the catalogue's size asks. */
async function insertPeople(client: Client, n: number, now: number): Promise<void> {
  for (const [table, count, row] of [
    ['models', modelCount(n), demoModel],
    ['channels', channelCount(n), demoChannel],
  ] as const) {
    const rows = new Columns(table, ['id', 'dir', 'title', 'added_at'], ['int', 'text', 'text', 'int']);
    for (let id = 1; id <= count; id++) {
      const e = row(id, now);
      rows.push(e.id, e.dir, e.title, e.addedAt);
      if (rows.size >= BATCH) await rows.flush(client);
    }
    await rows.flush(client);
  }
}
