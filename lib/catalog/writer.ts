import type { FeedRow } from './feed-row';

/** What one batch did to the catalogue. */
export interface BatchResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Rows of videos that were taken down: they stay down. */
  takenDown: number;
}

export interface RemovedVideo {
  id: number;
  source: string | null;
  externalId: string | null;
}

export type RemoveTarget = { videoId: number } | { source: string; externalId: string };

/**
 * The catalogue side of an import or a takedown. Parsers never see it; both catalogues implement
 * it with the same contract (lib/catalog/sqlite/writer.ts, lib/catalog/postgres/writer.ts):
 * - writeBatch upserts by (source, external id), creating unseen categories and tags and keeping the
 *   search index in step; a row equal to the stored one is "unchanged". A batch is never half
 *   written: it commits whole, or a failure rolls it back (on SQLite with the batches that shared its
 *   transaction: they commit together, lib/catalog/sqlite/writer.ts, and the run stops);
 * - every row a run lists is marked with the run id, so deleteMissing removes the source's other rows;
 * - remove deletes videos everywhere (takedown=true also keeps them from being imported again);
 * - finish brings derived data (listing counts, search statistics) up to date and announces nothing:
 *   telling the running site is the caller's job (lib/notify/announce.ts).
 */
export interface CatalogWriter {
  readonly name: string;
  /** A new run id for a source (larger than every earlier one). */
  startRun(source: string): Promise<number>;
  writeBatch(source: string, runId: number, rows: readonly FeedRow[]): Promise<BatchResult>;
  deleteMissing(source: string, runId: number): Promise<RemovedVideo[]>;
  remove(targets: readonly RemoveTarget[], options: { takedown: boolean }): Promise<{ removed: RemovedVideo[]; missing: RemoveTarget[] }>;
  finish(): Promise<void>;
  close(): Promise<void>;
}
