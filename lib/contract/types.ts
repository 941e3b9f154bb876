/**
 * The app's own types. Pages and components see only these; the raw API fields
 * (video_id, video_viewed, scr, ...) stay inside the sources and the API, and are reshaped by lib/kvs/reshape.ts.
 */

/**
 * The listing pages' sorts, the ones the filter offers: the spec's four (docs/spec.md §2), then the
 * two its texts add (EXTRA_SORTS), each a real order of its own.
 */
export const SORTS = ['latest-updates', 'most-popular', 'top-rated', 'longest', 'most-viewed', 'most-commented'] as const;
export type PageSort = (typeof SORTS)[number];
/** The sorts the texts add to the spec's four: most views of all time, most comments. */
export const EXTRA_SORTS = ['most-viewed', 'most-commented'] as const satisfies readonly PageSort[];
export type ExtraSort = (typeof EXTRA_SORTS)[number];
/** Every sort the API takes: the same as the pages'. */
export const ALL_SORTS = SORTS;
export type Sort = (typeof ALL_SORTS)[number];

export const DATES = ['all', 'day', 'week', 'month'] as const;
export type DateFilter = (typeof DATES)[number];

/**
 * The sorts the date filter applies to (docs/spec.md §2), ranked by the period's own views and
 * votes (period-stats.ts in lib/catalog/sqlite and lib/catalog/postgres). The one place this rule
 * is written.
 */
export const DATE_SORTS = ['most-popular', 'top-rated'] as const;
export type DateSort = (typeof DATE_SORTS)[number];

export function sortHasDate(sort: Sort): sort is DateSort {
  return (DATE_SORTS as readonly Sort[]).includes(sort);
}

/** Duration filter: 1 under 10 minutes, 2 from 10 to 40 minutes, 3 over 40 minutes. */
export const DURATIONS = ['all', '1', '2', '3'] as const;
export type DurationFilter = (typeof DURATIONS)[number];
/**
 * The durations the filter offers (docs/spec.md §2: options 1 and 2, and any). The API takes every
 * one; a page URL with another redirects to the page without it (lib/web/routes.ts).
 */
export const PAGE_DURATIONS = ['all', '1', '2'] as const satisfies readonly DurationFilter[];

/**
 * The orientations (the API's `gender`; the spec's "video type"): every video has one, and every
 * list, search, related list and index is of one. Straight is the default, as on the network.
 */
export const ORIENTATIONS = ['str', 'gay', 'she'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const DEFAULT_ORIENTATION: Orientation = 'str';

/**
 * The sorts of the model and channel indexes: by name, most videos, most popular (views of its
 * videos), newest (added last). The API also takes the network's spellings (lib/kvs/route-params.ts).
 */
export const ENTITY_SORTS = ['title', 'count-videos', 'most-popular', 'newest'] as const;
export type EntitySort = (typeof ENTITY_SORTS)[number];

/** The category index's sorts: by title, by count of videos, the category with the newest video first. */
export const CATEGORY_SORTS = ['title', 'count-videos', 'recent'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export interface VideoSummary {
  id: number;
  dir: string;
  title: string;
  /** Absolute or root-relative URL of the main thumbnail. */
  thumb: string;
  /** Rotating preview frames (may be empty). */
  thumbs: string[];
  /** Short preview clip played on hover (may be null). */
  preview: string | null;
  /** Seconds. */
  duration: number;
  views: number;
  /** ISO 8601 with time zone. */
  postDate: string;
  /** Rating value as the API gives it (0..5 scale); null when unknown. */
  rating: number | null;
  sgId: string;
}

export interface CategoryRef {
  title: string;
  dir: string;
}

/** status_id 5: the page shows, but no stat is sent, no history entry added, no related loaded (docs/spec.md §4). */
export const STATS_DISABLED_STATUS = 5;

export function statsDisabled(video: { statusId: number }): boolean {
  return video.statusId === STATS_DISABLED_STATUS;
}

export interface VideoDetail extends VideoSummary {
  embed: string;
  description: string;
  statusId: number;
  categories: CategoryRef[];
  tags: string[];
  likes: number;
  dislikes: number;
  username: string;
  exTube: string;
  exId: string;
}

/** A playable file of a video (from /api/videofile.php, decoded). */
export interface VideoFile {
  /** The network's format suffix, e.g. "_sd.mp4". */
  format: string;
  /** Root-relative (to the API's origin) or absolute URL. */
  url: string;
}

/** A video of a sitemap: the list item and its description. */
export interface SitemapVideo extends VideoSummary {
  description: string;
}

/** One video sitemap file: its number and the post date of its newest video (ISO 8601). */
export interface SitemapFile {
  n: number;
  lastmod: string;
}

export interface VideoList {
  videos: VideoSummary[];
  /** Total matching videos; null when the source did not say. */
  total: number | null;
}

export interface Category {
  title: string;
  dir: string;
  totalVideos: number;
  thumb: string | null;
}

export interface Suggestions {
  keywords: string[];
  categories: Category[];
}

export interface TopStats {
  keywords: string[];
  models: string[];
  channels: string[];
  categories: Category[];
}

/** Result of a vote or another action posted to /api/input.php. */
export type ActionResult = { ok: true } | { ok: false; code: string; info?: Record<string, string> };
