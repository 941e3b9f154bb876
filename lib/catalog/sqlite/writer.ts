import 'server-only';
import type Database from 'better-sqlite3';
import type { CatalogWriter, BatchResult, RemovedVideo, RemoveTarget } from '../writer';
import type { FeedRow } from '../feed-row';
import { slugify } from '../slugify';
import { rowHash } from '../row-hash';
import { bumpContentVersion } from './content-version';
import { durationClass } from '../filters';
import { recountDayCounts } from './day-counts';
import { rebuildEntityStats } from './entity-stats';
import { genderNo } from '../entity-kinds';
import { DEFAULT_ORIENTATION } from '@/lib/contract/types';
import { ensureImportTables } from './import-schema';
import { rebuildPeriodStats } from './period-stats';
import { MAX_PAUSE_MS } from './site-write';
import { endImportCheckpoints, renewImportCheckpoints } from './import-checkpoints';
import { ratingOf } from '../rating';
import { STATUS } from '../status';
import { type CheckpointOptions, WalCheckpointer } from './wal-checkpointer';
import { countTitleKeywords } from '../keywords';
import { diskFullOr } from '../disk-full';
import { takeImportLock } from './import-lock';
import { RECOUNT_DUE_KEY as RECOUNT_DUE } from '../recount-due';

interface FtsDoc {
  title: string;
  description: string;
  categories: string;
  tags: string;
  facets: string;
}

/**
 * How long one write transaction of an import holds the write lock before it commits (batches of
 * a run share it until then). A commit writes every page the transaction changed to the WAL, and
 * new rows land all over the duration indexes, so nearly every row dirties pages of its own; the
 * search indexes write a segment per commit, merged later. So fewer, longer transactions write
 * less and import faster than a commit per batch (bench:import). The site's writes wait off its
 * event loop meanwhile (site-write.ts), for about one transaction (leaveLockFree).
 */
const TRANSACTION_MS = 1000;

/** Numbers of a new video's category membership held until its transaction commits (see members). */
const MEMBER_FIELDS = 9;

/**
 * Connection settings while an import runs, restored by finish():
 * - mmap_size 0: an import reads most of the catalogue's indexes once; mapped, every page it
 *   touched would count in the process's resident memory. Read through
 *   the page cache instead, the kernel's cache keeps them and the process stays small.
 * - wal_autocheckpoint: each batch writes tens of MB of index pages to the WAL (inserts land all
 *   over the duration indexes); checkpointing after every batch copied each hot page back once per
 *   batch. A file's checkpoints run on a thread of their own (WalCheckpointer: a pass copies a
 *   page once for the batches since the last), none on this connection (0); without that thread,
 *   every 65,536 pages (fewer made the commits slower). Checkpoints stay
 *   passive: they never block the site's readers or writers.
 * - journal_size_limit -1 (the site's connections keep 64 MB): the WAL starts over every 256 MB or
 *   so (WalCheckpointer), and each time the limit truncated the file to 64 MB, which the next
 *   batches' writes then grew again (time in ftruncate, and writes that extend a file allocate its
 *   blocks again, where overwriting them does not). finish() restores the limit, so the first write
 *   after the import cuts the file back.
 * - cache_size 32 MB (the site's connections keep 16 MB): what misses is read from the kernel's
 *   cache, and a larger cache made a run of unchanged rows peak around the import's memory budget.
 */
const IMPORT_PRAGMAS: Record<string, number> = { mmap_size: 0, wal_autocheckpoint: 65536, cache_size: -32768, journal_size_limit: -1 };

/** Terms of both full-text indexes with their document counts, a page at a time in term order. */
const TERMS_PAGE_SQL = `SELECT a.term, coalesce(t.doc, 0) AS title_docs, a.doc AS all_docs
  FROM temp.all_vocab a LEFT JOIN temp.title_vocab t ON t.term = a.term WHERE a.term > ? ORDER BY a.term LIMIT 2000`;

/** A feed row's orientation number: the default when the feed does not say. */
const genderOf = (row: FeedRow): number => genderNo(row.orientation ?? DEFAULT_ORIENTATION);

/** The embedded catalogue as an import target. Synchronous inside; async to match other writers. */
export class SqliteCatalogWriter implements CatalogWriter {
  readonly name = 'sqlite';
  private readonly categoryIds = new Map<string, number>();
  /**
   * Title keywords (for suggestions) counted over the open transaction's batches and added at its
   * commit: a common word is one write per transaction, not one per batch, and the counts commit
   * with the rows they come from (kept longer, a run killed between the two lost them for good).
   */
  private readonly keywords = new Map<string, number>();
  private readonly tagIds = new Map<string, number>();
  private readonly modelIds = new Map<string, number>();
  private readonly channelIds = new Map<string, number>();
  private nextId: number;
  private changed = false;
  /** The import's clock (unix seconds): the post date of rows without one, and the periods' day. */
  private readonly now: number;
  private readonly q: ReturnType<SqliteCatalogWriter['statements']>;

  /** See TRANSACTION_MS (tests shorten or lengthen it). */
  private readonly transactionMs: number;
  /** The checkpoint thread's settings (its defaults; tests make them small). */
  private readonly checkpoints: CheckpointOptions;
  /** Told once when another run holds the catalogue (import-lock.ts); stderr by default. */
  private readonly onWait: (message: string) => void;
  /** Gives the run's lock back (from startRun to close). */
  private releaseLock: (() => void) | null = null;

  constructor(
    private readonly db: Database.Database,
    options: { transactionMs?: number; checkpoints?: CheckpointOptions; now?: number; onWait?: (message: string) => void } = {},
  ) {
    this.now = options.now ?? Math.floor(Date.now() / 1000);
    this.transactionMs = options.transactionMs ?? TRANSACTION_MS;
    this.checkpoints = options.checkpoints ?? {};
    this.onWait = options.onWait ?? ((message) => process.stderr.write(`${message}\n`));
    ensureImportTables(db);
    this.q = this.statements();
    this.nextId = this.readIds();
  }

  /** The stored categories and tags by slug; returns the next unused video id. */
  private readIds(): number {
    const db = this.db;
    const byDir: [string, Map<string, number>, Map<string, number>][] = [
      ['categories', this.categoryIds, this.categoryByTitle],
      ['tags', this.tagIds, this.tagByTitle],
      ['models', this.modelIds, this.modelByTitle],
      ['channels', this.channelIds, this.channelByTitle],
    ];
    for (const [table, ids, titles] of byDir) {
      ids.clear();
      titles.clear();
      for (const r of db.prepare(`SELECT id, dir FROM ${table}`).all() as { id: number; dir: string }[]) ids.set(r.dir, r.id);
    }
    const hw = db.prepare("SELECT value FROM meta WHERE key = 'next_video_id'").pluck().get() as string | undefined;
    const maxId = (db.prepare('SELECT max(id) FROM videos').pluck().get() as number | null) ?? 0;
    const maxTaken = (db.prepare('SELECT max(video_id) FROM takedowns').pluck().get() as number | null) ?? 0;
    // Ids are never reused: an old link to a removed video must not open another one.
    return Math.max(Number(hw ?? 0), maxId + 1, maxTaken + 1);
  }

  /** A failure as the operator should read it: a full disk names the catalogue's file. */
  private failure(e: unknown): unknown {
    return diskFullOr(e, this.db.name);
  }

  private stmt(sql: string): Database.Statement {
    return this.db.prepare(sql);
  }

  /** A membership of a stored video, with its columns copied from its row (membership id, video id). */
  private copyStmt(table: string, key: string): Database.Statement {
    return this.stmt(
      `INSERT OR IGNORE INTO ${table} (video_id, ${key}, post_date, duration, status_id, views, rating, likes, comments, gender)
       SELECT id, ?, post_date, duration, status_id, views, rating, likes, comments, gender FROM videos WHERE id = ?`,
    );
  }

  private statements() {
    return {
    find: this.stmt('SELECT video_id, hash FROM video_sources WHERE source = ? AND external_id = ?'),
    takenDown: this.stmt('SELECT 1 FROM takedowns WHERE source = ? AND external_id = ?'),
    seen: this.stmt('UPDATE video_sources SET seen_run = ? WHERE video_id = ?'),
    insertVideo: this.stmt(
      `INSERT INTO videos (id, dir, title, description, duration, post_date, status_id, views, likes, dislikes, rating,
         comments, sg_id, ex_tube, ex_id, username, gender, channel_id) VALUES (?, ?, ?, ?, ?, ?, ${STATUS.active}, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    ),
    updateVideo: this.stmt(
      `UPDATE videos SET dir = ?, title = ?, description = ?, duration = ?, post_date = ?, views = ?, likes = ?,
         dislikes = ?, rating = ?, comments = ?, gender = ?, channel_id = ? WHERE id = ?`,
    ),
    insertSource: this.stmt(
      `INSERT INTO video_sources (video_id, source, external_id, embed_url, thumb_url, thumbs, preview_url, hash, seen_run)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateSource: this.stmt(
      'UPDATE video_sources SET embed_url = ?, thumb_url = ?, thumbs = ?, preview_url = ?, hash = ?, seen_run = ? WHERE video_id = ?',
    ),
    member: this.copyStmt('video_categories', 'category_id'),
    tagged: this.copyStmt('video_tags', 'tag_id'),
    modelled: this.copyStmt('video_models', 'model_id'),
    newCategory: this.stmt('INSERT INTO categories (dir, title, description) VALUES (?, ?, ?)'),
    newTag: this.stmt('INSERT INTO tags (dir, title) VALUES (?, ?)'),
    newModel: this.stmt('INSERT INTO models (dir, title, added_at) VALUES (?, ?, ?)'),
    newChannel: this.stmt('INSERT INTO channels (dir, title, added_at) VALUES (?, ?, ?)'),
    fts: this.stmt('INSERT INTO video_fts (rowid, title, description, categories, tags, facets) VALUES (?, ?, ?, ?, ?, ?)'),
    titleFts: this.stmt('INSERT INTO title_fts (rowid, title, facets) VALUES (?, ?, ?)'),
    ftsDelete: this.stmt(
      "INSERT INTO video_fts (video_fts, rowid, title, description, categories, tags, facets) VALUES ('delete', ?, ?, ?, ?, ?, ?)",
    ),
    titleFtsDelete: this.stmt("INSERT INTO title_fts (title_fts, rowid, title, facets) VALUES ('delete', ?, ?, ?)"),
    storedVideo: this.stmt('SELECT title, description, duration, status_id FROM videos WHERE id = ?'),
    storedCategories: this.stmt('SELECT c.id, c.title FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ?'),
    storedTags: this.stmt('SELECT t.title FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = ?').pluck(),
    dropCategories: this.stmt('DELETE FROM video_categories WHERE video_id = ?'),
    dropTags: this.stmt('DELETE FROM video_tags WHERE video_id = ?'),
    dropModels: this.stmt('DELETE FROM video_models WHERE video_id = ?'),
    anyTakedown: this.stmt('SELECT 1 FROM takedowns WHERE source = ? LIMIT 1').pluck(),
    newMember: this.stmt(
      `INSERT OR IGNORE INTO video_categories (video_id, category_id, post_date, duration, status_id, views, rating, likes, comments, gender)
       VALUES (?, ?, ?, ?, ${STATUS.active}, ?, ?, ?, ?, ?)`,
    ),
    dropKeyword: this.stmt('DELETE FROM keywords WHERE keyword_lc = ? AND popularity <= 0'),
    keyword: this.stmt(
      `INSERT INTO keywords (keyword, keyword_lc, popularity) VALUES (?, ?, ?)
       ON CONFLICT (keyword_lc) DO UPDATE SET popularity = popularity + ?`,
    ),
    };
  }

  /**
   * Ids by title as rows name them, in front of the ids by slug: a row's five or so categories and
   * tags are Map lookups, not slugs computed again (a slug a row costs about a microsecond).
   */
  private readonly categoryByTitle = new Map<string, number>();
  private readonly tagByTitle = new Map<string, number>();
  private readonly modelByTitle = new Map<string, number>();
  private readonly channelByTitle = new Map<string, number>();

  private idOf(byTitle: Map<string, number>, map: Map<string, number>, title: string, create: (dir: string) => number): number {
    let id = byTitle.get(title);
    if (id !== undefined) return id;
    const dir = slugify(title);
    id = map.get(dir);
    if (id === undefined) {
      id = create(dir);
      map.set(dir, id);
    }
    byTitle.set(title, id);
    return id;
  }

  private categoryId(title: string): number {
    return this.idOf(this.categoryByTitle, this.categoryIds, title, (dir) =>
      Number(this.q.newCategory.run(dir, title, `Videos about ${title.toLowerCase()}.`).lastInsertRowid),
    );
  }

  private tagId(title: string): number {
    return this.idOf(this.tagByTitle, this.tagIds, title, (dir) => Number(this.q.newTag.run(dir, title).lastInsertRowid));
  }

  private modelId(title: string): number {
    return this.idOf(this.modelByTitle, this.modelIds, title, (dir) => Number(this.q.newModel.run(dir, title, this.now).lastInsertRowid));
  }

  /** The row's channel's id, 0 for none. */
  private channelId(title: string | null | undefined): number {
    if (!title) return 0;
    return this.idOf(this.channelByTitle, this.channelIds, title, (dir) => Number(this.q.newChannel.run(dir, title, this.now).lastInsertRowid));
  }

  /** The search-index document of a stored video, rebuilt from its rows (FTS5 'delete' needs it). */
  private storedDoc(id: number): FtsDoc | null {
    const v = this.q.storedVideo.get(id) as
      | { title: string; description: string; duration: number; status_id: number }
      | undefined;
    // Disabled videos were never indexed (see the seed).
    if (!v || v.status_id === STATUS.disabled) return null;
    const cats = this.q.storedCategories.all(id) as { id: number; title: string }[];
    const tags = this.q.storedTags.all(id) as string[];
    return {
      title: v.title,
      description: v.description,
      categories: cats.map((c) => c.title).join(' '),
      tags: tags.join(' '),
      facets: `d${durationClass(v.duration)} ${cats.map((c) => `c${c.id}`).join(' ')}`,
    };
  }

  private unindex(id: number): void {
    const doc = this.storedDoc(id);
    if (!doc) return;
    this.q.ftsDelete.run(id, doc.title, doc.description, doc.categories, doc.tags, doc.facets);
    this.q.titleFtsDelete.run(id, doc.title, doc.facets);
  }

  /** Categories, tags, models and search index of a video whose row is written; `added`: a new row, active. */
  private attach(id: number, row: FeedRow, added?: { postDate: number; rating: number }): void {
    const catIds = row.categories.map((c) => this.categoryId(c));
    for (const c of catIds) {
      // A new video's copied columns are known: no read of the row just inserted.
      if (added) this.addMember(id, c, added.postDate, row.duration, row.views, added.rating, row.likes, row.comments ?? 0, genderOf(row));
      else this.q.member.run(c, id);
    }
    for (const t of row.tags) this.q.tagged.run(this.tagId(t), id);
    for (const m of row.models) this.q.modelled.run(this.modelId(m), id);
    const facets = `d${durationClass(row.duration)} ${catIds.map((c) => `c${c}`).join(' ')}`;
    this.q.fts.run(id, row.title, row.description, row.categories.join(' '), row.tags.join(' '), facets);
    this.q.titleFts.run(id, row.title, facets);
  }

  /**
   * Category memberships of the open transaction's new videos, MEMBER_FIELDS numbers each
   * (video_id, category_id, post_date, duration, views, rating, likes, comments, gender), in one growing array (no
   * object per membership for the collector to follow). Written at its commit (or before anything
   * reads or deletes memberships), sorted by category and duration: in feed order, each lands on a
   * page of idx_vc_duration no other row near it touches, more pages than the page cache holds, so
   * a page was read, written to the WAL and read again several times a transaction. Sorted, the
   * transaction sweeps each category's part of the index once (well under half the reads and writes).
   */
  private members = new Float64Array(MEMBER_FIELDS * 4096);
  private memberCount = 0;

  private addMember(...fields: [number, number, number, number, number, number, number, number, number]): void {
    if ((this.memberCount + 1) * MEMBER_FIELDS > this.members.length) {
      const grown = new Float64Array(this.members.length * 2);
      grown.set(this.members);
      this.members = grown;
    }
    this.members.set(fields, this.memberCount * MEMBER_FIELDS);
    this.memberCount++;
  }

  private writeMembers(): void {
    if (this.memberCount === 0) return;
    const m = this.members;
    const order = new Uint32Array(this.memberCount).map((_, i) => i * MEMBER_FIELDS);
    // By category, duration, video id: idx_vc_duration's order.
    order.sort((a, b) => m[a + 1]! - m[b + 1]! || m[a + 3]! - m[b + 3]! || m[a]! - m[b]!);
    for (const i of order) this.q.newMember.run(m[i], m[i + 1], m[i + 2], m[i + 3], m[i + 4], m[i + 5], m[i + 6], m[i + 7], m[i + 8]);
    this.dropMembers();
  }

  /**
   * Empties the list, keeping its array: a transaction is bounded in time, so the array is too
   * (about 5 MB for a second of the bench's rows), and a new one each time would leave the old
   * ones for a full collection.
   */
  private dropMembers(): void {
    this.memberCount = 0;
  }

  private detach(id: number): void {
    this.writeMembers();
    this.unindex(id);
    this.q.dropCategories.run(id);
    this.q.dropTags.run(id);
    this.q.dropModels.run(id);
  }

  private media(row: FeedRow): [string, string, string, string | null] {
    return [row.embedUrl, row.thumbUrl ?? '', JSON.stringify(row.thumbs), row.previewUrl];
  }

  /** The connection's settings from before the run, while IMPORT_PRAGMAS apply. */
  private saved: [string, unknown][] | null = null;

  /** The run's checkpoint thread, for a catalogue file in WAL mode (from startRun to finish). */
  private checkpointer: WalCheckpointer | null = null;

  async startRun(source: string): Promise<number> {
    if (!this.releaseLock && !this.db.memory) {
      const file = this.db.name;
      try {
        this.releaseLock = await takeImportLock(file, () => this.onWait(`another import is writing to ${file}; waiting`));
      } catch (e) {
        throw this.failure(e);
      }
      // What the run before wrote meanwhile: its ids and categories are taken.
      this.nextId = this.readIds();
    }
    if (!this.saved) {
      this.saved = Object.keys(IMPORT_PRAGMAS).map((k) => [k, this.db.pragma(k, { simple: true })]);
      const pragmas = { ...IMPORT_PRAGMAS };
      if (!this.db.memory && this.db.pragma('journal_mode', { simple: true }) === 'wal') {
        this.checkpointer = new WalCheckpointer(this.db.name, this.checkpoints);
        pragmas.wal_autocheckpoint = 0;
      }
      for (const [k, v] of Object.entries(pragmas)) this.db.pragma(`${k} = ${v}`);
    }
    const last = this.db.prepare('SELECT max(seen_run) FROM video_sources WHERE source = ?').pluck().get(source) as number | null;
    return Math.max(Date.now(), (last ?? 0) + 1);
  }

  async writeBatch(source: string, runId: number, rows: readonly FeedRow[]): Promise<BatchResult> {
    const result: BatchResult = { added: 0, updated: 0, unchanged: 0, takenDown: 0 };
    await this.inTransaction(() => {
      // Most sources have no takedowns: one look per batch (inside its transaction) instead of one per new row.
      const anyTakedown = this.q.anyTakedown.get(source) !== undefined;
      for (const row of rows) {
        const hash = rowHash(row);
        const found = this.q.find.get(source, row.externalId) as { video_id: number; hash: string } | undefined;
        if (found && found.hash === hash) {
          this.q.seen.run(runId, found.video_id);
          result.unchanged++;
          continue;
        }
        if (!found && anyTakedown && this.q.takenDown.get(source, row.externalId)) {
          result.takenDown++;
          continue;
        }
        const postDate = row.postDate ?? this.now;
        const rating = ratingOf(row.likes, row.dislikes);
        if (found) {
          const id = found.video_id;
          const before = this.q.storedVideo.get(id) as { title: string } | undefined;
          if (before && before.title !== row.title) {
            countTitleKeywords(this.keywords, before.title, -1);
            countTitleKeywords(this.keywords, row.title, 1);
          }
          this.detach(id);
          this.q.updateVideo.run(row.dir, row.title, row.description, row.duration, postDate, row.views, row.likes,
            row.dislikes, rating, row.comments ?? 0, genderOf(row), this.channelId(row.channel), id);
          this.q.updateSource.run(...this.media(row), hash, runId, id);
          this.attach(id, row);
          result.updated++;
        } else {
          const id = this.nextId++;
          const exId = /^\d{1,15}$/.test(row.externalId) ? Number(row.externalId) : 0;
          this.q.insertVideo.run(id, row.dir, row.title, row.description, row.duration, postDate, row.views, row.likes,
            row.dislikes, rating, row.comments ?? 0, source, exId, source, genderOf(row), this.channelId(row.channel));
          this.q.insertSource.run(id, source, row.externalId, ...this.media(row), hash, runId);
          this.attach(id, row, { postDate, rating });
          countTitleKeywords(this.keywords, row.title, 1);
          result.added++;
        }
      }
      if (result.added + result.updated > 0) this.markChanged();
    });
    return result;
  }

  /** The run's open write transaction: when it began (performance.now()), or null between two. */
  private txBegan: number | null = null;
  private committedAt = 0;
  /** Write transactions the run committed, and the longest time one held the write lock (ms). */
  readonly transactions = { count: 0, longestMs: 0 };

  /**
   * A batch, inside the run's write transaction: one is begun when none is open, and committed
   * once it has held the write lock for TRANSACTION_MS (so several batches share one). The checkpoint
   * thread may have the WAL start over before a transaction begins, and hears of each commit.
   * BEGIN IMMEDIATE: a batch reads before it writes, and a deferred transaction whose snapshot the
   * site's writes (views, votes) moved past meanwhile cannot become a write one: SQLite fails it at
   * once with SQLITE_BUSY, without waiting (the bench's site writes every 50 ms failed the import
   * within a minute). Immediate, it waits for the lock as the site's do.
   * A batch that fails rolls back the whole open transaction (the batches before it in the same one
   * too: the run stops, and running the feed again writes them, as a second run skips what is
   * stored). Not a savepoint per batch: a savepoint keeps the first version of every page it
   * changes in a statement journal, in memory here (temp_store), which at 1,000,000 rows doubled
   * the import's peak memory.
   */
  private async inTransaction(fn: () => void): Promise<void> {
    if (this.txBegan === null) {
      await this.leaveLockFree();
      await this.beforeWrite();
      await this.leaveLockFree();
      this.db.prepare('BEGIN IMMEDIATE').run();
      this.txBegan = performance.now();
      if (this.checkpointer) renewImportCheckpoints(this.db);
    }
    try {
      fn();
    } catch (e) {
      this.rolledBack();
      throw this.failure(e);
    }
    if (performance.now() - this.txBegan >= this.transactionMs) this.commit();
  }

  /**
   * Forgets the open transaction and what it held for its commit, rolling it back unless SQLite
   * already did (it does when a COMMIT fails for a full disk): a writer that still believed it open
   * committed again at finish(), and "cannot commit - no transaction is active" hid the disk's error.
   */
  private rolledBack(): void {
    this.txBegan = null;
    this.dropMembers();
    this.keywords.clear();
    if (this.db.inTransaction) this.db.prepare('ROLLBACK').run();
  }

  /**
   * Waits until the write lock has been free for twice MAX_PAUSE_MS since the last commit: a site
   * write that found the lock taken tries again at most MAX_PAUSE_MS later, and the next
   * transaction could otherwise take the lock first every time.
   */
  private async leaveLockFree(): Promise<void> {
    const wait = this.committedAt + 2 * MAX_PAUSE_MS + 2 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Commits the run's open write transaction, if any. */
  private commit(): void {
    if (this.txBegan === null) return;
    try {
      this.writeMembers();
      this.flushKeywords();
      this.db.prepare('COMMIT').run();
    } catch (e) {
      this.rolledBack();
      throw this.failure(e);
    }
    this.transactions.count++;
    this.transactions.longestMs = Math.max(this.transactions.longestMs, performance.now() - this.txBegan);
    this.txBegan = null;
    this.committedAt = performance.now();
    this.checkpointer?.committed();
  }

  /**
   * Before a write transaction of the run: once the WAL has grown past its limit, the checkpoint
   * thread copies it back, and then the rest while this connection holds the write lock (in an
   * empty transaction), so that no write of the site adds frames after the last pass; the next write,
   * the import's or the site's, then starts the WAL over. Drained with the lock free, a view
   * written during the pass left a frame or two uncopied nearly every time, no transaction could
   * start the WAL over, and it grew without bound instead of staying near its limit.
   */
  private async beforeWrite(): Promise<void> {
    const c = this.checkpointer;
    if (!c) return;
    let failed = false;
    try {
      if (!c.restartDue()) return;
      // The bulk of the copying with the lock free (a pass after a transaction of the import copies
      // hundreds of MB: held under the lock, the passes kept a view waiting past busy_timeout, and it
      // failed); under the lock, only what the site wrote meanwhile.
      await c.drain();
      this.db.prepare('BEGIN IMMEDIATE').run();
      try {
        await c.drain();
      } finally {
        this.db.prepare('COMMIT').run();
        this.committedAt = performance.now();
      }
    } catch (e) {
      // Only the thread's failure is handled here; the lock's (busy for 5 s) is the caller's.
      if (this.checkpointer !== c || !c.failed) throw e;
      failed = true;
    }
    if (failed) {
      // The thread failed: this connection checkpoints again, as without it.
      await this.stopCheckpoints();
      this.db.pragma(`wal_autocheckpoint = ${IMPORT_PRAGMAS.wal_autocheckpoint}`);
    }
  }

  /**
   * Adds the counted title keywords to their popularity (inside the open transaction); a keyword
   * no video gives any more is deleted.
   */
  private flushKeywords(): void {
    for (const [k, n] of this.keywords) {
      if (n === 0) continue;
      this.q.keyword.run(k, k, n, n);
      if (n < 0) this.q.dropKeyword.run(k);
    }
    this.keywords.clear();
  }

  private markChanged(): void {
    this.changed = true;
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_video_id', ?), (?, '1')").run(String(this.nextId), RECOUNT_DUE);
    bumpContentVersion(this.db);
  }

  private removeOne(id: number, takedown: boolean): RemovedVideo {
    const src = this.db.prepare('SELECT source, external_id FROM video_sources WHERE video_id = ?').get(id) as
      | { source: string; external_id: string }
      | undefined;
    const gone = this.q.storedVideo.get(id) as { title: string } | undefined;
    if (gone) {
      countTitleKeywords(this.keywords, gone.title, -1);
      this.flushKeywords();
    }
    this.detach(id);
    for (const table of ['video_sources', 'votes', 'video_days']) this.db.prepare(`DELETE FROM ${table} WHERE video_id = ?`).run(id);
    this.db.prepare('DELETE FROM videos WHERE id = ?').run(id);
    if (takedown) {
      this.db
        .prepare('INSERT OR REPLACE INTO takedowns (video_id, source, external_id, removed_at) VALUES (?, ?, ?, ?)')
        .run(id, src?.source ?? null, src?.external_id ?? null, this.now);
    }
    return { id, source: src?.source ?? null, externalId: src?.external_id ?? null };
  }

  async deleteMissing(source: string, runId: number): Promise<RemovedVideo[]> {
    this.commit();
    const ids = this.db.prepare('SELECT video_id FROM video_sources WHERE source = ? AND seen_run <> ?').pluck().all(source, runId) as number[];
    const removed: RemovedVideo[] = [];
    // Short transactions, so that the running site's writes (views, votes) never wait long.
    for (let i = 0; i < ids.length; i += 500) {
      await this.inTransaction(() => {
        for (const id of ids.slice(i, i + 500)) removed.push(this.removeOne(id, false));
        this.markChanged();
      });
      this.commit();
    }
    return removed;
  }

  async remove(targets: readonly RemoveTarget[], options: { takedown: boolean }) {
    this.commit();
    const removed: RemovedVideo[] = [];
    const missing: RemoveTarget[] = [];
    // Immediate: it reads before it writes (see inTransaction).
    const removeAll = this.db.transaction(() => {
      for (const t of targets) {
        const id =
          'videoId' in t
            ? ((this.db.prepare('SELECT id FROM videos WHERE id = ?').pluck().get(t.videoId) as number | undefined) ?? null)
            : ((this.q.find.get(t.source, t.externalId) as { video_id: number } | undefined)?.video_id ?? null);
        if (id === null) missing.push(t);
        else removed.push(this.removeOne(id, options.takedown));
      }
      if (removed.length > 0) this.markChanged();
    });
    try {
      removeAll.immediate();
    } catch (e) {
      this.keywords.clear();
      throw this.failure(e);
    }
    return { removed, missing };
  }

  async finish(): Promise<void> {
    try {
      this.commit();
      const due = this.db.prepare('SELECT 1 FROM meta WHERE key = ?').pluck().get(RECOUNT_DUE) !== undefined;
      if (!this.changed && !due) return;
      recountDayCounts(this.db);
      // "Most popular" and "top rated" by period are precomputed: a removed video must leave them too.
      rebuildPeriodStats(this.db, this.now);
      rebuildEntityStats(this.db, this.now);
      this.recountTerms();
      this.db.prepare('DELETE FROM meta WHERE key = ?').run(RECOUNT_DUE);
      this.changed = false;
    } catch (e) {
      throw this.failure(e);
    } finally {
      await this.stopCheckpoints();
      // After the recounts, which read the whole catalogue: mapped, it would all be resident again.
      if (this.saved) {
        for (const [k, v] of this.saved) this.db.pragma(`${k} = ${Number(v)}`);
        this.saved = null;
      }
      // The run is over: another may write (the catalogue tools close the connection, not the writer).
      this.releaseLock?.();
      this.releaseLock = null;
    }
  }

  /** Rebuilds fts_terms from the indexes' vocabularies, 2,000 terms per read and per short transaction. */
  private recountTerms(): void {
    this.db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.all_vocab USING fts5vocab(main, video_fts, 'row');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.title_vocab USING fts5vocab(main, title_fts, 'row');
    `);
    const page = this.db.prepare(TERMS_PAGE_SQL).raw();
    const drop = this.db.prepare('DELETE FROM fts_terms WHERE term > ? AND term <= ?');
    const dropRest = this.db.prepare('DELETE FROM fts_terms WHERE term > ?');
    const insert = this.db.prepare('INSERT INTO fts_terms (term, title_docs, all_docs) VALUES (?, ?, ?)');
    let after = '';
    for (;;) {
      const rows = page.all(after) as [string, number, number][];
      if (rows.length === 0) break;
      const last = rows[rows.length - 1]![0];
      this.db.transaction(() => {
        drop.run(after, last);
        for (const r of rows) insert.run(...r);
      })();
      after = last;
    }
    dropRest.run(after);
  }

  /** The WAL copied back in full (as the automatic checkpoint would have it) and the thread ended. */
  private async stopCheckpoints(): Promise<void> {
    const c = this.checkpointer;
    this.checkpointer = null;
    if (!c) return;
    // A failed thread leaves the WAL to the next checkpoint of any connection.
    await c.drain().catch(() => {});
    await c.close();
    // The site's writes checkpoint again (a lease left behind runs out on its own).
    try {
      endImportCheckpoints(this.db);
    } catch {
      // The lease runs out on its own.
    }
  }

  async close(): Promise<void> {
    try {
      // A run that never reached finish() (its caller failed) keeps what its batches wrote.
      if (this.db.open && this.db.inTransaction && this.txBegan !== null) this.commit();
    } finally {
      await this.stopCheckpoints();
      this.db.close();
      this.releaseLock?.();
      this.releaseLock = null;
    }
  }
}
