import 'server-only';
/**
 * How a page shows a failing source (docs/spec.md §8): a listing shows the empty/error message with
 * the error code, the video page an error message; never a 500 or a blank page. A page whose main
 * content failed renders OutageGuard (components/outage) next to its message: the answer is 503
 * with Retry-After and never kept in the page cache, so the first request after the source is back
 * renders the real page. A part that failed (related videos) only shortens the page's cache
 * lifetime to SHORT_LIFETIME. (Pages already cached with content are not replaced while the source
 * can still give its last good answer: see lib/upstream/source.ts.)
 */
import { unstable_cache } from 'next/cache';
import type { VideoList } from '@/lib/contract/types';
import { SourceError } from '@/lib/contract/errors';

/** Lifetime of an answer that must not outlive a change soon: a missing video's redirect to /404/. */
export const SHORT_LIFETIME = 60;

export type Attempt<T> = { ok: true; value: T } | { ok: false; code: string };

/** The code a visitor's page stores for a failure: the upstream's own, or one for the kind. */
export function failureCode(err: SourceError): string {
  if (err.code) return err.code;
  return err.kind === 'timeout' ? 'source_timeout' : 'source_unavailable';
}

// A cached value with a short revalidate lowers the revalidate of the page that reads it (Next
// keeps the lowest of a render's cache lifetimes): the page, and its s-maxage, live a minute.
const shortRead = unstable_cache(async () => true, ['tubefront-short-lived'], { revalidate: SHORT_LIFETIME });

/** Marks the page being rendered as short-lived: cached SHORT_LIFETIME seconds at most. */
export async function shortLived(): Promise<void> {
  try {
    await shortRead();
  } catch {
    // Outside a render (tests, scripts) there is no page cache to shorten.
  }
}

/** Runs a getter for a page: a source failure becomes { ok: false, code } instead of an exception. */
export async function attempt<T>(load: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    console.error(`[page] source failure (${err.kind}): ${err.message}`);
    // Cached a minute at most, should the page still be stored (a part that failed, such as related videos).
    await shortLived();
    return { ok: false, code: failureCode(err) };
  }
}

/** A list for a listing view: the videos, or none and the error code to show. */
export function listOrError(a: Attempt<VideoList>): { list: VideoList; error?: string } {
  return a.ok ? { list: a.value } : { list: { videos: [], total: null }, error: a.code };
}
