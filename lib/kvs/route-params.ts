/**
 * Parsing of the API's own path and query parameters (app/api route handlers). Each parser
 * returns a validated query or a message for the 400 answer; nothing unvalidated passes.
 */
import { oneOf, parseDate, parseDurationFilter, parseIntIn, parsePage, parseSlug, parseSort, parseTerm, parseVideoId } from '@/lib/web/params';
import { DEFAULTS, LIFETIME, LIMITS } from '@/lib/contract/constants';
import { ORIENTATIONS } from '@/lib/contract/types';
import type { CategoriesQuery, InputForm, ListSection, RelatedQuery, SearchQuery, VideosQuery } from '@/lib/contract/source';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const bad = <T>(message: string): Parsed<T> => ({ ok: false, message });

/** The API's `gender`: the orientations, each its own list (lib/contract/types.ts). */
export const GENDERS = ORIENTATIONS;
export const VIDEO_TYPES = ['all', 'straight', 'gay', 'shemale'] as const;
export const LANGS = ['en', 'ru', 'fr', 'de'] as const;
export const CATEGORY_SECTIONS = ['toptn', 'title', 'recent'] as const;
/**
 * The network's other spellings of a categories section, as its clients send them: taken as the
 * section they mean (an API client cannot follow a redirect), so the catalogue and the upstream
 * client keep one answer per section.
 */
const CATEGORY_SECTION_ALIASES: Readonly<Record<string, (typeof CATEGORY_SECTIONS)[number]>> = { all: 'toptn' };

/**
 * The list sections of the videos2 path, under every spelling the network's clients send: the
 * first of each pair is the network's own (lib/kvs/urls.ts writes it), "category" is kept for old
 * links.
 */
const LIST_SECTIONS: Readonly<Record<string, Exclude<ListSection, ''>>> = {
  categories: 'category',
  category: 'category',
  model: 'model',
  models: 'model',
  channel: 'channel',
  channels: 'channel',
  tag: 'tag',
  tags: 'tag',
};
const SECTION_NAMES = Object.keys(LIST_SECTIONS).join(', ');

/**
 * A path's lifetime: any whole number up to LIMITS.maxLifetime is accepted (clients of the network
 * send what they like), and it is cut to `max`, the spec's lifetime of that path (docs/spec.md §9). The
 * answer's s-maxage follows it: a client must not make a CDN keep a taken-down video's JSON for a
 * year, nor the upstream client's memory keep an answer past the spec's lifetime.
 */
export function parseLifetime(v: string | undefined, max: number): number | null {
  const n = parseIntIn(v, 0, LIMITS.maxLifetime);
  return n === null ? null : Math.min(n, max);
}
export const parseCount = (v: string | undefined) => parseIntIn(v, 1, LIMITS.maxCount);

/** Strips the required '.json' ending and splits on dots: "a.b.json" -> ["a", "b"]. */
export function jsonParts(file: string | undefined, parts: number): string[] | null {
  if (!file || !file.endsWith('.json')) return null;
  const list = file.slice(0, -'.json'.length).split('.');
  return list.length === parts ? list : null;
}

interface ListTail {
  section: ListSection;
  objectId: string;
  page: number;
  type: string;
  duration: VideosQuery['duration'];
  date: VideosQuery['date'];
}

/** "{section}.{object_id}.{page}.{type}.{duration}.{date}" */
function parseListTail(parts: string[], sectionName: 'list' | 'search'): Parsed<ListTail> {
  const [section, objectId, page, type, duration, date] = parts as [string, string, string, string, string, string];
  let listSection: ListSection = '';
  if (sectionName === 'search') {
    if (section !== 'search') return bad('section must be "search"');
  } else if (Object.hasOwn(LIST_SECTIONS, section)) {
    listSection = LIST_SECTIONS[section]!;
  } else if (section !== '') {
    return bad(`section must be empty or one of ${SECTION_NAMES}`);
  }
  if (objectId !== '' && parseSlug(objectId) === null) return bad('object_id must be a slug');
  if (listSection !== '' && objectId === '') return bad(`object_id is required for the ${listSection} section`);
  const p = parsePage(page);
  if (p === null) return bad(`page must be a whole number from 1 to ${LIMITS.maxPage}`);
  const t = oneOf(VIDEO_TYPES, type);
  if (t === null) return bad(`type must be one of ${VIDEO_TYPES.join(', ')}`);
  const d = parseDurationFilter(duration);
  if (d === null) return bad('duration must be empty, 1, 2 or 3');
  const dt = parseDate(date);
  if (dt === null) return bad('date must be empty, day, week or month');
  return ok({ section: listSection, objectId, page: p, type: t, duration: d, date: dt });
}

type Common = { lifetime: number; gender: (typeof GENDERS)[number]; count: number };

/** The lifetime, gender and count segments every list path has; `max` is the path's own lifetime. */
export function common(lifetime: string | undefined, gender: string | undefined, count: string | undefined, max: number = LIFETIME.videos): Parsed<Common> {
  const l = parseLifetime(lifetime, max);
  if (l === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const g = oneOf(GENDERS, gender);
  if (g === null) return bad(`gender must be one of ${GENDERS.join(', ')}`);
  const c = parseCount(count);
  if (c === null) return bad(`count must be a whole number from 1 to ${LIMITS.maxCount}`);
  return ok({ lifetime: l, gender: g, count: c });
}

/** /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail}.json */
export function parseVideosPath(p: { lifetime?: string; gender?: string; sort?: string; count?: string; file?: string }): Parsed<VideosQuery> {
  const base = common(p.lifetime, p.gender, p.count);
  if (!base.ok) return base;
  const sort = parseSort(p.sort);
  if (sort === null) return bad('unknown sort');
  const parts = jsonParts(p.file, 6);
  if (!parts) return bad('the file name must be {section}.{object_id}.{page}.{type}.{duration}.{date}.json');
  const tail = parseListTail(parts, 'list');
  if (!tail.ok) return tail;
  return ok({ ...base.value, sort, ...tail.value });
}

/** /api/videos2.php?params={lifetime}/{gender}/relevance/{count}/search.{object_id}.{page}.{type}.{duration}.{date}&s=... */
export function parseSearchQuery(search: URLSearchParams): Parsed<SearchQuery> {
  const params = search.get('params');
  if (!params) return bad('params is required');
  const segs = params.split('/');
  if (segs.length !== 5) return bad('params must be {lifetime}/{gender}/relevance/{count}/search.{object_id}.{page}.{type}.{duration}.{date}');
  const [lifetime, gender, order, count, tailText] = segs as [string, string, string, string, string];
  if (order !== 'relevance') return bad('the order must be "relevance"');
  const base = common(lifetime, gender, count);
  if (!base.ok) return base;
  const tailParts = tailText.split('.');
  if (tailParts.length !== 6) return bad('the search part must have six dot-separated fields');
  const tail = parseListTail(tailParts, 'search');
  if (!tail.ok) return tail;
  // s alone (the network's name): a second name for the term would be a second argument every
  // shared cache in front must key on, or it answers one search with another's results.
  const term = parseTerm(search.get('s') ?? '');
  if (term === null) return bad(`s must be ${LIMITS.minTerm} to ${LIMITS.maxTerm} characters`);
  const { page, type, duration, date } = tail.value;
  return ok({ ...base.value, page, type, duration, date, term });
}

/** Checks the million and thousand buckets of a path against the id. */
function bucketsMatch(id: number, million: string | undefined, thousand: string | undefined): boolean {
  return million === String(Math.floor(id / 1e6) * 1e6) && thousand === String(Math.floor(id / 1e3) * 1e3);
}

/** /api/json/video/{lifetime}/{million}/{thousand}/{video_id}.json */
export function parseVideoPath(p: { lifetime?: string; million?: string; thousand?: string; file?: string }): Parsed<{ id: number; lifetime: number }> {
  const lifetime = parseLifetime(p.lifetime, LIFETIME.video);
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const parts = jsonParts(p.file, 1);
  const id = parts ? parseVideoId(parts[0]) : null;
  if (id === null) return bad('the file name must be {video_id}.json with a positive whole number');
  if (!bucketsMatch(id, p.million, p.thousand)) return bad('the buckets do not match the video id');
  return ok({ id, lifetime });
}

/** /api/json/videos_related2/{lifetime}/{count}/{million}/{thousand}/{video_id}.all.{page}.json */
export function parseRelatedPath(p: { lifetime?: string; count?: string; million?: string; thousand?: string; file?: string }): Parsed<RelatedQuery> {
  const lifetime = parseLifetime(p.lifetime, LIFETIME.related);
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const count = parseCount(p.count);
  if (count === null) return bad(`count must be a whole number from 1 to ${LIMITS.maxCount}`);
  const parts = jsonParts(p.file, 3);
  if (!parts || parts[1] !== 'all') return bad('the file name must be {video_id}.all.{page}.json');
  const videoId = parseVideoId(parts[0]);
  if (videoId === null) return bad('video_id must be a positive whole number');
  const page = parsePage(parts[2]);
  if (page === null) return bad(`page must be a whole number from 1 to ${LIMITS.maxPage}`);
  if (!bucketsMatch(videoId, p.million, p.thousand)) return bad('the buckets do not match the video id');
  return ok({ lifetime, count, videoId, page });
}

/** /api/json/main/{lifetime}/{gender}.{lang}.json */
export function parseMainPath(p: { lifetime?: string; file?: string }): Parsed<{ lifetime: number; gender: string; lang: string }> {
  const lifetime = parseLifetime(p.lifetime, LIFETIME.main);
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const parts = jsonParts(p.file, 2);
  const gender = parts ? oneOf(GENDERS, parts[0]) : null;
  const lang = parts ? oneOf(LANGS, parts[1]) : null;
  if (gender === null || lang === null) return bad(`the file name must be {gender}.{lang}.json with gender one of ${GENDERS.join(', ')} and lang one of ${LANGS.join(', ')}`);
  return ok({ lifetime, gender, lang });
}

/** /api//json/suggester/{lifetime}/{count}.json */
export function parseSuggesterPath(p: { lifetime?: string; file?: string }): Parsed<{ lifetime: number; count: number }> {
  const lifetime = parseLifetime(p.lifetime, LIFETIME.suggester);
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const parts = jsonParts(p.file, 1);
  const count = parts ? parseIntIn(parts[0], 1, 5000) : null;
  if (count === null) return bad('the file name must be {count}.json with count from 1 to 5000');
  return ok({ lifetime, count });
}

const categorySection = (v: string | undefined) => oneOf(CATEGORY_SECTIONS, v) ?? (v !== undefined && Object.hasOwn(CATEGORY_SECTION_ALIASES, v) ? CATEGORY_SECTION_ALIASES[v]! : null);

/**
 * /api/json/categories/{lifetime}/{gender}.{section}.{lang}.json, and the network's clients' short
 * {gender}.all.json (every category by count of videos, in the default language).
 */
export function parseCategoriesPath(p: { lifetime?: string; file?: string }): Parsed<CategoriesQuery> {
  const lifetime = parseLifetime(p.lifetime, LIFETIME.categories);
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  const short = jsonParts(p.file, 2);
  const parts = short && short[1] === 'all' ? [short[0], 'all', DEFAULTS.lang] : jsonParts(p.file, 3);
  const gender = parts ? oneOf(GENDERS, parts[0]) : null;
  const section = parts ? categorySection(parts[1]) : null;
  const lang = parts ? oneOf(LANGS, parts[2]) : null;
  if (gender === null || section === null || lang === null) {
    return bad(
      `the file name must be {gender}.{section}.{lang}.json or {gender}.all.json, with gender one of ${GENDERS.join(', ')}, section one of ${[
        ...CATEGORY_SECTIONS,
        ...Object.keys(CATEGORY_SECTION_ALIASES),
      ].join(', ')} and lang one of ${LANGS.join(', ')}`,
    );
  }
  return ok({ lifetime, gender, section, lang });
}

/** /api/suggester.php?c={text}: 1 to 69 characters. */
export function parseSuggestText(search: URLSearchParams): Parsed<string> {
  const c = (search.get('c') ?? '').replace(/\s+/g, ' ').trim();
  if (c.length === 0 || [...c].length > LIMITS.maxTerm || /[\u0000-\u001f\u007f]/.test(c)) {
    return bad(`c must be 1 to ${LIMITS.maxTerm} characters`);
  }
  return ok(c);
}

/** /api/videofile.php?video_id=...&lifetime=... */
export function parseVideofileQuery(search: URLSearchParams): Parsed<{ videoId: number; lifetime: number }> {
  const videoId = parseVideoId(search.get('video_id') ?? '');
  if (videoId === null) return bad('video_id must be a positive whole number');
  const lifetime = search.has('lifetime') ? parseLifetime(search.get('lifetime') ?? '', LIFETIME.videofile) : LIFETIME.videofile;
  if (lifetime === null) return bad(`lifetime must be a whole number from 0 to ${LIMITS.maxLifetime}`);
  return ok({ videoId, lifetime });
}

/** The form of POST /api/input.php. */
export function parseInputForm(form: URLSearchParams): Parsed<InputForm> {
  const act = form.get('act');
  const section = form.get('section') ?? 'video';
  if (!/^[a-z_]{1,32}$/.test(section)) return bad('section must be a short lower-case word');
  const objectId = parseVideoId(form.get('object_id') ?? '');
  if (objectId === null) return bad('object_id must be a positive whole number');
  if (act === 'view') {
    const nogeo = form.get('nogeo');
    const userIdText = form.get('user_id');
    const userId = userIdText === null ? undefined : parseVideoId(userIdText);
    if (userId === null) return bad('user_id must be a positive whole number');
    return ok({ act: 'view', section, objectId, ...(nogeo === '1' || nogeo === 'true' ? { nogeo: true } : {}), ...(userId ? { userId } : {}) });
  }
  if (act === 'vote') {
    const vote = form.get('vote');
    if (vote !== '0' && vote !== '1') return bad('vote must be 1 or 0');
    return ok({ act: 'vote', section, objectId, vote: vote === '1' ? 1 : 0 });
  }
  return bad('act must be view or vote');
}
