/**
 * URL builders for every API path of docs/spec.md §7. This file is the one place that
 * knows their shapes; every value that comes from a visitor is encoded here.
 */
import type { DateFilter, DurationFilter } from '@/lib/contract/types';
import { DEFAULTS, LIFETIME } from '@/lib/contract/constants';
import type { CategoriesQuery, EntitiesQuery, InputForm, ListSection, RelatedQuery, SearchQuery, VideosQuery } from '@/lib/contract/source';

/** 'all' for duration or date becomes empty. */
function filterPart(value: DurationFilter | DateFilter): string {
  return value === 'all' ? '' : value;
}

/** Path segments must not smuggle separators: only slug characters survive. */
function seg(value: string): string {
  return encodeURIComponent(value).replace(/\./g, '%2E');
}

export type VideosUrlInput = Partial<VideosQuery>;

/**
 * The network's name of each list section, as its API and its public clients spell it: the plural
 * for categories, the singular for the others (lib/kvs/route-params.ts takes both spellings).
 */
const SECTION_PATH: Readonly<Record<ListSection, string>> = { '': '', category: 'categories', model: 'model', channel: 'channel', tag: 'tag' };

/** /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.{type}.{duration}.{date}.json */
export function videosUrl(q: VideosUrlInput = {}): string {
  const lifetime = q.lifetime ?? LIFETIME.videos;
  const gender = q.gender ?? DEFAULTS.gender;
  const sort = q.sort ?? DEFAULTS.sort;
  const count = q.count ?? DEFAULTS.count;
  const tail = [
    SECTION_PATH[q.section ?? ''] ?? seg(q.section ?? ''),
    seg(q.objectId ?? ''),
    q.page ?? DEFAULTS.page,
    seg(q.type ?? DEFAULTS.type),
    filterPart(q.duration ?? 'all'),
    filterPart(q.date ?? 'all'),
  ].join('.');
  return `/api/json/videos2/${lifetime}/${seg(gender)}/${seg(sort)}/${count}/${tail}.json`;
}

export type SearchUrlInput = Partial<Omit<SearchQuery, 'term'>> & { objectId?: string } & (
    | { term: string; query?: never }
    | { term?: never; query: string }
  );

/**
 * /api/videos2.php?params={lifetime}/{gender}/relevance/{count}/search.{object_id}.{page}.{type}.{duration}.{date}
 * plus s={term}, or the current page's query string.
 */
export function searchUrl(q: SearchUrlInput): string {
  const params = [
    q.lifetime ?? LIFETIME.videos,
    seg(q.gender ?? DEFAULTS.gender),
    'relevance',
    q.count ?? DEFAULTS.count,
    [
      'search',
      seg(q.objectId ?? ''),
      q.page ?? DEFAULTS.page,
      seg(q.type ?? DEFAULTS.type),
      filterPart(q.duration ?? 'all'),
      filterPart(q.date ?? 'all'),
    ].join('.'),
  ].join('/');
  const rest =
    q.term !== undefined ? `s=${encodeURIComponent(q.term)}` : String(q.query ?? '').replace(/^\?/, '');
  return `/api/videos2.php?params=${params}${rest ? `&${rest}` : ''}`;
}

/** The million and thousand buckets of a video id: floor(id/1e6)*1e6 and floor(id/1e3)*1e3. */
export function buckets(videoId: number): string {
  return `${Math.floor(videoId / 1e6) * 1e6}/${Math.floor(videoId / 1e3) * 1e3}`;
}

/** /api/json/video/{lifetime}/{million-bucket}/{thousand-bucket}/{video_id}.json */
export function videoUrl(videoId: number, lifetime: number = LIFETIME.video): string {
  return `/api/json/video/${lifetime}/${buckets(videoId)}/${videoId}.json`;
}

export function relatedToken(lifetime: number = LIFETIME.related): string {
  return `/api/json/videos_related2/${lifetime}/`;
}

/** {token}{count}/{buckets}/{video_id}.all.{page}.json */
export function relatedUrl(q: Partial<RelatedQuery> & { videoId: number }): string {
  const count = q.count ?? DEFAULTS.relatedCount;
  return `${relatedToken(q.lifetime)}${count}/${buckets(q.videoId)}/${q.videoId}.all.${q.page ?? 1}.json`;
}

/** /api/json/main/{lifetime}/{gender}.{lang}.json; 'jsond' instead of 'json' when lifetime is 0. */
export function mainUrl(lifetime: number = LIFETIME.main, gender: string = DEFAULTS.gender, lang: string = DEFAULTS.lang): string {
  return `/api/${lifetime === 0 ? 'jsond' : 'json'}/main/${lifetime}/${seg(gender)}.${seg(lang)}.json`;
}

/** /api//json/suggester/{lifetime}/{count}.json (the double slash is the spec's). */
export function suggesterUrl(lifetime: number = LIFETIME.suggester, count: number = DEFAULTS.suggesterCount): string {
  return `/api//json/suggester/${lifetime}/${count}.json`;
}

/** /api/suggester.php?c={text} */
export function suggestUrl(text: string): string {
  return `/api/suggester.php?c=${encodeURIComponent(text)}`;
}

/** /api/json/categories/{lifetime}/{gender}.{section}.{lang}.json */
export function categoriesUrl(q: Partial<CategoriesQuery> = {}): string {
  return `/api/json/categories/${q.lifetime ?? LIFETIME.categories}/${seg(q.gender ?? DEFAULTS.gender)}.${seg(
    q.section ?? DEFAULTS.categoriesSection,
  )}.${seg(q.lang ?? DEFAULTS.lang)}.json`;
}

export type EntitiesUrlInput = Partial<EntitiesQuery>;

const entityStart = (kind: 'models' | 'channels', q: EntitiesUrlInput) =>
  `/api/json/${kind}/${q.lifetime ?? LIFETIME.categories}/${seg(q.gender ?? DEFAULTS.gender)}`;

/** /api/json/models/{lifetime}/{gender}/filt.{letter}........./{sort}/{count}/{page}.json */
export function modelsUrl(q: EntitiesUrlInput = {}): string {
  // The letter, then the nine filter fields this site leaves empty (as the network's clients do).
  const filt = `filt.${seg(q.letter ?? '')}${'.'.repeat(9)}`;
  return `${entityStart('models', q)}/${filt}/${seg(q.sort ?? 'title')}/${q.count ?? DEFAULTS.count}/${q.page ?? 1}.json`;
}

/** /api/json/channels/{lifetime}/{gender}/{sort}/{count}/..{page}.json */
export function channelsUrl(q: EntitiesUrlInput = {}): string {
  return `${entityStart('channels', q)}/${seg(q.sort ?? 'title')}/${q.count ?? DEFAULTS.count}/..${q.page ?? 1}.json`;
}

/** /api/videofile.php with query parameters taken from the given object; lifetime defaults to 864000. */
export function videofileUrl(params: Record<string, string | number>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ lifetime: LIFETIME.videofile, ...params })) query.set(k, String(v));
  return `/api/videofile.php?${query.toString()}`;
}

export const INPUT_PATH = '/api/input.php';

/** The form-encoded body of POST /api/input.php. */
export function inputBody(form: InputForm): string {
  const body = new URLSearchParams();
  body.set('act', form.act);
  body.set('section', form.section);
  body.set('object_id', String(form.objectId));
  if (form.act === 'view') {
    if (form.nogeo) body.set('nogeo', '1');
    if (form.userId !== undefined) body.set('user_id', String(form.userId));
  } else {
    body.set('vote', String(form.vote));
  }
  return body.toString();
}
