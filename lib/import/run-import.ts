import { MediaHostTally, type MediaHostReport } from './media-hosts';
import type { FeedInput } from './open-input';
import { parseFeedBatches } from './parse-feed';
import { parseFeedBatchesInWorker } from './parse-in-worker';
import { Progress } from './progress';
import type { FeedRow } from '@/lib/catalog/feed-row';
import type { ParseOptions, Rejection } from './types';
import type { CatalogWriter } from '@/lib/catalog/writer';

export interface ImportOptions {
  source: string;
  deleteMissing: boolean;
  /**
   * Rows per batch, fixed. Without it the batch adapts: it grows while a batch takes less than
   * batchMs and shrinks when one takes more. (The PostgreSQL writer commits each batch; the SQLite
   * writer's transactions span batches, see lib/catalog/sqlite/writer.ts.)
   */
  batchSize?: number;
  /**
   * Target time of one batch when batchSize is not fixed; 40 ms by default. A batch's rows live
   * until it is written, and rows that outlive two young-generation collections move to the old
   * generation, whose garbage waits for a full collection: short batches peak lower at the same
   * speed (`npm run bench:import`). The main thread's heap could still grow far before a full
   * collection, now and then past the import's memory budget, so `npm run import` and the bench run
   * with --heap-growing-percent=100: a full collection once the old generation is twice what the
   * last one kept.
   */
  batchMs?: number;
  onReject?: (r: Rejection) => void;
  /** Where progress goes (a terminal gets a live line); null for none. */
  progressTo?: NodeJS.WriteStream | null;
  /**
   * Parse and validate the feed on a worker thread (parse-in-worker.ts) while this one writes:
   * the command line and the bench do; tests may keep everything on one thread.
   */
  parseInWorker?: boolean;
  /**
   * What the site lets images come from (its CSP's img-src): IMG_HOSTS, and its own origin and
   * API_ORIGIN. The summary names the hosts of stored thumbnails and previews outside them.
   */
  imgHosts?: readonly string[];
  imgOrigins?: readonly string[];
}

export interface ImportSummary {
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
  takenDown: number;
  removed: number;
  removedIds: number[];
  seconds: number;
  /** Media hosts the configuration does not allow, with the settings that would. */
  hosts: MediaHostReport;
}

const MIN_BATCH = 1000;
/**
 * Bounds the rows held in memory at once (a row as objects is far larger than its line of the
 * feed). Rows that wait long in a batch outlive the young generation and pile up in the old one: at
 * 10,000 a run of unchanged rows (full batches) peaked at and past the import's memory budget, at
 * 5,000 under it (the second run of `npm run bench:import`).
 */
const MAX_BATCH = 5_000;

/** The next batch size from the time the last one took: at most twice as large, toward targetMs. */
export function nextBatchSize(size: number, written: number, ms: number, targetMs: number): number {
  // A short last batch (the end of a chunk) says little about the rate: keep the size.
  if (written < size) return size;
  const want = Math.round((written * targetMs) / Math.max(ms, 1));
  return Math.max(MIN_BATCH, Math.min(MAX_BATCH, size * 2, want));
}

/** Streams a feed into a catalogue writer in batches; rejected rows are reported and skipped. */
export async function runImport(input: FeedInput, parse: ParseOptions, writer: CatalogWriter, o: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  let batchSize = o.batchSize ?? MIN_BATCH;
  const targetMs = o.batchMs ?? 40;
  const progress = o.progressTo ? new Progress(o.progressTo, input.size, input.bytesRead) : null;
  const hosts = new MediaHostTally(o.imgHosts ?? [], o.imgOrigins ?? []);
  const s: Omit<ImportSummary, 'hosts'> = { rows: 0, added: 0, updated: 0, unchanged: 0, rejected: 0, takenDown: 0, removed: 0, removedIds: [], seconds: 0 };
  const runId = await writer.startRun(o.source);
  let failed = false;
  let batch: FeedRow[] = [];
  // A feed listing one external id twice: the later row wins, as it would in a second run.
  const flush = async () => {
    if (batch.length === 0) return;
    const t = performance.now();
    const r = await writer.writeBatch(o.source, runId, batch);
    if (o.batchSize === undefined) batchSize = nextBatchSize(batchSize, batch.length, performance.now() - t, targetMs);
    s.added += r.added;
    s.updated += r.updated;
    s.unchanged += r.unchanged;
    s.takenDown += r.takenDown;
    batch = [];
  };
  try {
    const parsed = o.parseInWorker ? parseFeedBatchesInWorker(input, parse) : parseFeedBatches(input.stream, parse);
    for await (const items of parsed) {
      for (const item of items) {
        s.rows++;
        if (item.reject) {
          s.rejected++;
          hosts.reject(item.reject);
          o.onReject?.(item.reject);
        } else {
          hosts.row(item.row);
          batch.push(item.row);
          if (batch.length >= batchSize) await flush();
        }
      }
      progress?.tick(s.rows);
    }
    await flush();
    if (o.deleteMissing) {
      const removed = await writer.deleteMissing(o.source, runId);
      s.removed = removed.length;
      s.removedIds = removed.map((r) => r.id);
    }
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    progress?.done();
    if (input.close) input.close();
    else input.stream.destroy();
    // Derived data is brought up to date even when the feed broke off: what was written is listed right.
    // When that fails too (a full disk fails both), the first failure is the one to tell: the
    // writers leave the rebuild due, and the next run does it.
    await writer.finish().catch((e: unknown) => {
      if (!failed) throw e;
    });
  }
  s.seconds = (performance.now() - started) / 1000;
  return { ...s, hosts: hosts.report(parse.embedHosts) };
}
