import crypto from 'node:crypto';
import type { FeedRow } from './feed-row';

/**
 * Digests of rows computed where the rows were parsed (the parse worker, lib/import/parse-in-worker.ts),
 * so that the writing thread does not hash them again; keyed by the row object.
 */
const known = new WeakMap<FeedRow, string>();

/**
 * The digest a catalogue stores to tell an unchanged row from an updated one. The line number is
 * where the row sits in this run's file, not part of the video. One-shot crypto.hash: the same
 * digest as createHash().update().digest() without a Hash object per row.
 */
export function computeRowHash(row: FeedRow): string {
  return crypto.hash('sha1', JSON.stringify({ ...row, line: 0 }), 'base64');
}

/** Records the digest computeRowHash gave for this row elsewhere (the rows came from another thread). */
export function rememberRowHash(row: FeedRow, hash: string): void {
  known.set(row, hash);
}

/** The row's digest: the one remembered for it, else computed. */
export function rowHash(row: FeedRow): string {
  return known.get(row) ?? computeRowHash(row);
}
