/**
 * Page-view hits (spec section 7): each carries the path, the campaign (query `campaign` or
 * `camp`) and the page name, and is retried every second until every configured service has it.
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
  send(hit: Hit): void;
}

export const RETRY_MS = 1000;
/** Gives up after this many attempts (a blocked script never loads); matches the 120 s asset timeout. */
export const MAX_ATTEMPTS = 120;

export function campaignOf(search: string): string | null {
  const q = new URLSearchParams(search);
  const v = (q.get('campaign') ?? q.get('camp') ?? '').trim();
  return v === '' ? null : v.slice(0, 100);
}

/** Sends the hit to every service as soon as it is ready; returns a function that stops retrying. */
export function deliver(hit: Hit, services: AnalyticsService[], retryMs = RETRY_MS, maxAttempts = MAX_ATTEMPTS): () => void {
  const pending = new Set(services);
  let attempts = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const attempt = () => {
    attempts += 1;
    for (const s of [...pending]) {
      try {
        if (!s.ready()) continue;
        s.send(hit);
        pending.delete(s);
      } catch {
        // retried on the next tick
      }
    }
    if (pending.size === 0 || attempts >= maxAttempts) stop();
  };
  attempt();
  if (pending.size > 0 && attempts < maxAttempts) timer = setInterval(attempt, retryMs);
  return stop;
}
