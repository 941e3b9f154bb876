/** A feed row after parsing and validation: what every catalogue writer stores. */
export interface FeedRow {
  /** 1-based line of the feed where the row starts. */
  line: number;
  externalId: string;
  title: string;
  /** URL slug; derived from the title when the feed has none. */
  dir: string;
  description: string;
  /** Unix seconds, or null for "when imported". */
  postDate: number | null;
  duration: number;
  /** The player URL (the iframe's src), on an allow-listed host. */
  embedUrl: string;
  thumbUrl: string | null;
  thumbs: string[];
  previewUrl: string | null;
  categories: string[];
  tags: string[];
  models: string[];
  views: number;
  likes: number;
  dislikes: number;
}

export interface Rejection {
  line: number;
  reason: string;
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
