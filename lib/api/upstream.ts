import 'server-only';
/**
 * The upstream source: an existing site's KVS-compatible JSON API, fetched over HTTP with
 * the exact paths of spec section 7. Every call has a timeout; every failure throws a
 * SourceError, so that a cached page is kept rather than replaced with an empty one.
 */
import { getConfig } from '@/lib/config';
import { SourceError } from './errors';
import type {
  RawCategoriesResponse,
  RawInputResponse,
  RawStatsResponse,
  RawSuggestResponse,
  RawSuggesterResponse,
  RawVideoFileResponse,
  RawVideoResponse,
  RawVideosResponse,
} from './raw';
import type { Actor, CategoriesQuery, InputForm, RelatedQuery, SearchQuery, Source, VideosQuery } from './source';
import {
  categoriesUrl,
  INPUT_PATH,
  inputBody,
  mainUrl,
  relatedUrl,
  searchUrl,
  suggestUrl,
  suggesterUrl,
  videoUrl,
  videofileUrl,
  videosUrl,
} from './urls';

export interface UpstreamOptions {
  origin: string;
  timeoutMs: number;
  /** When false, responses are not put into Next's data cache (used by tests and the contract test). */
  nextCache?: boolean;
}

type Cache = { revalidate: number } | 'no-store';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function createUpstreamSource(options: UpstreamOptions): Source {
  const useNextCache = options.nextCache ?? true;

  async function request(path: string, cache: Cache, init: RequestInit = {}, allow404 = false): Promise<unknown> {
    const url = `${options.origin}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(useNextCache && cache !== 'no-store' ? { next: { revalidate: cache.revalidate } } : { cache: 'no-store' }),
      } as RequestInit);
    } catch (cause) {
      // An abort is a DOMException, which is not always an Error of this realm: read its name.
      const name = typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new SourceError(timedOut ? 'timeout' : 'network', `${timedOut ? 'Timed out' : 'Failed'} fetching ${path}`, { cause });
    }
    if (!res.ok && !(allow404 && res.status === 404)) {
      throw new SourceError('http', `HTTP ${res.status} from ${path}`, { status: res.status });
    }
    try {
      return await res.json();
    } catch (cause) {
      throw new SourceError('invalid-response', `Not JSON from ${path}`, { cause });
    }
  }

  async function list(path: string, cache: Cache): Promise<RawVideosResponse> {
    const body = await request(path, cache);
    if (!isObject(body)) throw new SourceError('invalid-response', `Unexpected answer from ${path}`);
    // KVS answers an error as a body with error: 1; that is a failure, never an empty page to cache.
    if (body.error && body.error !== 0 && body.error !== '0') {
      throw new SourceError('http', `Upstream error ${String(body.code ?? '')} from ${path}`);
    }
    if (!Array.isArray(body.videos)) throw new SourceError('invalid-response', `No videos in the answer from ${path}`);
    return body as unknown as RawVideosResponse;
  }

  async function object<T>(path: string, cache: Cache, check: (b: Record<string, unknown>) => boolean): Promise<T> {
    const body = await request(path, cache);
    if (!isObject(body) || !check(body)) throw new SourceError('invalid-response', `Unexpected answer from ${path}`);
    return body as T;
  }

  return {
    name: 'upstream',
    videos: (q: VideosQuery) => list(videosUrl(q), { revalidate: q.lifetime }),
    search: (q: SearchQuery) => list(searchUrl(q), 'no-store'),
    related: (q: RelatedQuery) => list(relatedUrl(q), { revalidate: q.lifetime }),

    async video(id: number, lifetime: number): Promise<RawVideoResponse> {
      const path = videoUrl(id, lifetime);
      const body = await request(path, { revalidate: lifetime }, {}, true);
      if (isObject(body) && isObject(body.video)) return body as unknown as RawVideoResponse;
      if (isObject(body) && body.error) return { error: 1, code: String(body.code ?? 'video_not_found') };
      throw new SourceError('invalid-response', `Unexpected answer from ${path}`);
    },

    main: (lifetime: number, gender: string, lang: string) =>
      object<RawStatsResponse>(mainUrl(lifetime, gender, lang), { revalidate: lifetime || 1 }, (b) => Array.isArray(b.keywords)),
    suggester: (lifetime: number, count: number) =>
      object<RawSuggesterResponse>(suggesterUrl(lifetime, count), { revalidate: lifetime }, (b) => Array.isArray(b.keywords)),
    suggest: (text: string) =>
      object<RawSuggestResponse>(suggestUrl(text), 'no-store', (b) => Array.isArray(b.keywords)),
    categories: (q: CategoriesQuery) =>
      object<RawCategoriesResponse>(categoriesUrl(q), { revalidate: q.lifetime }, (b) => Array.isArray(b.categories)),

    async videofile(videoId: number, lifetime: number): Promise<RawVideoFileResponse | null> {
      const path = videofileUrl({ video_id: videoId, lifetime });
      const body = await request(path, { revalidate: lifetime }, {}, true);
      // The network answers a list of files, or an error object such as { error: 1, code: "private_video" }.
      if (Array.isArray(body)) return body as RawVideoFileResponse;
      if (isObject(body) && body.error) return null;
      throw new SourceError('invalid-response', `Unexpected answer from ${path}`);
    },

    async input(form: InputForm, actor: Actor): Promise<RawInputResponse> {
      // The upstream tells visitors apart by address: pass the visitor's on, not ours.
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (actor.ip) headers['x-forwarded-for'] = actor.ip;
      const body = await request(
        INPUT_PATH,
        'no-store',
        { method: 'POST', body: inputBody(form), headers },
        true,
      );
      if (!isObject(body)) throw new SourceError('invalid-response', 'Unexpected answer from /api/input.php');
      return body as unknown as RawInputResponse;
    },
  };
}

let shared: Source | undefined;

export function upstreamSource(): Source {
  const config = getConfig();
  shared ??= createUpstreamSource({ origin: config.apiOrigin, timeoutMs: config.apiTimeoutMs });
  return shared;
}
