/**
 * A feed row after parsing and validation: what every catalogue writer stores. It belongs to the
 * catalogue (the writers' input), so that lib/import depends on lib/catalog and never the reverse.
 */
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
