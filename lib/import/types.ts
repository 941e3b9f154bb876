import type { FeedRow } from '@/lib/catalog/feed-row';

export interface Rejection {
  line: number;
  reason: string;
  /** The player's host, when the row was rejected for it alone (not in EMBED_HOSTS). */
  embedHost?: string;
}

export type FeedItem = { row: FeedRow; reject?: undefined } | { row?: undefined; reject: Rejection };

/**
 * A record as a format parser reads it: KVS field names (every format maps onto them) with raw
 * text values, or a rejection when the record cannot even be split into fields.
 */
export interface RawRecord {
  line: number;
  fields: Map<string, string>;
}

export type RawItem = { record: RawRecord; reject?: undefined } | { record?: undefined; reject: Rejection };

export const FORMATS = ['kvs-csv', 'kvs-json', 'kvs-xml', 'pornhub', 'xvideos'] as const;
export type FeedFormat = (typeof FORMATS)[number];

export interface ParseOptions {
  format: FeedFormat;
  /** Column order of a KVS CSV feed. */
  columns: string[];
  separator: string;
  listSeparator: string;
  /** The first line of a CSV feed is a header (skipped). */
  header: boolean;
  embedHosts: readonly string[];
}
