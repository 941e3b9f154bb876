import { reduceEmbed } from './embed';
import { fieldTooLong, MAX_FIELD_CHARS } from './limits';
import { ORIENTATION_SPELLINGS, orientationOf } from './orientation';
import type { FeedItem, RawRecord } from './types';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { slugify } from '@/lib/catalog/slugify';
import { DEFAULT_ORIENTATION } from '@/lib/contract/types';

/** Every KVS feed field this importer understands; `pass` skips a column. */
export const KVS_FIELDS = [
  'id', 'title', 'dir', 'description', 'post_date', 'content_source', 'content_source_url', 'link', 'categories',
  'tags', 'duration', 'embed', 'main_screenshot', 'rating', 'votes', 'popularity', 'models', 'screenshots',
  'preview_url', 'duration_hhmmss', 'channel', 'sponsor', 'paysite', 'orientation', 'gender', 'comments', 'pass',
] as const;

/**
 * The names feeds give a video's channel (KVS: its content source), its orientation (the network
 * and KVS: gender) and its comments count, the first with a value winning.
 */
const CHANNEL_FIELDS = ['content_source', 'channel', 'sponsor', 'paysite'];
const ORIENTATION_FIELDS = ['orientation', 'gender'];
const COMMENTS_FIELDS = ['comments', 'comments_count'];

export const DEFAULT_KVS_COLUMNS = [
  'id', 'title', 'dir', 'description', 'post_date', 'content_source', 'content_source_url', 'link', 'categories',
  'tags', 'duration', 'embed', 'main_screenshot',
];

const URL_FIELDS = ['main_screenshot', 'preview_url', 'link', 'content_source_url'] as const;
const MAX_TITLE = 255;
const MAX_TEXT = 5000;
const MAX_LIST = 50;
/** A category, tag, model or channel name. */
const MAX_NAME = 100;
/** An HTML tag, comment or entity-encoded tag outside the embed field. */
const HTML_RE = /<\s*[a-z!/?]|&lt;\s*[a-z/]/i;
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

class Reject extends Error {
  constructor(
    reason: string,
    readonly embedHost?: string,
  ) {
    super(reason);
  }
}

function fail(reason: string, embedHost?: string): never {
  throw new Reject(reason, embedHost);
}

function text(fields: Map<string, string>, name: string, max: number): string {
  const v = (fields.get(name) ?? '').trim();
  if (HTML_RE.test(v)) fail(`HTML in ${name}`);
  if (CONTROL_RE.test(v)) fail(`control character in ${name}`);
  if (v.length > max) fail(`${name} longer than ${max} characters`);
  return v;
}

function httpUrl(value: string, name: string): string {
  const v = value.trim().startsWith('//') ? `https:${value.trim()}` : value.trim();
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    fail(`${name} is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') fail(`${name} is not an http(s) URL`);
  return u.toString();
}

function list(fields: Map<string, string>, name: string, sep: string): string[] {
  const raw = text(fields, name, MAX_TEXT);
  if (!raw) return [];
  const items = [...new Set(raw.split(sep).map((s) => s.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  return items.slice(0, MAX_LIST).map((s) => (s.length > MAX_NAME ? fail(`${name} item longer than ${MAX_NAME} characters`) : s));
}

/** The first of `names` that has a value, and that value (trimmed). */
function firstOf(fields: Map<string, string>, names: readonly string[]): [string, string] | null {
  for (const name of names) {
    const v = (fields.get(name) ?? '').trim();
    if (v) return [name, v];
  }
  return null;
}

/**
 * The channel, orientation and comments count, each left out of the row when the feed gives none
 * (the writers store no channel, straight and 0): a row's digest covers what it holds, so the rows
 * of a feed without these columns keep the digest they had before there were any, and its
 * re-import finds them unchanged; a channel, orientation or count that changes is an update.
 */
function contentFields(fields: Map<string, string>): Pick<FeedRow, 'channel' | 'orientation' | 'comments'> {
  const out: Pick<FeedRow, 'channel' | 'orientation' | 'comments'> = {};
  const channel = firstOf(fields, CHANNEL_FIELDS);
  if (channel) {
    const name = text(fields, channel[0], MAX_TEXT).replace(/\s+/g, ' ');
    if (name.length > MAX_NAME) fail(`${channel[0]} longer than ${MAX_NAME} characters`);
    out.channel = name;
  }
  const given = firstOf(fields, ORIENTATION_FIELDS);
  if (given) {
    // An unknown value rejects the row rather than falling back to straight: a gay or trans video
    // filed as straight would be listed in the default section, which is worse than a row the
    // operator is told about (by line and value) and can map.
    const o = orientationOf(given[1]);
    if (o === null) fail(`${given[0]} ${JSON.stringify(given[1].slice(0, 30))} is not one of ${ORIENTATION_SPELLINGS.join(', ')}`);
    if (o !== DEFAULT_ORIENTATION) out.orientation = o;
  }
  const commented = firstOf(fields, COMMENTS_FIELDS);
  const comments = commented ? count(fields, commented[0]) : 0;
  if (comments > 0) out.comments = comments;
  return out;
}

/** Seconds from "123", "123 sec", "1:02:03" or "02:03". */
export function parseDuration(value: string): number | null {
  const v = value.trim().toLowerCase();
  let m = /^(\d{1,6})(?:\s*(?:s|sec|secs|seconds?))?$/.exec(v);
  if (m) return Number(m[1]);
  m = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)$/.exec(v);
  if (m) return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return null;
}

/** Unix seconds from "2024-05-01 12:00:00", "2024-05-01", ISO 8601 or unix seconds (UTC when no zone). */
export function parsePostDate(value: string): number | null {
  const v = value.trim();
  if (/^\d{9,11}$/.test(v)) return Number(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}${m[7] ?? 'Z'}`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

function count(fields: Map<string, string>, name: string): number {
  const v = (fields.get(name) ?? '').trim().replace(/[ ,]/g, '');
  if (!v) return 0;
  if (!/^\d{1,12}(\.\d+)?$/.test(v)) fail(`${name} is not a number`);
  return Math.floor(Number(v));
}

/** Validates one raw record: a normalised row, or the reason it is rejected. */
export function normaliseRecord(record: RawRecord, listSeparator: string, embedHosts: readonly string[]): FeedItem {
  const { fields, line } = record;
  try {
    // Before any pattern runs over a value: each check below then costs at most a field's length.
    for (const [name, value] of fields) if (value.length > MAX_FIELD_CHARS) fail(fieldTooLong(name));
    const externalId = text(fields, 'id', 128);
    if (!externalId) fail('missing id');
    const title = text(fields, 'title', MAX_TITLE).replace(/\s+/g, ' ');
    if (!title) fail('missing title');
    const description = text(fields, 'description', MAX_TEXT);

    const embed = reduceEmbed(fields.get('embed') ?? '', embedHosts);
    if (embed.error !== undefined) fail(embed.error, embed.host);

    const durationText = (fields.get('duration') ?? '').trim() || (fields.get('duration_hhmmss') ?? '').trim();
    if (!durationText) fail('missing duration');
    const duration = parseDuration(durationText);
    if (duration === null) fail(`duration ${JSON.stringify(durationText.slice(0, 20))} is not a number of seconds`);

    for (const name of [...URL_FIELDS, 'screenshots']) text(fields, name, MAX_TEXT);
    const urls = new Map<string, string>();
    for (const name of URL_FIELDS) {
      const v = (fields.get(name) ?? '').trim();
      if (v) urls.set(name, httpUrl(v, name));
    }
    const thumbs = list(fields, 'screenshots', listSeparator).map((u) => httpUrl(u, 'screenshots'));

    const dirText = text(fields, 'dir', 200);
    if (dirText && !/^[a-z0-9][a-z0-9-]*$/i.test(dirText)) fail('dir is not a slug');
    const postText = (fields.get('post_date') ?? '').trim();
    const postDate = postText ? parsePostDate(postText) : null;
    if (postText && postDate === null) fail(`post_date ${JSON.stringify(postText.slice(0, 30))} is not a date`);

    const rating = (fields.get('rating') ?? '').trim();
    const votes = count(fields, 'votes');
    let likes = count(fields, 'likes');
    let dislikes = count(fields, 'dislikes');
    if (rating && votes > 0 && likes + dislikes === 0) {
      const r = Number(rating.replace('%', ''));
      if (!Number.isFinite(r) || r < 0 || r > 100) fail('rating is not a number from 0 to 100');
      // KVS rates 0 to 5; a percentage is accepted too.
      const share = r <= 5 ? r / 5 : r / 100;
      likes = Math.round(votes * share);
      dislikes = votes - likes;
    }
    const thumbUrl = urls.get('main_screenshot') ?? thumbs[0] ?? null;
    return {
      row: {
        line,
        externalId,
        title,
        dir: dirText ? dirText.toLowerCase().slice(0, 80) : slugify(title),
        description,
        postDate,
        duration,
        embedUrl: embed.url,
        thumbUrl,
        thumbs: thumbs.length > 0 ? thumbs : thumbUrl ? [thumbUrl] : [],
        previewUrl: urls.get('preview_url') ?? null,
        categories: list(fields, 'categories', listSeparator),
        tags: list(fields, 'tags', listSeparator),
        models: list(fields, 'models', listSeparator),
        views: count(fields, 'popularity') || count(fields, 'views'),
        likes,
        dislikes,
        // Last, in the order row-wire.ts decodes them: a row's digest is of its JSON.
        ...contentFields(fields),
      },
    };
  } catch (e) {
    if (e instanceof Reject) return { reject: { line, reason: e.message, ...(e.embedHost ? { embedHost: e.embedHost } : {}) } };
    throw e;
  }
}
