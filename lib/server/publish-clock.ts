import 'server-only';
/**
 * Scheduled videos go live without anybody writing to the catalogue: time passes, and every list
 * that a video joins changes. The sources notice it themselves (lib/catalog/list-epoch.ts), but
 * the pages built before that moment are kept by the page cache (and the edge, and Redis) for
 * their whole lifetime. So each server keeps a clock: when the next scheduled video's post_date
 * comes, it tells itself what a catalogue tool tells it after an import (the change endpoint,
 * which drops its pages, in Redis too), then empties the nginx edges (EDGE_PURGE_URLS), as the
 * tools do. The next post_date is read again when a tool announces a change (rereadPublishClock)
 * and every RECHECK_MS (a tool that could not reach this server, another process's import).
 */
import { getConfig } from '@/lib/config';
import { sourceCapabilities } from '@/lib/config/source-kind';
import { nowSeconds } from '@/lib/catalog/filters';
import { announceCatalogChange, purgeEdges } from '@/lib/notify/announce';

/** How often the next scheduled post_date is read again (an import may have scheduled an earlier one). */
export const RECHECK_MS = 60_000;

interface Catalogue {
  /** The first post_date after `now`, or null. */
  nextPublish(now: number): Promise<number | null>;
  secret(): Promise<string | null>;
}

async function openCatalogue(): Promise<Catalogue> {
  const config = getConfig();
  const { store } = await (await import('@/lib/catalog/open')).siteCatalog();
  return {
    nextPublish: async (now) => store.nextPublish(now),
    secret: async () => store.changeSecret(config.revalidateSecret, true),
  };
}

/**
 * Starts this server's clock (once; instrumentation.ts). `selfOrigin` is where this server answers
 * (server.mjs sets TUBEFRONT_SELF_ORIGIN); without it, or in front of an upstream API, there is
 * nothing to do.
 */
export function startPublishClock(selfOrigin: string | undefined, recheckMs = RECHECK_MS): void {
  const config = getConfig();
  if (!selfOrigin || !sourceCapabilities(config).scheduledPublishing) return;
  if (holder.__tubefrontPublishClock) return;

  let catalogue: Promise<Catalogue> | null = null;
  /** The post_date the last wait was for: reached, it is announced. */
  let waitingFor: number | null = null;

  async function publish(): Promise<void> {
    const secret = await (await catalogue!).secret();
    if (!secret) return;
    const [told] = await announceCatalogChange({ reason: 'publish', videoIds: [] }, [selfOrigin!], secret, { retryForMs: recheckMs });
    if (!told?.ok) console.warn(`[publish-clock] scheduled videos went live; this server was not reached (${told?.detail}): its pages follow within their lifetimes`);
    for (const r of await purgeEdges(config.edgePurgeUrls, config.edgePurgeSecret)) {
      if (!r.ok) console.warn(`[publish-clock] edge ${r.origin} not reached (${r.detail}): it serves its cached pages until their lifetimes end`);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  async function tick(): Promise<void> {
    clearTimeout(timer);
    let wait = recheckMs;
    try {
      catalogue ??= openCatalogue();
      const now = nowSeconds();
      if (waitingFor !== null && now >= waitingFor) await publish();
      const next = await (await catalogue).nextPublish(nowSeconds());
      waitingFor = next;
      // A second past the post_date: the video is listed from that second on (post_date <= now).
      if (next !== null) wait = Math.min(recheckMs, Math.max(0, (next + 1) * 1000 - Date.now()));
    } catch (e) {
      catalogue = null;
      console.warn(`[publish-clock] ${e instanceof Error ? e.message : String(e)}; trying again in ${recheckMs / 1000} s`);
    }
    timer = setTimeout(() => void tick(), wait).unref();
  }

  holder.__tubefrontPublishClock = () => void tick();
  void tick();
}

// On globalThis: instrumentation.ts and the route handlers are bundled apart, each with its own copy of this module.
const holder = globalThis as typeof globalThis & { __tubefrontPublishClock?: () => void };

/** Makes the clock read the next post_date now: a catalogue tool has just changed the catalogue. */
export function rereadPublishClock(): void {
  holder.__tubefrontPublishClock?.();
}
