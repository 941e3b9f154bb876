import 'server-only';
/**
 * The health of this instance, for load balancers: can it read its catalogue (the embedded file,
 * or the upstream API), and which page-cache tier does it use. One real one-video list call,
 * its result kept HEALTH_TTL_MS so that a balancer polling every second costs one call at most.
 */
import { getConfig } from '@/lib/config';
import { getSource } from './index';
import { SourceError } from '@/lib/contract/errors';
import type { Source } from '@/lib/contract/source';
import { pageCacheVersion } from '@/lib/server/page-cache-events.mjs';

const HEALTH_TTL_MS = 2000;

/**
 * The page-cache tier in use: Redis when REDIS_URL is set and Next loaded the Redis handler (Next
 * constructs its cache handler for every request, before any route runs). A server given REDIS_URL
 * whose handler was never loaded (a build that lacks it) says `memory`, which is the truth.
 */
function cacheTier(): Health['cache'] {
  // The handler attaches to the page-cache events when it makes its process-wide state.
  const loaded = pageCacheVersion() !== null;
  return getConfig().redisUrl && loaded ? 'redis' : 'memory';
}

export interface Health {
  ok: boolean;
  source: Source['name'];
  /** The page cache in use: the bounded in-memory LRU alone, or with Redis behind it (REDIS_URL, its handler loaded). */
  cache: 'memory' | 'redis';
  /** How long the probe took, in ms. */
  ms: number;
  /** What failed, when not ok: the SourceError kind. */
  error?: string;
}

let last: { at: number; health: Promise<Health> } | undefined;

async function probe(): Promise<Health> {
  const started = performance.now();
  const source = await getSource();
  const cache = cacheTier();
  try {
    await source.videos({
      lifetime: 60, gender: 'str', sort: 'latest-updates', count: 1, section: '', objectId: '', page: 1, type: 'all', duration: 'all', date: 'all',
    });
    return { ok: true, source: source.name, cache, ms: Math.round(performance.now() - started) };
  } catch (err) {
    const error = err instanceof SourceError ? err.kind : 'internal';
    return { ok: false, source: source.name, cache, ms: Math.round(performance.now() - started), error };
  }
}

export function checkHealth(now = Date.now()): Promise<Health> {
  if (!last || now - last.at > HEALTH_TTL_MS) last = { at: now, health: probe() };
  return last.health;
}
