/**
 * The records kept in the browser database, with the spec's raw field names (docs/spec.md §3), and
 * the one place that maps them to and from the app's VideoSummary. Records written by an
 * earlier version of the site on the same origin are read leniently (strings for numbers).
 */
import type { VideoSummary } from '@/lib/contract/types';
import type { StorableVideo } from './storable';

export interface StoredVideo {
  /** Auto-increment key; absent before the record is added. */
  id?: number;
  video_id: number;
  dir: string;
  title: string;
  scr: string;
  preview_url: string;
  duration: number;
  post_date: string;
  video_viewed: number;
  sg_id: string;
}

export interface StoredHistoryVideo extends StoredVideo {
  ex_tube: string;
  ex_id: string;
}

/** A history entry as the app sees it: the video plus the record key used to delete it. */
export interface HistoryEntry {
  key: number;
  video: VideoSummary;
}

const MAX_TEXT = 2048;

function text(v: unknown, max = MAX_TEXT): string {
  return typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function count(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

/** Seconds, from a number, a numeric string, or "m:ss" / "h:mm:ss". */
function seconds(v: unknown): number {
  if (typeof v === 'string' && /^\d{1,3}(:\d{1,2}){1,2}$/.test(v.trim())) {
    return v
      .trim()
      .split(':')
      .reduce((total, part) => total * 60 + Number(part), 0);
  }
  return count(v);
}

function positiveId(v: unknown): number | null {
  const n = count(v);
  return n > 0 && n <= Number.MAX_SAFE_INTEGER ? n : null;
}

export { storableVideo, type StorableVideo } from './storable';

export function toStoredVideo(video: StorableVideo): StoredVideo {
  return {
    video_id: video.id,
    dir: video.dir,
    title: video.title,
    scr: video.thumb,
    preview_url: video.preview ?? '',
    duration: video.duration,
    post_date: video.postDate,
    video_viewed: video.views,
    sg_id: video.sgId,
  };
}

export function toStoredHistoryVideo(video: StorableVideo & { exTube?: string; exId?: string }): StoredHistoryVideo {
  return { ...toStoredVideo(video), ex_tube: video.exTube ?? '', ex_id: video.exId ?? '' };
}

/** A VideoSummary from a stored (or imported) record; null when the record has no usable video_id. */
export function fromStoredVideo(record: unknown): VideoSummary | null {
  if (typeof record !== 'object' || record === null) return null;
  const r = record as Record<string, unknown>;
  const id = positiveId(r.video_id);
  if (id === null) return null;
  const preview = text(r.preview_url);
  return {
    id,
    dir: text(r.dir, 256),
    title: text(r.title, 512),
    thumb: text(r.scr),
    thumbs: [],
    preview: preview === '' ? null : preview,
    duration: seconds(r.duration),
    views: count(r.video_viewed),
    postDate: text(r.post_date, 64),
    rating: null,
    sgId: text(r.sg_id, 64),
  };
}

/** Cleans an untrusted record (an import file) into a storable one, or null. */
export function sanitizeStoredVideo(record: unknown): StoredVideo | null {
  const video = fromStoredVideo(record);
  return video ? toStoredVideo(video) : null;
}

export function sanitizeStoredHistoryVideo(record: unknown): StoredHistoryVideo | null {
  const video = fromStoredVideo(record);
  if (!video) return null;
  const r = record as Record<string, unknown>;
  return toStoredHistoryVideo({ ...video, exTube: text(r.ex_tube, 256), exId: text(r.ex_id, 256) });
}
