/**
 * Models, channels and tags as the pages see them, from the raw answers: an index's entries, the
 * section entry of a list of one model's, channel's or tag's videos (its title, its count of
 * videos), and a video's credits (models, channel, tags with their counts). Raw fields are read as
 * loosely as lib/kvs/reshape.ts reads a video's (numbers as strings, missing fields, objects keyed
 * by id), so an upstream's odd answers show what can be shown and never throw.
 */
import { MIN_TAG_VIDEOS } from '@/lib/contract/constants';
import type { RawVideoDetail, RawVideosResponse } from '@/lib/contract/raw';
import { DEFAULT_ORIENTATION, ORIENTATIONS, type CategoryRef, type Orientation } from '@/lib/contract/types';
import { slugify, toInt, toIsoDate } from '@/lib/kvs/reshape';
import type { SectionKind } from '@/lib/web/routes';

/** A model or channel of an index page. */
export interface Entity {
  title: string;
  dir: string;
  videos: number;
  /** Views of its videos, when the source says. */
  views: number | null;
  thumb: string | null;
  /** ISO 8601: when it was added to the catalogue; null when the source does not say. */
  added: string | null;
}

/** The model, channel or tag a list is of: its name and its count of (listable) videos. */
export interface SectionEntity extends CategoryRef {
  videos: number;
}

/** A tag of a video: linked (and indexed) only from MIN_TAG_VIDEOS videos on. */
export interface TagRef extends SectionEntity {
  linked: boolean;
}

/** What a video page shows of a video besides its detail: who is in it, where it is from, its tags. */
export interface VideoCredits {
  models: CategoryRef[];
  channel: CategoryRef | null;
  tags: TagRef[];
  /** Its orientation: its links lead into that section (an unknown one reads as straight, the default). */
  orientation: Orientation;
}

type Loose = Record<string, unknown>;
export const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
/** A list, or (as the network sends a video's categories and tags) an object keyed by id. */
export const entries = (v: unknown): Loose[] => (Array.isArray(v) ? v : isObject(v) ? Object.values(v) : []).filter(isObject);

function refOf(r: Loose): CategoryRef | null {
  const title = text(r.title);
  const dir = text(r.dir) || slugify(title);
  return title && dir ? { title, dir } : null;
}

export function toEntity(r: Loose): Entity | null {
  const ref = refOf(r);
  if (!ref) return null;
  const stats = isObject(r.statistics) ? r.statistics : {};
  const top = entries(r.toptn)[0];
  const added = text(r.added_date);
  return {
    ...ref,
    videos: Math.max(0, toInt(stats.videos ?? r.total_videos)),
    views: stats.viewed === undefined ? null : Math.max(0, toInt(stats.viewed)),
    thumb: text(r.scr) || (top ? text(top.scr) : '') || null,
    added: added ? toIsoDate(added) : null,
  };
}

/** The section entry of a list answer (its one model, channel or tag), when it names one. */
export function sectionEntityOf(raw: RawVideosResponse, kind: Exclude<SectionKind, 'category'>): SectionEntity | null {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const first = entries(r[`${kind}s`])[0];
  const ref = first && refOf(first);
  if (!first || !ref) return null;
  const stats = isObject(first.statistics) ? first.statistics : {};
  return { ...ref, videos: Math.max(0, toInt(first.total_videos ?? stats.videos)) };
}

/** A video's models, channel and tags (tags with their counts: a tag without one is not linked). */
export function toVideoCredits(raw: RawVideoDetail): VideoCredits {
  const r = (isObject(raw) ? raw : {}) as Loose;
  const refs = (v: unknown) => entries(v).flatMap((e) => refOf(e) ?? []);
  const channel = isObject(r.channel) ? refOf(r.channel) : null;
  const tags = entries(r.tags).flatMap((e): TagRef[] => {
    const ref = refOf(e);
    if (!ref) return [];
    const videos = Math.max(0, toInt(e.total_videos));
    return [{ ...ref, videos, linked: videos >= MIN_TAG_VIDEOS }];
  });
  const orientation = (ORIENTATIONS as readonly unknown[]).includes(r.gender) ? (r.gender as Orientation) : DEFAULT_ORIENTATION;
  return { models: refs(r.models), channel, tags, orientation };
}

