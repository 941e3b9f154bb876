import 'server-only';
/**
 * The upstream source: an existing site's KVS-compatible JSON API, fetched over HTTP with the
 * exact paths of docs/spec.md §7. Every call has a timeout; every failure throws a typed
 * SourceError (never an empty success that would be cached over good data). What real APIs send
 * beside the happy path is a failure here: an HTML page (maintenance, a proxy's 502), an empty
 * body, `{ error, code }` with status 200, a redirect to another host, no answer in time.
 *
 * Validated answers are kept in memory for their lifetime; when the upstream fails later, the
 * last good answer is served instead (stale if error), so that pages keep their content. That
 * memory is bounded by the answers' bytes (UPSTREAM_CACHE_MB).
 */
import { DEFAULT_UPSTREAM_CACHE_MB, getConfig } from '@/lib/config';
import { LruCache } from '@/lib/cache/lru.mjs';
import { SourceError } from '@/lib/contract/errors';
import type {
  RawCategoriesResponse,
  RawChannelsResponse,
  RawInputResponse,
  RawModelsResponse,
  RawStatsResponse,
  RawSuggestResponse,
  RawSuggesterResponse,
  RawVideoFileResponse,
  RawVideoResponse,
  RawVideosResponse,
} from '@/lib/contract/raw';
import type { Actor, CategoriesQuery, EntitiesQuery, InputForm, RelatedQuery, SearchQuery, Source, VideosQuery } from '@/lib/contract/source';
import { loggedPath } from './logged-path';
import { exchange, type UpstreamAnswer } from './http';
import {
  categoriesUrl,
  channelsUrl,
  INPUT_PATH,
  inputBody,
  mainUrl,
  modelsUrl,
  relatedUrl,
  searchUrl,
  suggestUrl,
  suggesterUrl,
  videoUrl,
  videofileUrl,
  videosUrl,
} from '@/lib/kvs/urls';

export interface UpstreamOptions {
  origin: string;
  timeoutMs: number;
  /** Keep validated answers for their lifetime and serve them when the upstream fails (default true). */
  memoryCache?: boolean;
  /**
   * How many bytes of answers the memory cache holds, each counted as fetched (the body's size)
   * plus ENTRY_OVERHEAD_BYTES (default UPSTREAM_CACHE_MB's).
   */
  cacheBytes?: number;
  /** How long a last good answer may stand in for a failing upstream, in seconds (default 7 days). */
  maxStaleSeconds?: number;
  now?: () => number;
}

/**
 * A failure is remembered this long: one page reads a video twice (metadata and body), and a
 * failing or slow upstream is then asked once, not once per read.
 */
export const FAILURE_MEMORY_MS = 2000;

/**
 * What one kept answer costs beside its body's bytes: its path (the key), the cache's bookkeeping
 * and the parsed objects' headers. Without it a crawler asking for made-up video ids would fill the
 * budget with tiny `{ error, code }` answers whose keeping costs far more than their bytes; with it
 * the number of entries is bounded by the budget too (budget / this), so no count limit is needed.
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

/** A kept error code is at most this long: codes are short words, and a failure is remembered (FAILURE_MEMORY_MS). */
const MAX_CODE_LENGTH = 100;

/** An answer parsed, and the size its body had as fetched. */
interface Sized<T> {
  value: T;
  bytes: number;
}

const valueOf = <T>(p: Promise<Sized<T>>): Promise<T> => p.then((s) => s.value);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The error code of an error answer (`error` set and not 0), else null. */
export function errorCode(body: unknown): string | null {
  if (!isObject(body) || !('error' in body)) return null;
  const e = body.error;
  if (e === 0 || e === '0' || e === false || e === null || e === '') return null;
  const code = typeof body.code === 'string' && body.code ? body.code : typeof e === 'string' ? e : 'error';
  return code.slice(0, MAX_CODE_LENGTH);
}

/** Codes that mean the video is not there (rather than that the upstream is failing). */
const MISSING_VIDEO = /not_?found|deleted|removed|private|disabled|inactive/i;

/** The JSON of an answer, or a SourceError saying why it is not the API's answer. */
export function parseAnswer(path: string, a: UpstreamAnswer, allow404 = false): unknown {
  const ok = (a.status >= 200 && a.status < 300) || (allow404 && a.status === 404);
  if (!ok) throw new SourceError('http', `HTTP ${a.status} from ${loggedPath(path)}`, { status: a.status });
  const text = a.text.replace(/^\uFEFF/, '').trim();
  if (!text) throw new SourceError('invalid-response', `Empty answer (HTTP ${a.status}) from ${loggedPath(path)}`, { status: a.status });
  if (/^text\/html/i.test(a.contentType) || text.startsWith('<')) {
    throw new SourceError('invalid-response', `An HTML page instead of JSON (HTTP ${a.status}) from ${loggedPath(path)}`, { status: a.status });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new SourceError('invalid-response', `Not JSON (HTTP ${a.status}) from ${loggedPath(path)}`, { status: a.status, cause });
  }
}

function failIfError(path: string, body: unknown): void {
  const code = errorCode(body);
  if (code !== null) throw new SourceError('upstream-error', `Upstream error "${code}" from ${loggedPath(path)}`, { code });
}

/** A kept answer: its value, when it was fetched, and its body's size as fetched. */
export interface KeptAnswer {
  value: unknown;
  at: number;
  bytes: number;
}

/**
 * The answers' memory, holding `budget` bytes of them. Bounded by bytes, not by count: a listing of
 * 60 videos weighs a hundred times a missing video's answer, and entries are kept up to the stale
 * limit (days), so the cache does fill to its bound.
 */
export function createAnswerCache(budget: number, maxStaleMs: number, now: () => number = Date.now): LruCache<KeptAnswer> {
  return new LruCache<KeptAnswer>(budget, maxStaleMs, now, (e, path) => e.bytes + path.length + ENTRY_OVERHEAD_BYTES);
}

export function createUpstreamSource(options: UpstreamOptions): Source {
  const now = options.now ?? Date.now;
  const maxStaleMs = (options.maxStaleSeconds ?? 7 * 86400) * 1000;
  const memory = options.memoryCache === false ? null : createAnswerCache(options.cacheBytes ?? DEFAULT_UPSTREAM_CACHE_MB * 1024 * 1024, maxStaleMs, now);
  // Counted: an entry is one SourceError, whose message holds one path and a code of at most
  // MAX_CODE_LENGTH, never the answer's body; and it is remembered for seconds only.
  const failures = new LruCache<SourceError>(500, FAILURE_MEMORY_MS, now);

  async function request(path: string, init: { method?: 'POST'; body?: string; headers?: Record<string, string> } = {}, allow404 = false): Promise<Sized<unknown>> {
    const answer = await exchange(options.origin, path, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': 'tubefront', ...(init.headers ?? {}) },
      timeoutMs: options.timeoutMs,
    });
    return { value: parseAnswer(path, answer, allow404), bytes: answer.bytes };
  }

  /** A validated answer: fresh from memory within `lifetime`, else fetched; the last good one when fetching fails. */
  async function cached<T>(path: string, lifetime: number, load: () => Promise<Sized<T>>): Promise<T> {
    if (!memory || lifetime <= 0) return valueOf(load());
    const hit = memory.get(path);
    if (hit && now() - hit.at < lifetime * 1000) return hit.value as T;
    const recent = hit ? undefined : failures.get(path);
    if (recent) throw recent;
    try {
      const { value, bytes } = await load();
      memory.set(path, { value, at: now(), bytes });
      return value;
    } catch (err) {
      if (err instanceof SourceError && !hit) failures.set(path, err);
      if (!hit || !(err instanceof SourceError)) throw err;
      console.warn(`[upstream] ${err.message}; serving the answer of ${Math.round((now() - hit.at) / 1000)} s ago`);
      return hit.value as T;
    }
  }

  async function list(path: string): Promise<Sized<RawVideosResponse>> {
    const { value: body, bytes } = await request(path);
    failIfError(path, body);
    if (!isObject(body) || !Array.isArray(body.videos)) throw new SourceError('invalid-response', `No videos in the answer from ${loggedPath(path)}`);
    return { value: body as unknown as RawVideosResponse, bytes };
  }

  async function object<T>(path: string, check: (b: Record<string, unknown>) => boolean): Promise<Sized<T>> {
    const { value: body, bytes } = await request(path);
    failIfError(path, body);
    if (!isObject(body) || !check(body)) throw new SourceError('invalid-response', `Unexpected answer from ${loggedPath(path)}`);
    return { value: body as T, bytes };
  }

  const anyList = (...keys: string[]) => (b: Record<string, unknown>) => keys.some((k) => Array.isArray(b[k]));

  return {
    name: 'upstream',
    videos: (q: VideosQuery) => {
      const path = videosUrl(q);
      return cached(path, q.lifetime, () => list(path));
    },
    // Search terms are unbounded: lib/data keeps their results in its own bounded cache.
    search: (q: SearchQuery) => valueOf(list(searchUrl(q))),
    related: (q: RelatedQuery) => {
      const path = relatedUrl(q);
      return cached(path, q.lifetime, () => list(path));
    },

    video(id: number, lifetime: number): Promise<RawVideoResponse> {
      const path = videoUrl(id, lifetime);
      return cached(path, lifetime, async (): Promise<Sized<RawVideoResponse>> => {
        const { value: body, bytes } = await request(path, {}, true);
        if (isObject(body) && isObject(body.video) && errorCode(body) === null) return { value: body as unknown as RawVideoResponse, bytes };
        const code = errorCode(body);
        if (code !== null && MISSING_VIDEO.test(code)) return { value: { error: 1, code: 'video_not_found' }, bytes };
        if (code !== null) throw new SourceError('upstream-error', `Upstream error "${code}" from ${loggedPath(path)}`, { code });
        throw new SourceError('invalid-response', `No video in the answer from ${loggedPath(path)}`);
      });
    },

    main: (lifetime: number, gender: string, lang: string) => {
      const path = mainUrl(lifetime, gender, lang);
      return cached(path, lifetime, () => object<RawStatsResponse>(path, anyList('keywords', 'models', 'channels', 'categories')));
    },
    suggester: (lifetime: number, count: number) => {
      const path = suggesterUrl(lifetime, count);
      return cached(path, lifetime, () => object<RawSuggesterResponse>(path, anyList('keywords')));
    },
    suggest: (text: string) => valueOf(object<RawSuggestResponse>(suggestUrl(text), anyList('keywords', 'categories'))),
    categories: (q: CategoriesQuery) => {
      const path = categoriesUrl(q);
      return cached(path, q.lifetime, () => object<RawCategoriesResponse>(path, anyList('categories')));
    },
    // The indexes: their entries' odd fields (numbers as strings, toptn missing) are read by lib/kvs/reshape.ts.
    models: (q: EntitiesQuery) => {
      const path = modelsUrl(q);
      return cached(path, q.lifetime, () => object<RawModelsResponse>(path, anyList('models')));
    },
    channels: (q: EntitiesQuery) => {
      const path = channelsUrl(q);
      return cached(path, q.lifetime, () => object<RawChannelsResponse>(path, anyList('channels')));
    },

    videofile(videoId: number, lifetime: number): Promise<RawVideoFileResponse | null> {
      const path = videofileUrl({ video_id: videoId, lifetime });
      return cached(path, lifetime, async (): Promise<Sized<RawVideoFileResponse | null>> => {
        const { value: body, bytes } = await request(path, {}, true);
        // The network answers a list of files, or an error object such as { error: 1, code: "private_video" }.
        if (Array.isArray(body)) return { value: body as RawVideoFileResponse, bytes };
        if (errorCode(body) !== null) return { value: null, bytes };
        throw new SourceError('invalid-response', `No file list in the answer from ${loggedPath(path)}`);
      });
    },

    async input(form: InputForm, actor: Actor): Promise<RawInputResponse> {
      // The upstream tells visitors apart by address: pass the visitor's on, not ours.
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (actor.ip) headers['x-forwarded-for'] = actor.ip;
      const { value: body } = await request(INPUT_PATH, { method: 'POST', body: inputBody(form), headers }, true);
      if (!isObject(body)) throw new SourceError('invalid-response', 'Unexpected answer from /api/input.php');
      return body as unknown as RawInputResponse;
    },
  };
}

let shared: Source | undefined;

export function upstreamSource(): Source {
  const config = getConfig();
  shared ??= createUpstreamSource({ origin: config.apiOrigin, timeoutMs: config.apiTimeoutMs, cacheBytes: config.upstreamCacheMb * 1024 * 1024 });
  return shared;
}
