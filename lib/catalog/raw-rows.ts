/**
 * The rows both stores select for a list item and a video page, and the raw answers
 * (docs/spec.md §3) made from them: each store writes its own SQL, the answer is written once.
 */
import type { RawEntity, RawVideo, RawVideoDetail } from '@/lib/contract/raw';
import { formatDuration } from '@/lib/web/format';
import { orientationOf } from './entity-kinds';
import { formatPostDate } from './filters';
import { embedUrl, PREVIEW_URL, thumbUrl, thumbUrls } from './media-urls';
import type { EntityListRow } from './store';

/** The columns a list item needs. */
export interface VideoListRow {
  id: number;
  dir: string;
  title: string;
  duration: number;
  post_date: number;
  views: number;
  rating: number;
  sg_id: number;
  /** Media of an imported video (from its feed); null for demo videos, whose media are generated. */
  thumb_url: string | null;
  thumbs: string | null;
  preview_url: string | null;
  /** The orientation's number (entity-kinds.ts). */
  gender: number;
  /** Its models' titles, comma-separated in model id order; null or '' for none. */
  models: string | null;
}

/** A video's row as both catalogues select it for its page (either store). */
export interface DetailRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  duration: number;
  post_date: number;
  status_id: number;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  sg_id: number;
  ex_tube: string;
  ex_id: number;
  username: string;
  embed_url: string | null;
  thumb_url: string | null;
  thumbs: string | null;
  preview_url: string | null;
  gender: number;
  comments: number;
}

/** What a video page names besides its categories and tags: its models and channel. */
export interface DetailPeople {
  models: { title: string; dir: string }[];
  channel: { title: string; dir: string } | null;
}

/** A video's thumbnail, frames and preview: the feed's URLs for an imported video, else generated ones. */
export function mediaOf(row: { id: number; thumb_url: string | null; thumbs: string | null; preview_url: string | null }) {
  if (row.thumb_url === null) return { scr: thumbUrl(row.id), thumbs: thumbUrls(row.id), preview_url: PREVIEW_URL };
  const frames = JSON.parse(row.thumbs ?? '[]') as string[];
  return { scr: row.thumb_url, thumbs: frames.length > 0 ? frames : [row.thumb_url], preview_url: row.preview_url ?? '' };
}

/**
 * A list item with every field of docs/spec.md §3. `scr1` is the second screenshot and `img` the
 * card image (the main screenshot); `isWatchLater` is always false here: bookmarks live in the
 * visitor's browser, which marks its own.
 */
export function toRawVideo(row: VideoListRow): RawVideo {
  const media = mediaOf(row);
  return {
    video_id: row.id,
    id: row.id,
    dir: row.dir,
    title: row.title,
    scr: media.scr,
    scr1: media.thumbs[1] ?? media.scr,
    img: media.scr,
    isWatchLater: false,
    thumbs: media.thumbs,
    preview_url: media.preview_url,
    duration: row.duration,
    video_viewed: row.views,
    sg_id: row.sg_id,
    post_date: formatPostDate(row.post_date),
    rating: row.rating,
    models: row.models ?? '',
    gender: orientationOf(row.gender),
  };
}

/** A model or channel of the index answers (and a list's section object), in the network's shape. */
export function toRawEntity(e: EntityListRow): RawEntity {
  const scr = mediaOf({ id: e.top_video_id, thumb_url: e.thumb_url, thumbs: e.thumbs, preview_url: e.preview_url }).scr;
  return {
    title: e.title,
    dir: e.dir,
    statistics: { videos: e.videos, viewed: e.views },
    scr,
    toptn: [{ scr }],
    added_date: formatPostDate(e.added_at),
  };
}

/**
 * The video page's raw answer (docs/spec.md §3) from its row, categories, tags (total_videos: the
 * tag's listable videos of the video's orientation) and models and channel.
 */
export function toRawVideoDetail(
  row: DetailRow,
  categories: { title: string; dir: string }[],
  tags: { title: string; dir: string; total_videos?: number }[],
  people: DetailPeople = { models: [], channel: null },
): RawVideoDetail {
  const media = mediaOf(row);
  return {
    video_id: row.id,
    title: row.title,
    dir: row.dir,
    description: row.description,
    embed: row.embed_url ?? embedUrl(row.id),
    thumbsrc: media.scr,
    thumbs: media.thumbs,
    preview_url: media.preview_url,
    post_date: formatPostDate(row.post_date),
    status_id: row.status_id,
    // As the network sends it ("12:34"): its clients parse this form (yt-dlp ignores a bare number).
    duration: formatDuration(row.duration),
    rating: row.rating,
    categories,
    tags,
    models: people.models,
    channel: people.channel,
    gender: orientationOf(row.gender),
    comments: row.comments,
    statistics: { viewed: row.views, likes: row.likes, dislikes: row.dislikes },
    user: { username: row.username },
    sg_id: row.sg_id,
    ex_tube: row.ex_tube,
    ex_id: row.ex_id,
  };
}
