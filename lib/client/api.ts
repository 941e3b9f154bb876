/**
 * Browser-side calls to this site's own API (same origin; the browser never talks to an
 * upstream directly). Used by client components: related 'show more', search suggestions,
 * top keywords, view and vote stats.
 */
import type { ActionResult, Suggestions, TopStats, VideoList } from '@/lib/contract/types';
import { DEFAULTS, LIFETIME } from '@/lib/contract/constants';
import type { RawCode, RawInputResponse, RawStatsResponse, RawSuggestResponse, RawVideosResponse } from '@/lib/contract/raw';
// The reshaping of list answers is loaded with the first list asked for (related videos, search
// suggestions, top keywords): view and vote stats, sent on every video page, need none of it.
const reshape = () => import('@/lib/kvs/reshape');
import { announceCodes } from './notify-codes';
import { INPUT_PATH, inputBody, mainUrl, relatedUrl, suggestUrl } from '@/lib/kvs/urls';

/** An HTTP failure passed on to the caller (docs/spec.md §8: other HTTP errors reach the caller). */
export class HttpError extends Error {
  constructor(readonly status: number, url: string) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'HttpError';
  }
}

// The 'notify' codes of every answer go to the notification region through a small module of
// their own: the region is on every page, this client (and its reshaping) only where it is used.
export { onNotifyCode, type NotifyCode } from './notify-codes';

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, ...init });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // a body that is not JSON is reported below as an HTTP error, or is an invalid answer
  }
  announceCodes(body);
  if (!res.ok && !(body && typeof body === 'object' && 'error' in body)) throw new HttpError(res.status, url);
  return body as T;
}

/** One page of related videos (10 a page on the video page). */
export async function fetchRelated(videoId: number, page: number, count: number = DEFAULTS.relatedPageSize): Promise<VideoList> {
  const [body, { toVideoList }, { siteRelativeList }] = await Promise.all([
    getJson<RawVideosResponse>(relatedUrl({ videoId, page, count, lifetime: LIFETIME.related })),
    reshape(),
    // The API answers the site's own thumbnails under SITE_URL; the page may be read under another origin.
    import('./site-relative'),
  ]);
  return siteRelativeList(toVideoList(body));
}

export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<Suggestions> {
  const [body, { toSuggestions }] = await Promise.all([getJson<RawSuggestResponse>(suggestUrl(text), { signal }), reshape()]);
  return toSuggestions(body);
}

/** The 'stats' call made at app start, for the top search keywords. */
export async function fetchTopStats(): Promise<TopStats> {
  const [body, { toTopStats }] = await Promise.all([getJson<RawStatsResponse>(mainUrl(LIFETIME.main, DEFAULTS.gender, DEFAULTS.lang)), reshape()]);
  return toTopStats(body);
}

async function postInput(body: string): Promise<ActionResult> {
  const raw = await getJson<RawInputResponse>(INPUT_PATH, {
    method: 'POST',
    body,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
  });
  if ('ok' in raw && raw.ok) return { ok: true };
  const err = raw as { code?: unknown; codes?: RawCode[] };
  return { ok: false, code: typeof err.code === 'string' ? err.code : 'failed' };
}

/** The view stat, sent 1 s after a video page loads; user_id only when the host page has a user. */
export function postView(videoId: number, options: { userId?: number; nogeo?: boolean } = {}): Promise<ActionResult> {
  return postInput(inputBody({ act: 'view', section: 'video', objectId: videoId, ...options }));
}

/** The vote stat: 1 like, 0 dislike. */
export function postVote(videoId: number, vote: 0 | 1): Promise<ActionResult> {
  return postInput(inputBody({ act: 'vote', section: 'video', objectId: videoId, vote }));
}
