import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether an Accept-Encoding header takes gzip (`gzip`, `x-gzip` or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean;

/** Whether an If-None-Match header names `etag` (weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean;

export interface CompressOnce {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Remembered answers, their bytes, and how often a remembered gzip was reused or made. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

/** The encoder server.mjs puts in front of Next's handler (lib/server/compress-once.mjs). */
export function createCompressOnce(options?: { maxBytes?: number }): CompressOnce;
