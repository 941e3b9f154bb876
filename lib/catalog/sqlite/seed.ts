import 'server-only';
import type Database from 'better-sqlite3';
import type { SeedResult } from '../store';
import { DAY_SECONDS, durationClass } from '../filters';
import { rebuildPeriodStats } from './period-stats';
import { ensureImportTables } from './import-schema';
import { INDEXES_SQL, SCHEMA_VERSION, TABLES_SQL } from './schema';
import { STATUS } from '../status';
import { countTitleKeywords } from '../keywords';
import { demoCategory, demoTag, generateVideo, keywordPopularity, minReturningDays, postDateFor, viewHistory } from '../demo/catalogue';
import { CATEGORIES, TAGS } from '../demo/words';
import { channelCount, demoChannel, demoModel, modelCount, videoPeople } from '../demo/people';
import { rebuildEntityStats } from './entity-stats';

export interface SeedOptions {
  videos: number;
  /** Anchor of the timeline (unix seconds); defaults to the current time. */
  now?: number;
}


/** Creates the schema in an empty database and fills it. The caller owns the connection. */
export function seedCatalog(db: Database.Database, options: SeedOptions): SeedResult {
  const started = performance.now();
  const n = Math.max(1, Math.floor(options.videos));
  const now = Math.floor(options.now ?? Date.now() / 1000);

  db.exec(TABLES_SQL);
  ensureImportTables(db);
  const insertAll = db.transaction(() => {
    insertCategoriesAndTags(db);
    insertPeople(db, n, now);
    const { dayCounts, keywordCounts } = insertVideos(db, n, now);
    insertDayCounts(db, dayCounts);
    insertKeywords(db, keywordCounts);
    const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run('schema_version', String(SCHEMA_VERSION));
    meta.run('seeded_at', String(now));
    meta.run('videos', String(n));
    // A random build id lets tests prove that concurrent openers share one seeded file.
    meta.run('build_id', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  });
  insertAll();

  db.exec(INDEXES_SQL);
  rebuildPeriodStats(db, now);
  rebuildEntityStats(db, now);
  // One merged FTS segment makes every query a single b-tree walk.
  db.exec("INSERT INTO video_fts (video_fts) VALUES ('optimize')");
  db.exec("INSERT INTO title_fts (title_fts) VALUES ('optimize')");
  countFtsTerms(db);
  db.exec('ANALYZE');
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
  return { videos: n, ms: Math.round(performance.now() - started) };
}

/** Fills fts_terms from the two indexes' vocabularies (every title_fts token is in video_fts). */
function countFtsTerms(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE temp.all_vocab USING fts5vocab(main, video_fts, 'row');
    CREATE VIRTUAL TABLE temp.title_vocab USING fts5vocab(main, title_fts, 'row');
    INSERT INTO fts_terms (term, title_docs, all_docs)
      SELECT a.term, coalesce(t.doc, 0), a.doc FROM temp.all_vocab a LEFT JOIN temp.title_vocab t ON t.term = a.term;
    DROP TABLE temp.all_vocab;
    DROP TABLE temp.title_vocab;
  `);
}

function insertCategoriesAndTags(db: Database.Database): void {
  const cat = db.prepare('INSERT INTO categories (id, dir, title, description) VALUES (?, ?, ?, ?)');
  CATEGORIES.forEach((_, i) => {
    const c = demoCategory(i);
    cat.run(c.id, c.dir, c.title, c.description);
  });
  const tag = db.prepare('INSERT INTO tags (id, dir, title) VALUES (?, ?, ?)');
  TAGS.forEach((_, i) => {
    const t = demoTag(i);
    tag.run(t.id, t.dir, t.title);
  });
}

function insertPeople(db: Database.Database, n: number, now: number): void {
  const model = db.prepare('INSERT INTO models (id, dir, title, added_at) VALUES (?, ?, ?, ?)');
  for (let id = 1; id <= modelCount(n); id++) {
    const m = demoModel(id, now);
    model.run(m.id, m.dir, m.title, m.addedAt);
  }
  const channel = db.prepare('INSERT INTO channels (id, dir, title, added_at) VALUES (?, ?, ?, ?)');
  for (let id = 1; id <= channelCount(n); id++) {
    const c = demoChannel(id, now);
    channel.run(c.id, c.dir, c.title, c.addedAt);
  }
}

type DayCounts = Map<number, Map<number, number>>;

function bump(dayCounts: DayCounts, key: number, day: number): void {
  let byDay = dayCounts.get(key);
  if (!byDay) {
    byDay = new Map();
    dayCounts.set(key, byDay);
  }
  byDay.set(day, (byDay.get(day) ?? 0) + 1);
}

function insertVideos(db: Database.Database, n: number, now: number) {
  const video = db.prepare(
    `INSERT INTO videos (id, dir, title, description, duration, post_date, status_id, views, likes, dislikes,
       rating, comments, sg_id, ex_tube, ex_id, username, gender, channel_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const membership = (table: string, key: string) =>
    db.prepare(
      `INSERT INTO ${table} (video_id, ${key}, post_date, duration, status_id, views, rating, likes, comments, gender)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  const member = membership('video_categories', 'category_id');
  const tagged = membership('video_tags', 'tag_id');
  const modelled = membership('video_models', 'model_id');
  const fts = db.prepare(
    'INSERT INTO video_fts (rowid, title, description, categories, tags, facets) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const titleFts = db.prepare('INSERT INTO title_fts (rowid, title, facets) VALUES (?, ?, ?)');
  const dayRow = db.prepare('INSERT INTO video_days (video_id, day, views, likes, dislikes) VALUES (?, ?, ?, ?, ?)');
  const today = Math.floor(now / DAY_SECONDS);
  const minReturning = minReturningDays(n);
  // Keyed by (category_id * 3 + gender) * 4 + dur_class (category 0 = all, class 0 = any).
  const dayCounts: DayCounts = new Map();
  const keywordCounts = new Map<string, number>();

  for (let id = 1; id <= n; id++) {
    const v = generateVideo(id);
    const postDate = postDateFor(id, n, now, v.jitter);
    const { modelIds, channelId } = videoPeople(v, n);
    video.run(id, v.dir, v.title, v.description, v.duration, postDate, v.statusId, v.views, v.likes, v.dislikes,
      v.rating, v.comments, v.sgId, v.exTube, v.exId, v.username, v.gender, channelId);
    const copied = [postDate, v.duration, v.statusId, v.views, v.rating, v.likes, v.comments, v.gender] as const;
    const categoryIds = v.categoryIdx.map((i) => i + 1);
    for (const c of categoryIds) member.run(id, c, ...copied);
    for (const t of v.tagIdx) tagged.run(id, t + 1, ...copied);
    for (const m of modelIds) modelled.run(id, m, ...copied);
    if (v.statusId === STATUS.disabled) continue;

    const dc = durationClass(v.duration);
    const facets = `d${dc} ${categoryIds.map((c) => `c${c}`).join(' ')}`;
    fts.run(
      id,
      v.title,
      v.description,
      v.categoryIdx.map((i) => CATEGORIES[i]?.title ?? '').join(' '),
      v.tagIdx.map((i) => TAGS[i] ?? '').join(' '),
      facets,
    );
    titleFts.run(id, v.title, facets);
    for (const d of viewHistory(id, v, Math.floor(postDate / DAY_SECONDS), today, minReturning)) dayRow.run(id, d.day, d.views, d.likes, d.dislikes);
    const day = Math.floor(postDate / DAY_SECONDS);
    for (const c of [0, ...categoryIds]) {
      const key = (c * 3 + v.gender) * 4;
      bump(dayCounts, key, day);
      bump(dayCounts, key + dc, day);
    }
    countTitleKeywords(keywordCounts, v.title, 1);
  }
  return { dayCounts, keywordCounts };
}

function insertDayCounts(db: Database.Database, dayCounts: DayCounts): void {
  const row = db.prepare('INSERT INTO video_day_counts (category_id, gender, dur_class, day, cum) VALUES (?, ?, ?, ?, ?)');
  for (const [key, byDay] of dayCounts) {
    let cum = 0;
    const section = Math.floor(key / 4);
    for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
      cum += byDay.get(day) ?? 0;
      row.run(Math.floor(section / 3), section % 3, key % 4, day, cum);
    }
  }
}

function insertKeywords(db: Database.Database, counts: Map<string, number>): void {
  const row = db.prepare('INSERT INTO keywords (keyword, keyword_lc, popularity) VALUES (?, ?, ?)');
  for (const [keyword, count] of counts) row.run(keyword, keyword.toLowerCase(), keywordPopularity(keyword, count));
}
