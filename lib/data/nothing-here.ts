import 'server-only';
/**
 * Answers of cached routes for URLs that name nothing: an unknown category, a page past the
 * last, a bad sort or page, a wrong video dir (a missing video's redirect to /404/ does the same in
 * its page). Anyone can invent such URLs by the million, and each would be a page-cache entry (in
 * Redis too) and an edge entry for a day: marked short-lived, each lives a minute at most in every
 * cache (lib/cache/redis-handler.mjs keeps such entries apart and out of Redis; the response
 * patch in lib/server/response-patches.ts gives them no stale-while-revalidate; the edge does not
 * store them), and a scheduled video or a new category shows within that minute.
 */
import { notFound, permanentRedirect } from 'next/navigation';
import { shortLived } from '@/lib/data';

/** The 404 page, for a minute. */
export async function notFoundBriefly(): Promise<never> {
  await shortLived();
  notFound();
}

/** A permanent redirect to `url` (a wrong video dir to the canonical one), for a minute. */
export async function redirectBriefly(url: string): Promise<never> {
  await shortLived();
  permanentRedirect(url);
}
