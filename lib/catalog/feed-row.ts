import type { Orientation } from '@/lib/contract/types';

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
  /** Model (performer) names, as the feed gives them. */
  models: string[];
  /** The channel (content source, sponsor) name; absent or null for none. */
  channel?: string | null;
  /** Absent when the feed does not say: the writers store DEFAULT_ORIENTATION ('str'). */
  orientation?: Orientation;
  /** The feed's comments count; absent counts as 0. */
  comments?: number;
  views: number;
  likes: number;
  dislikes: number;
}
