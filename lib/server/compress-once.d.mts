import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether an Accept-Encoding header takes gzip (`gzip`, `x-gzip` or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean;

/** The encoding for a client's Accept-Encoding: the higher q of br and gzip, br at equal q; null for neither. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null;

/** Whether an If-None-Match header names `etag` (weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean;

/** The ETag of the representation of `etag`'s body in `encoding` (null: the body as it is). */
export function etagFor(etag: string, encoding: 'br' | 'gzip' | null): string;

/** The compression levels: `once` for an answer remembered and sent many times, `each` for one compressed per request. */
export const LEVELS: { gzip: { once: number; each: number }; br: { once: number; each: number } };

export interface CompressOnce {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Remembered answers, their bytes, how often a remembered answer was reused, and how often one was compressed. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Forgets every remembered answer. */
  clear(): void;
}

/** The encoder server.mjs puts in front of Next's handler (lib/server/compress-once.mjs). */
export function createCompressOnce(options?: { maxBytes?: number }): CompressOnce;
