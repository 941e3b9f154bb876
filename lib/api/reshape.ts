/** Raw API shapes (spec field names) to the app's types. Tolerant of strings where numbers are expected. */
import { parseDuration } from '@/lib/format';
import type { Category, CategoryRef, TopStats, VideoDetail, VideoFile, VideoList, VideoSummary } from '@/lib/types';
import type { Num, RawCategory, RawStatsResponse, RawVideo, RawVideoDetail, RawVideosResponse } from './raw';
import { decodeVideoUrl } from './video-url-codec';

export function toInt(value: Num | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function toNum(value: Num | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

/** "YYYY-MM-DD HH:MM:SS" (UTC, the KVS form) or ISO 8601, to ISO 8601 with time zone. */
export function toIsoDate(value: string): string {
  const v = String(value ?? '').trim();
  const kvs = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(v);
  const t = Date.parse(kvs ? `${kvs[1]}T${kvs[2]}Z` : v);
  return Number.isFinite(t) ? new Date(t).toISOString() : new Date(0).toISOString();
}

export function toVideoSummary(raw: RawVideo): VideoSummary {
  return {
    id: toInt(raw.video_id ?? raw.id),
    dir: String(raw.dir ?? ''),
    title: String(raw.title ?? ''),
    thumb: String(raw.scr || raw.scr1 || raw.img || ''),
    thumbs: Array.isArray(raw.thumbs) ? raw.thumbs.map(String) : [],
    preview: raw.preview_url ? String(raw.preview_url) : null,
    duration: parseDuration(raw.duration),
    views: toInt(raw.video_viewed),
    postDate: toIsoDate(raw.post_date),
    rating: toNum(raw.rating),
    sgId: String(raw.sg_id ?? ''),
  };
}

export function toVideoList(raw: RawVideosResponse): VideoList {
  const videos = Array.isArray(raw.videos) ? raw.videos.map(toVideoSummary).filter((v) => v.id > 0) : [];
  const total = toNum(raw.total_count);
  return { videos, total: total === null ? null : Math.max(0, Math.trunc(total)) };
}

export function toCategory(raw: RawCategory): Category {
  return {
    title: String(raw.title ?? ''),
    dir: String(raw.dir ?? ''),
    totalVideos: toInt(raw.total_videos),
    thumb: raw.scr ? String(raw.scr) : null,
  };
}

function toRefs(list: { title: string; dir: string }[] | undefined): CategoryRef[] {
  return Array.isArray(list) ? list.map((c) => ({ title: String(c.title), dir: String(c.dir) })) : [];
}

export function toVideoDetail(raw: RawVideoDetail): VideoDetail {
  return {
    id: toInt(raw.video_id),
    dir: String(raw.dir ?? ''),
    title: String(raw.title ?? ''),
    thumb: String(raw.thumbsrc ?? ''),
    thumbs: Array.isArray(raw.thumbs) ? raw.thumbs.map(String) : [],
    preview: raw.preview_url ? String(raw.preview_url) : null,
    duration: parseDuration(raw.duration),
    views: toInt(raw.statistics?.viewed),
    postDate: toIsoDate(raw.post_date),
    rating: toNum(raw.rating),
    sgId: String(raw.sg_id ?? ''),
    embed: String(raw.embed ?? ''),
    description: String(raw.description ?? ''),
    statusId: toInt(raw.status_id),
    categories: toRefs(raw.categories),
    tags: toRefs(raw.tags).map((t) => t.title),
    likes: toInt(raw.statistics?.likes),
    dislikes: toInt(raw.statistics?.dislikes),
    username: String(raw.user?.username ?? ''),
    exTube: String(raw.ex_tube ?? ''),
    exId: String(raw.ex_id ?? ''),
  };
}

export function toTopStats(raw: RawStatsResponse): TopStats {
  const strings = (list: unknown) => (Array.isArray(list) ? list.map(String).filter(Boolean) : []);
  return {
    keywords: strings(raw.keywords),
    models: strings(raw.models),
    channels: strings(raw.channels),
    categories: Array.isArray(raw.categories) ? raw.categories.map(toCategory) : [],
  };
}

/** The decoded files of a videofile answer, best last as the network lists them; undecodable entries are dropped. */
export function toVideoFiles(raw: unknown): VideoFile[] {
  if (!Array.isArray(raw)) return [];
  const files: VideoFile[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { format, video_url: encoded } = entry as { format?: unknown; video_url?: unknown };
    const url = typeof encoded === 'string' ? decodeVideoUrl(encoded) : null;
    if (url) files.push({ format: typeof format === 'string' ? format : '', url });
  }
  return files;
}
