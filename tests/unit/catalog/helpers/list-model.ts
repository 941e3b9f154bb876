/**
 * A model of the catalogue's lists for property tests: random histories of a catalogue (imports
 * with ids and dates in any order, scheduled videos, takedowns, views and votes, the clock moving)
 * and random questions, each answered page by page by a Source and compared with a plain reference
 * query over the same rows of the SQLite file. Shared by the SQLite test (tests/unit) and the
 * PostgreSQL one (tests/pg), which applies every step to both catalogues.
 */
import fc from 'fast-check';
import type Database from 'better-sqlite3';
import type { RawVideosResponse } from '@/lib/contract/raw';
import type { Source } from '@/lib/contract/source';
import type { CatalogWriter } from '@/lib/catalog/writer';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { DAY_SECONDS, dateFrom, durationRange } from '@/lib/catalog/filters';
import { relatedMatch, searchMatch } from '@/lib/catalog/sqlite/fts-query';
import { searchTokens } from '@/lib/catalog/relevance';
import { PERIOD_DAYS, wilsonScore, type Period } from '@/lib/catalog/periods';
import { videoCategoryIds } from '@/lib/catalog/sqlite/related-query';
import { RELATED_WINDOW } from '@/lib/catalog/search-limits';
import { partialCandidates, partialWords } from '@/lib/catalog/partial-matches';
import { SEARCH_WINDOW, TITLE_ENOUGH } from '@/lib/catalog/search-limits';
import { STOPWORDS } from '@/lib/catalog/keywords';
import { ALL_SORTS, DATES, DURATIONS, ORIENTATIONS, sortHasDate, type DateFilter, type DurationFilter, type Orientation, type Sort } from '@/lib/contract/types';
import { listQuery, searchQuery, SEED_NOW } from './catalog-fixture';

/** Title words of the generated feeds: few, so that searches and related lists find many. */
export const WORDS = ['waterfall', 'harbour', 'lantern', 'meadow', 'glacier', 'orchard', 'canyon', 'violin'] as const;
const FEED_CATEGORIES = ['Harbour Life', 'Mountain Trails', 'City Lights'] as const;
/** The feeds' models, channels and tags: few, so that their lists hold many. */
const FEED_MODELS = ['Mara Lindqvist', 'Elin Marsh', 'Tomas Okafor'] as const;
const FEED_CHANNELS = ['Northlight Studio', 'Bluebird Films'] as const;
const FEED_TAGS = ['Calm', 'Harbour View', 'Slow Motion'] as const;
const ENTITY_KINDS = ['model', 'channel', 'tag'] as const;
type EntityKind = (typeof ENTITY_KINDS)[number];

export type Step =
  | { kind: 'import'; source: string; rows: ModelRow[] }
  | { kind: 'takedown'; pick: number }
  | { kind: 'clock'; seconds: number }
  | { kind: 'view'; pick: number; times: number }
  | { kind: 'vote'; pick: number; like: boolean };

export interface ModelRow {
  ext: number;
  words: string[];
  /** Seconds from SEED_NOW, or null for "when imported". */
  at: number | null;
  duration: number;
  categories: string[];
  views: number;
  likes: number;
  dislikes: number;
  /** Absent: the feed does not say (the default orientation). */
  orientation?: Orientation;
  models: string[];
  channel: string | null;
  tags: string[];
  comments: number;
}

const rowArb: fc.Arbitrary<ModelRow> = fc.record({
  // A small pool of external ids: later imports update earlier rows (and move their dates).
  ext: fc.integer({ min: 1, max: 40 }),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  at: fc.option(fc.integer({ min: -40 * DAY_SECONDS, max: 6 * DAY_SECONDS }), { freq: 12 }),
  duration: fc.constantFrom(30, 599, 600, 1800, 2400, 2401, 5000),
  categories: fc.subarray([...FEED_CATEGORIES]),
  views: fc.integer({ min: 0, max: 5000 }),
  likes: fc.integer({ min: 0, max: 50 }),
  dislikes: fc.integer({ min: 0, max: 50 }),
  orientation: fc.option(fc.constantFrom(...ORIENTATIONS), { nil: undefined }),
  models: fc.subarray([...FEED_MODELS]),
  channel: fc.option(fc.constantFrom(...FEED_CHANNELS)),
  tags: fc.subarray([...FEED_TAGS]),
  comments: fc.integer({ min: 0, max: 100 }),
}, { requiredKeys: ['ext', 'words', 'at', 'duration', 'categories', 'views', 'likes', 'dislikes', 'models', 'channel', 'tags', 'comments'] });

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('import' as const), source: fc.constantFrom('feed-a', 'feed-b'), rows: fc.array(rowArb, { minLength: 1, maxLength: 25 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('takedown' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 1, max: 3 * DAY_SECONDS }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('view' as const), pick: fc.nat(), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('vote' as const), pick: fc.nat(), like: fc.boolean() }) },
);

export type Question =
  | {
      kind: 'list';
      sort: Sort;
      date: DateFilter;
      duration: DurationFilter;
      category: number;
      /** A list of one model, channel or tag (the category is then not asked); pick wraps over them, one past the end is an unknown dir. */
      entity: { kind: EntityKind; pick: number } | null;
      gender: Orientation;
      count: number;
    }
  | { kind: 'search'; words: string[]; date: DateFilter; duration: DurationFilter; gender: Orientation; count: number }
  | { kind: 'related'; pick: number; count: number };

export const questionArb: fc.Arbitrary<Question> = fc.oneof(
  fc.record({
    kind: fc.constant('list' as const),
    sort: fc.constantFrom(...ALL_SORTS),
    date: fc.constantFrom(...DATES),
    duration: fc.constantFrom(...DURATIONS),
    category: fc.nat({ max: 5 }),
    entity: fc.option(fc.record({ kind: fc.constantFrom(...ENTITY_KINDS), pick: fc.nat({ max: 4 }) })),
    gender: fc.constantFrom(...ORIENTATIONS),
    count: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('search' as const),
    words: fc.array(fc.constantFrom(...WORDS, 'placeholder'), { minLength: 1, maxLength: 2 }),
    date: fc.constantFrom(...DATES),
    duration: fc.constantFrom(...DURATIONS),
    gender: fc.constantFrom(...ORIENTATIONS),
    count: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ kind: fc.constant('related' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 20 }) }),
);

/** What the test needs of one catalogue under test. */
export interface Store {
  name: string;
  source: Source;
  /** A writer for one run (an import or a takedown); finish() ends it, the catalogue stays open. */
  writer(): CatalogWriter;
}

export interface Clock {
  now: number;
}

function feedRow(r: ModelRow, line: number): FeedRow {
  const title = r.words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return {
    line,
    externalId: String(r.ext),
    title,
    dir: '',
    description: '',
    postDate: r.at === null ? null : SEED_NOW + r.at,
    duration: r.duration,
    embedUrl: `https://example.com/embed/${r.ext}`,
    thumbUrl: null,
    thumbs: [],
    previewUrl: null,
    categories: r.categories,
    tags: r.tags,
    models: r.models,
    channel: r.channel,
    ...(r.orientation ? { orientation: r.orientation } : {}),
    comments: r.comments,
    views: r.views,
    likes: r.likes,
    dislikes: r.dislikes,
  };
}

/** Ids of the videos in the catalogue, in id order (steps pick among them). */
function videoIds(db: Database.Database): number[] {
  return db.prepare('SELECT id FROM videos ORDER BY id').pluck().all() as number[];
}

/** Applies a step to every store (the reference db is the first store's SQLite file). */
export async function applyStep(step: Step, stores: Store[], db: Database.Database, clock: Clock, voter: { n: number }): Promise<void> {
  switch (step.kind) {
    case 'import': {
      for (const store of stores) {
        const writer = store.writer();
        const runId = await writer.startRun(step.source);
        // Rows as one feed: the first row of a repeated external id is updated by the later one.
        await writer.writeBatch(step.source, runId, step.rows.map((r, i) => feedRow(r, i + 1)));
        await writer.finish();
      }
      return;
    }
    case 'takedown': {
      const ids = videoIds(db);
      if (ids.length === 0) return;
      const id = ids[step.pick % ids.length]!;
      for (const store of stores) {
        const writer = store.writer();
        await writer.remove([{ videoId: id }], { takedown: true });
        await writer.finish();
      }
      return;
    }
    case 'clock':
      clock.now += step.seconds;
      return;
    case 'view':
    case 'vote': {
      const ids = listableIds(db, clock.now);
      if (ids.length === 0) return;
      const id = ids[step.pick % ids.length]!;
      for (const store of stores) {
        if (step.kind === 'view') {
          for (let i = 0; i < step.times; i++) await store.source.input({ act: 'view', section: 'video', objectId: id }, { key: 'viewer' });
        } else {
          await store.source.input({ act: 'vote', section: 'video', objectId: id, vote: step.like ? 1 : 0 }, { key: `voter-${voter.n}` });
        }
      }
      voter.n++;
      return;
    }
  }
}

const LISTABLE = 'status_id IN (1, 5) AND post_date <= @now';

function listableIds(db: Database.Database, now: number): number[] {
  return db.prepare(`SELECT id FROM videos WHERE ${LISTABLE} ORDER BY id`).pluck().all({ now }) as number[];
}

interface Reference {
  /** The ids in list order; for search, in no particular order (ranking is not modelled). */
  ids: number[];
  ordered: boolean;
  /** A search's partial matches: `size` of the videos `among` (which ones is the ranking's choice). */
  partial?: { among: number[]; size: number };
}

const ORDER: Record<Sort, string> = {
  'latest-updates': 'post_date DESC, id DESC',
  'most-popular': 'views DESC, id DESC',
  'most-viewed': 'views DESC, id DESC',
  'top-rated': 'rating DESC, likes DESC, id DESC',
  longest: 'duration DESC, id DESC',
  'most-commented': 'comments DESC, id DESC',
};

function categoryIdAt(db: Database.Database, n: number): number {
  // 0 is "all videos"; otherwise one of the catalogue's categories (by id, wrapping).
  if (n === 0) return 0;
  const ids = db.prepare('SELECT id FROM categories ORDER BY id').pluck().all() as number[];
  return ids.length === 0 ? 0 : ids[(n - 1) % ids.length]!;
}

function categoryDir(db: Database.Database, id: number): string {
  return db.prepare('SELECT dir FROM categories WHERE id = ?').pluck().get(id) as string;
}

const ENTITY_TABLES: Record<EntityKind, string> = { model: 'models', channel: 'channels', tag: 'tags' };

/** The model, channel or tag a question picks (by id, wrapping; past the last one, an unknown dir: id 0). */
function entityAt(db: Database.Database, e: { kind: EntityKind; pick: number }): { id: number; dir: string } {
  const rows = db.prepare(`SELECT id, dir FROM ${ENTITY_TABLES[e.kind]} ORDER BY id`).all() as { id: number; dir: string }[];
  const at = e.pick % (rows.length + 1);
  return rows[at] ?? { id: 0, dir: `no-such-${e.kind}` };
}

/** The SQL that keeps a list's section (all videos, a category, a model, a channel, a tag) on the column `id`. */
function sectionSql(categoryId: number, entity: { kind: EntityKind; id: number } | null): string {
  if (entity?.kind === 'channel') return `AND id IN (SELECT id FROM videos WHERE channel_id = ${entity.id})`;
  if (entity?.kind === 'model') return `AND id IN (SELECT video_id FROM video_models WHERE model_id = ${entity.id})`;
  if (entity?.kind === 'tag') return `AND id IN (SELECT video_id FROM video_tags WHERE tag_id = ${entity.id})`;
  return categoryId === 0 ? '' : `AND id IN (SELECT video_id FROM video_categories WHERE category_id = ${categoryId})`;
}

const genderSql = (gender: Orientation, col = 'gender') => `AND ${col} = ${ORIENTATIONS.indexOf(gender)}`;

function durationSql(duration: DurationFilter): string {
  const r = durationRange(duration);
  return r ? `AND duration BETWEEN ${r[0]} AND ${r[1]}` : '';
}

/** The plain query of a listing: every listable video that passes the filters, in the sort's order. */
function referenceList(
  db: Database.Database,
  q: Extract<Question, { kind: 'list' }>,
  categoryId: number,
  entity: { kind: EntityKind; id: number } | null,
  now: number,
): number[] {
  const inCategory = `${sectionSql(categoryId, entity)} ${genderSql(q.gender)}`;
  if (q.date !== 'all' && sortHasDate(q.sort)) {
    // Ranked by what the period brought: views and votes counted per day, over the current day and the N before it.
    const today = Math.floor(now / DAY_SECONDS);
    const rows = db
      .prepare(
        `SELECT d.video_id AS id, sum(d.views) AS views, sum(d.likes) AS likes, sum(d.dislikes) AS dislikes
         FROM video_days d JOIN videos v ON v.id = d.video_id
         WHERE d.day BETWEEN @from AND @today AND v.${LISTABLE} ${durationSql(q.duration).replace('duration', 'v.duration')}
           ${inCategory.replace('AND id IN', 'AND d.video_id IN').replace('AND gender', 'AND v.gender')}
         GROUP BY d.video_id HAVING sum(d.views) > 0 OR sum(d.likes) > 0 OR sum(d.dislikes) > 0`,
      )
      .all({ from: today - PERIOD_DAYS[q.date as Period], today, now }) as { id: number; views: number; likes: number; dislikes: number }[];
    const key = (r: (typeof rows)[number]) => (q.sort === 'most-popular' ? [r.views, r.id] : [wilsonScore(r.likes, r.dislikes), r.likes, r.id]);
    return rows
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
        return 0;
      })
      .map((r) => r.id);
  }
  const from = dateFrom(q.date, now);
  return db
    .prepare(
      `SELECT id FROM videos WHERE ${LISTABLE} ${from === null ? '' : `AND post_date >= ${from}`} ${durationSql(q.duration)} ${inCategory}
       ORDER BY ${ORDER[q.sort]}`,
    )
    .pluck()
    .all({ now }) as number[];
}

/** Listable ids (newest id first) matching an FTS expression, with a date and duration filter. */
function ftsIds(
  db: Database.Database,
  table: 'video_fts' | 'title_fts',
  match: string,
  now: number,
  from: number | null,
  duration: DurationFilter,
  gender: Orientation,
): number[] {
  return db
    .prepare(
      `SELECT v.id FROM ${table} f JOIN videos v ON v.id = f.rowid WHERE ${table} MATCH @match AND v.${LISTABLE} ${genderSql(gender, 'v.gender')}
       ${from === null ? '' : `AND v.post_date >= ${from}`} ${durationSql(duration).replace('duration', 'v.duration')} ORDER BY v.id DESC`,
    )
    .pluck()
    .all({ match, now }) as number[];
}

/**
 * The videos a search finds, as the site defines them: the newest SEARCH_WINDOW listable videos
 * with every word in the title when there are TITLE_ENOUGH of them, else those with every word
 * anywhere (title matches are among them); a last word of 3 letters or more is tried as a prefix
 * when nothing has the whole words. Ranking within is not modelled.
 */
function referenceSearch(db: Database.Database, q: Extract<Question, { kind: 'search' }>, now: number): Reference {
  const tokens = searchTokens(q.words.join(' '));
  const from = dateFrom(q.date, now);
  const find = (prefixLast: boolean): number[] => {
    const inTitle = ftsIds(db, 'title_fts', searchMatch(tokens, { prefixLast, titleOnly: true }), now, from, q.duration, q.gender);
    if (inTitle.length >= TITLE_ENOUGH) return inTitle.slice(0, SEARCH_WINDOW);
    return ftsIds(db, 'video_fts', searchMatch(tokens, { prefixLast }), now, from, q.duration, q.gender).slice(0, SEARCH_WINDOW);
  };
  let found = find(false);
  if (found.length === 0 && (tokens[tokens.length - 1] ?? '').length >= 3) found = find(true);
  // Fewer than a page: then videos with some of the words, from each word's newest title matches.
  const words = partialWords(tokens);
  const take = partialCandidates(found, words, TITLE_ENOUGH);
  if (take === 0) return { ids: found, ordered: false };
  const full = new Set(found);
  const candidates = new Set(words.flatMap((w) => ftsIds(db, 'title_fts', searchMatch([w], { titleOnly: true }), now, from, q.duration, q.gender).slice(0, take)));
  const some = [...candidates].filter((id) => !full.has(id));
  return { ids: found, ordered: false, partial: { among: some, size: Math.min(TITLE_ENOUGH - found.length, some.length) } };
}

/**
 * Related videos: the newest RELATED_WINDOW listable videos of its orientation sharing a title
 * word and a category with the video, then the newest of its first category, never the video itself.
 */
function referenceRelated(db: Database.Database, videoId: number, now: number): number[] {
  const video = db.prepare(`SELECT title, gender FROM videos WHERE id = @id AND ${LISTABLE}`).get({ id: videoId, now }) as { title: string; gender: number } | undefined;
  if (video === undefined) return [];
  const { title } = video;
  const gender = ORIENTATIONS[video.gender]!;
  const categories = videoCategoryIds(db, videoId);
  if (categories.length === 0) return [];
  const words = searchTokens(title).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  const ids = words.length > 0 ? ftsIds(db, 'title_fts', relatedMatch(words, categories), now, null, 'all', gender).filter((id) => id !== videoId).slice(0, RELATED_WINDOW) : [];
  const seen = new Set([videoId, ...ids]);
  const fill = db
    .prepare(`SELECT id FROM videos WHERE ${LISTABLE} ${genderSql(gender)} AND id IN (SELECT video_id FROM video_categories WHERE category_id = @c) ORDER BY post_date DESC, id DESC`)
    .pluck()
    .all({ c: categories[0], now }) as number[];
  for (const id of fill) {
    if (ids.length >= RELATED_WINDOW) break;
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}

export function reference(db: Database.Database, q: Question, now: number): Reference & { ask: (s: Source, page: number) => Promise<RawVideosResponse> } {
  switch (q.kind) {
    case 'list': {
      const shared = { sort: q.sort, date: q.date, duration: q.duration, count: q.count, gender: q.gender };
      if (q.entity) {
        const e = entityAt(db, q.entity);
        const base = listQuery({ ...shared, section: q.entity.kind, objectId: e.dir });
        return { ids: referenceList(db, q, 0, { kind: q.entity.kind, id: e.id }, now), ordered: true, ask: (s, page) => s.videos({ ...base, page }) };
      }
      const categoryId = categoryIdAt(db, q.category);
      const dir = categoryId === 0 ? '' : categoryDir(db, categoryId);
      const base = listQuery({ ...shared, ...(dir ? { section: 'category', objectId: dir } : {}) });
      return { ids: referenceList(db, q, categoryId, null, now), ordered: true, ask: (s, page) => s.videos({ ...base, page }) };
    }
    case 'search': {
      const base = searchQuery(q.words.join(' '), { date: q.date, duration: q.duration, count: q.count, gender: q.gender });
      return { ...referenceSearch(db, q, now), ask: (s, page) => s.search({ ...base, page }) };
    }
    case 'related': {
      const all = videoIds(db);
      const videoId = all.length === 0 ? 1 : all[q.pick % all.length]!;
      return {
        ids: referenceRelated(db, videoId, now),
        // Ranked by shared title words first: the order is the source's, the set is the model's.
        ordered: false,
        ask: (s, page) => s.related({ lifetime: 432000, videoId, count: q.count, page }),
      };
    }
  }
}

/**
 * Walks a list page by page as a visitor or crawler would (to one page past the last) and checks
 * it against the reference: every page but the last holds exactly `count` videos, no video is on
 * two pages, the pages add up to total_count, and they hold the reference's videos (in its order
 * for sorted lists). Returns a description of the first difference, or null.
 */
export async function walkDiffers(source: Source, q: Question, ref: ReturnType<typeof reference>): Promise<string | null> {
  const count = q.count;
  const first = await ref.ask(source, 1);
  const total = Number(first.total_count ?? 0);
  const pages = Math.max(1, Math.ceil(total / count));
  const walked: number[] = [];
  for (let page = 1; page <= pages + 1; page++) {
    const r = page === 1 ? first : await ref.ask(source, page);
    const ids = (r.videos ?? []).map((v) => Number(v.video_id));
    if (Number(r.total_count ?? 0) !== total) return `${source.name}: page ${page} says total_count ${String(r.total_count)}, page 1 said ${total}`;
    const expected = page < pages ? count : page === pages ? total - count * (pages - 1) : 0;
    if (ids.length !== expected) return `${source.name}: page ${page} of ${pages} holds ${ids.length} videos, expected ${expected} (total_count ${total}, count ${count})`;
    walked.push(...ids);
  }
  if (new Set(walked).size !== walked.length) return `${source.name}: a video is on two pages: ${walked.join(',')}`;
  let got = ref.ordered ? walked : [...walked].sort((a, b) => a - b);
  if (ref.partial) {
    const among = new Set(ref.partial.among);
    const partial = got.filter((id) => among.has(id));
    if (partial.length !== ref.partial.size) return `${source.name}: ${partial.length} partial matches [${partial.join(',')}], the reference ${ref.partial.size} of [${ref.partial.among.join(',')}]`;
    got = got.filter((id) => !among.has(id));
  }
  const want = ref.ordered ? ref.ids : [...ref.ids].sort((a, b) => a - b);
  if (want.join(',') !== got.join(',')) return `${source.name}: pages hold ${got.length} videos [${got.join(',')}], the reference ${want.length} [${want.join(',')}]`;
  return null;
}

/** The arbitraries of one history: a few questions asked again and again as the catalogue lives (what a cache kept must still add up). */
export const historyArb = (maxSteps: number) =>
  fc.tuple(
    fc.array(questionArb, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(stepArb, fc.array(fc.nat(), { maxLength: 3 })), { minLength: 1, maxLength: maxSteps }),
  );

/**
 * Lives a history on every store (the first one's SQLite file `db` is the reference) and walks the
 * questions asked after each step on every store; throws with the first difference.
 */
export async function liveHistory(
  stores: Store[],
  db: Database.Database,
  clock: Clock,
  [questions, history]: [Question[], [Step, number[]][]],
): Promise<void> {
  const voter = { n: 0 };
  for (const [step, asked] of history) {
    await applyStep(step, stores, db, clock, voter);
    for (const q of asked.map((n) => questions[n % questions.length]!)) {
      const ref = reference(db, q, clock.now);
      for (const store of stores) {
        const differs = await walkDiffers(store.source, q, ref);
        if (differs) throw new Error(`${differs}\nquestion: ${JSON.stringify(q)} at now=${clock.now}`);
      }
    }
  }
}
