import 'server-only';
/**
 * How a page shows a failing source (spec section 8): a listing shows the empty/error message with
 * the error code, a video goes to /404/; never a 500 or a blank page. Such a render must not stay in
 * the page cache for the page's whole lifetime (a day for a listing): it is kept for
 * FAILURE_RETRY_SECONDS only, so that the page recovers soon after the source does. (Pages already
 * cached with content are not replaced by it while the source can still give its last good answer:
 * see ./upstream.ts.)
 */
import { unstable_cache } from 'next/cache';
import type { VideoList } from '@/lib/types';
import { SourceError } from './errors';

export const FAILURE_RETRY_SECONDS = 60;

export type Attempt<T> = { ok: true; value: T } | { ok: false; code: string };

/** The code a visitor's page stores for a failure: the upstream's own, or one for the kind. */
export function failureCode(err: SourceError): string {
  if (err.code) return err.code;
  return err.kind === 'timeout' ? 'source_timeout' : 'source_unavailable';
}

// A cached value with a short revalidate lowers the revalidate of the page that reads it (Next
// keeps the lowest of a render's cache lifetimes), which is what shortens an error render's life.
const shortLived = unstable_cache(async () => true, ['tubefront-source-failure'], { revalidate: FAILURE_RETRY_SECONDS });

/** Marks the page being rendered as showing a failure: it is cached FAILURE_RETRY_SECONDS at most. */
export async function renderingFailure(): Promise<void> {
  try {
    await shortLived();
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
    await renderingFailure();
    return { ok: false, code: failureCode(err) };
  }
}

/** A list for a listing view: the videos, or none and the error code to show. */
export function listOrError(a: Attempt<VideoList>): { list: VideoList; error?: string } {
  return a.ok ? { list: a.value } : { list: { videos: [], total: null }, error: a.code };
}
