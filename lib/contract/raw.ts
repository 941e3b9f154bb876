/**
 * Raw shapes of the KVS-compatible API, with the field names of docs/spec.md §3 and §7.
 * Only lib/kvs, lib/upstream and lib/data (and the embedded catalogue, which produces them) may use these.
 * Numeric fields may arrive as numbers or as strings from an upstream; the reshape
 * functions in lib/kvs/reshape.ts accept both. The embedded catalogue emits numbers.
 */

import type { Orientation } from './types';

export type Num = number | string;

/** A notification code attached to an error answer (docs/spec.md §8). */
export interface RawCode {
  field: string;
  code: string;
  info?: Record<string, string>;
}

export interface RawError {
  error: 1;
  code: string;
  codes?: RawCode[];
}

export interface RawVideo {
  video_id: Num;
  id?: Num;
  dir: string;
  title: string;
  /** Main thumbnail URL: absolute in the embedded catalogue's answers, as the network's are. */
  scr: string;
  scr1?: string;
  img?: string;
  thumbs: string[];
  preview_url: string;
  /** Seconds, or "m:ss" / "h:mm:ss". */
  duration: Num;
  video_viewed: Num;
  sg_id: Num;
  isWatchLater?: boolean;
  /** "YYYY-MM-DD HH:MM:SS" in UTC, or ISO 8601. */
  post_date: string;
  rating?: Num;
  /** The video's models' titles, comma-separated, as the network sends them ('' for none). */
  models?: string;
  /** 'str', 'gay' or 'she'. */
  gender?: string;
}

/** A video of a sitemap: the list item and its description (the embedded catalogue only). */
export interface RawSitemapVideo extends RawVideo {
  description: string;
}

/** One id range of the video sitemaps: how many videos it lists and when the newest was posted. */
export interface RawSitemapRange {
  range: number;
  videos: number;
  /** post_date of the newest video of the range. */
  last_post_date: string;
}

export interface RawCategory {
  category_id?: Num;
  title: string;
  dir: string;
  total_videos: Num;
  scr?: string;
}

export interface RawVideosResponse {
  videos: RawVideo[];
  total_count: Num;
  /** The section's own category, model, channel or tag (its one entry), when the list is of one. */
  categories?: RawCategory[];
  models?: RawModel[];
  channels?: RawChannel[];
  tags?: RawTag[];
  error?: 0 | 1;
  code?: string;
}

export interface RawVideoDetail {
  video_id: Num;
  title: string;
  dir: string;
  description: string;
  embed: string;
  thumbsrc: string;
  thumbs?: string[];
  preview_url: string;
  post_date: string;
  status_id: Num;
  duration: Num;
  rating?: Num;
  categories: { title: string; dir: string }[];
  /** total_videos: the tag's listable videos (a page links a tag from MIN_TAG_VIDEOS on). */
  tags?: { title: string; dir: string; total_videos?: Num }[];
  models?: { title: string; dir: string }[];
  /** The channel (content source) it comes from; absent or null for none. */
  channel?: { title: string; dir: string } | null;
  /** 'str', 'gay' or 'she'. */
  gender?: string;
  comments?: Num;
  statistics: { viewed: Num; likes: Num; dislikes: Num };
  user: { username: string };
  sg_id: Num;
  ex_tube: string;
  ex_id: Num;
}

export type RawVideoResponse = { video: RawVideoDetail; error?: 0 } | RawError;

export interface RawStatsResponse {
  keywords: string[];
  models: string[];
  channels: string[];
  categories: RawCategory[];
}

/** /api//json/suggester/{lifetime}/{count}.json: the top keywords, most searched first. */
export interface RawSuggesterResponse {
  keywords: string[];
}

/** /api/suggester.php?c=: suggestions for a typed text. */
export interface RawSuggestResponse {
  keywords: string[];
  categories: RawCategory[];
}

export interface RawCategoriesResponse {
  categories: RawCategory[];
}

/** A tag, as the section's object of a list by tag. */
export interface RawTag {
  tag_id?: Num;
  title: string;
  dir: string;
  total_videos: Num;
}

/**
 * A model (performer) or channel (content source) of the index answers, in the network's shape:
 * its clients read title, dir, statistics.videos and toptn[0].scr (a thumbnail of a top video).
 */
export interface RawEntity {
  title: string;
  dir: string;
  statistics: { videos: Num; viewed?: Num };
  /** Absolute URL of a thumbnail of one of its videos; toptn repeats it as the network does. */
  scr?: string;
  toptn?: { scr: string }[];
  /** "YYYY-MM-DD HH:MM:SS" UTC: when it was added to the catalogue. */
  added_date?: string;
}

export interface RawModel extends RawEntity {
  model_id: Num;
}

export interface RawChannel extends RawEntity {
  channel_id: Num;
}

export interface RawModelsResponse {
  models: RawModel[];
  total_count: Num;
}

export interface RawChannelsResponse {
  channels: RawChannel[];
  total_count: Num;
}

/**
 * One model, channel or tag of the sitemaps: its dir and the orientations its pages answer in (a
 * page of an orientation without its listable videos is a 404; a tag's is listed from
 * MIN_TAG_VIDEOS on, as its page is indexed), in ORIENTATIONS order; `videos` and `last_post_date`
 * are over those orientations.
 */
export interface RawSitemapEntity {
  dir: string;
  videos: number;
  last_post_date: string;
  orientations: RawSitemapOrientation[];
}

/** One orientation of a sitemap entity: its listable videos there and its newest one's post_date. */
export interface RawSitemapOrientation {
  orientation: Orientation;
  videos: number;
  last_post_date: string;
}

/**
 * One file of /api/videofile.php, as the network answers it: a list of these, worst quality first
 * (yt-dlp ranks a later entry higher). `video_url` is encoded (./video-url-codec.ts) and decodes
 * to a root-relative or absolute URL; `format` is the file's suffix, e.g. "_sd.mp4", "_hq.mp4".
 */
export interface RawVideoFile {
  format: string;
  video_url: string;
}

export type RawVideoFileResponse = RawVideoFile[];

export type RawInputResponse = { ok: 1 } | RawError;
