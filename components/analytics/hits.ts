/**
 * Page-view hits (spec section 7): each carries the path, the campaign (query `campaign` or
 * `camp`) and the page name, and is retried every second until every configured service has it.
 * There is no cap on attempts: a hit is only given up for a service whose script has failed to
 * load (an error event, or no load within the spec's 120 s asset timeout, section 8), since such
 * a service can never receive it. A slow network therefore loses no hit, and a blocked tracker
 * costs 120 cheap checks at most.
 */
export interface Hit {
  /** Path and query, e.g. /videos/top-rated/2/?date=week */
  path: string;
  campaign: string | null;
  /** The page name: document.title. */
  title: string;
  /** The previous page's URL within the site, for the referrer. */
  referrer: string;
}

export interface AnalyticsService {
  name: string;
  /** true once the service's library has loaded and can take a hit. */
  ready(): boolean;
  /** true once the library can no longer load (it failed, or timed out): its hits are dropped. */
  failed(): boolean;
  send(hit: Hit): void;
}

export const RETRY_MS = 1000;
/** Spec section 8: an asset that has not loaded after 120 s has failed. */
export const ASSET_TIMEOUT_MS = 120_000;

export function campaignOf(search: string): string | null {
  const q = new URLSearchParams(search);
  const v = (q.get('campaign') ?? q.get('camp') ?? '').trim();
  return v === '' ? null : v.slice(0, 100);
}

/** Sends the hit to every service as soon as it is ready; returns a function that stops retrying. */
export function deliver(hit: Hit, services: AnalyticsService[], retryMs = RETRY_MS): () => void {
  const pending = new Set(services);
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const attempt = () => {
    for (const s of [...pending]) {
      try {
        if (s.failed()) {
          pending.delete(s);
          continue;
        }
        if (!s.ready()) continue;
        s.send(hit);
        pending.delete(s);
      } catch {
        // retried on the next tick
      }
    }
    if (pending.size === 0) stop();
  };
  attempt();
  if (pending.size > 0) timer = setInterval(attempt, retryMs);
  return stop;
}
