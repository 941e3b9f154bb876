/**
 * Raw API shapes (spec field names) to the app's types. Upstreams differ from the spec's shapes in
 * ways real clients of the network have to live with, and so do these functions: numbers sent as
 * strings ("15234", "4.6"), durations as "7:47", "07:47", "1:02:03" or seconds, optional fields
 * missing or null, a video's categories and tags as an object keyed by id rather than a list,
 * keywords as strings or as { title } objects. Entries that cannot be shown (a video without an
 * id, a category without a dir) are dropped; nothing here throws on odd input.
 */
import { parseDuration } from '@/lib/web/format';
import type { Category, CategoryRef, Suggestions, TopStats, VideoDetail, VideoFile, VideoList, VideoSummary } from '@/lib/contract/types';
import type { Num, RawCategory, RawStatsResponse, RawVideo, RawVideoDetail, RawVideosResponse } from '@/lib/contract/raw';
import { decodeVideoUrl } from '@/lib/contract/video-url-codec';

type Loose = Record<string, unknown>;

function isObject(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A whole number from a number or a numeric string ("15234", " 42 ", "4.6"); 0 otherwise. */
export function toInt(value: Num | null | undefined | unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value.trim()) : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A count: a whole number, never negative. */
function toCount(value: unknown): number {
  return Math.max(0, toInt(value));
}

function toNum(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** Text of a string or number field; '' for anything else (null, objects, arrays). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function strings(list: unknown): string[] {
  return Array.isArray(list) ? list.map(text).filter(Boolean) : [];
}

/** A URL-safe dir made from a title, for upstreams that leave `dir` out. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** "YYYY-MM-DD HH:MM:SS" (UTC, the KVS form) or ISO 8601, to ISO 8601 with time zone. */
export function toIsoDate(value: unknown): string {
  const v = text(value).trim();
  const kvs = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(v);
  const t = Date.parse(kvs ? `${kvs[1]}T${kvs[2]}Z` : v);
  return Number.isFinite(t) ? new Date(t).toISOString() : new Date(0).toISOString();
}

function durationOf(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' ? parseDuration(value) : 0;
}

/** The fields a list item and a video detail share; they differ in where the thumbnail and views are. */
function summaryOf(r: Loose, thumb: string, views: unknown): VideoSummary {
  const id = toInt(r.video_id ?? r.id);
  const title = text(r.title).trim();
  const stats = isObject(r.statistics) ? r.statistics : {};
  return {
    id,
    dir: text(r.dir).trim() || slugify(title) || String(id),
    title,
    thumb,
    thumbs: strings(r.thumbs),
    preview: text(r.preview_url) || null,
    duration: durationOf(r.duration),
    views: toCount(views),
    postDate: toIsoDate(r.post_date),
    rating: toNum(r.rating ?? stats.rating),
    sgId: text(r.sg_id),
  };
}

export function toVideoSummary(raw: RawVideo): VideoSummary {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const stats = isObject(r.statistics) ? r.statistics : {};
  return summaryOf(r, text(r.scr) || text(r.scr1) || text(r.img) || text(r.thumb) || text(r.thumbsrc), r.video_viewed ?? stats.viewed);
}

export function toVideoList(raw: RawVideosResponse): VideoList {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const videos = Array.isArray(r.videos)
    ? r.videos.filter(isObject).map((v) => toVideoSummary(v as unknown as RawVideo)).filter((v) => v.id > 0)
    : [];
  const total = toNum(r.total_count);
  return { videos, total: total === null ? null : Math.max(0, Math.trunc(total)) };
}

export function toCategory(raw: RawCategory): Category {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const title = text(r.title).trim();
  return {
    title,
    dir: text(r.dir).trim(),
    totalVideos: toCount(r.total_videos),
    thumb: text(r.scr) || null,
  };
}

/** The categories that can be linked (a dir and a title), from a list or an object keyed by id. */
export function toCategories(raw: unknown): Category[] {
  const list = Array.isArray(raw) ? raw : isObject(raw) ? Object.values(raw) : [];
  return list.filter(isObject).map((c) => toCategory(c as unknown as RawCategory)).filter((c) => c.dir && c.title);
}

/** A video's categories or tags: a list, or (as the network sends them) an object keyed by id. */
function toRefs(raw: unknown): CategoryRef[] {
  const list = Array.isArray(raw) ? raw : isObject(raw) ? Object.values(raw) : [];
  return list
    .filter(isObject)
    .map((c) => {
      const title = text(c.title).trim();
      return { title, dir: text(c.dir).trim() || slugify(title) };
    })
    .filter((c) => c.title && c.dir);
}

export function toVideoDetail(raw: RawVideoDetail): VideoDetail {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const stats = isObject(r.statistics) ? r.statistics : {};
  const user = isObject(r.user) ? r.user : {};
  return {
    ...summaryOf(r, text(r.thumbsrc) || text(r.thumb) || text(r.scr), stats.viewed ?? r.video_viewed),
    embed: text(r.embed),
    description: text(r.description),
    statusId: toInt(r.status_id ?? 1),
    categories: toRefs(r.categories),
    tags: toRefs(r.tags).map((t) => t.title),
    likes: toCount(stats.likes),
    dislikes: toCount(stats.dislikes),
    username: text(user.username) || text(user.display_name),
    exTube: text(r.ex_tube),
    exId: text(r.ex_id),
  };
}

/** Keywords, models, channels: strings, or objects with a title. */
function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((k) => (isObject(k) ? text(k.title) || text(k.keyword) || text(k.name) : text(k)).trim()).filter(Boolean);
}

export function toTopStats(raw: RawStatsResponse): TopStats {
  const r = (isObject(raw) ? raw : {}) as Loose;
  return {
    keywords: names(r.keywords),
    models: names(r.models),
    channels: names(r.channels),
    categories: toCategories(r.categories),
  };
}

export function toSuggestions(raw: unknown): Suggestions {
  const r = isObject(raw) ? raw : {};
  return { keywords: names(r.keywords), categories: toCategories(r.categories) };
}

/** The decoded files of a videofile answer, best last as the network lists them; undecodable entries are dropped. */
export function toVideoFiles(raw: unknown): VideoFile[] {
  if (!Array.isArray(raw)) return [];
  const files: VideoFile[] = [];
  for (const entry of raw) {
    if (!isObject(entry)) continue;
    const url = typeof entry.video_url === 'string' ? decodeVideoUrl(entry.video_url) : null;
    if (url) files.push({ format: text(entry.format), url });
  }
  return files;
}
