/**
 * Page-view hits (docs/spec.md §7): each carries the path, the campaign (query `campaign` or
 * `camp`) and the page name, and is retried every second until every configured service has it.
 * There is no cap on attempts: a hit is only given up for a service whose script has failed to
 * load (an error event, or no load within the spec's 120 s asset timeout, docs/spec.md §8), since such
 * a service can never receive it. A slow network therefore loses no hit, and a blocked tracker
 * costs 120 cheap checks at most.
 */
export interface Hit {
  /** Path and query, e.g. /videos/top-rated/2/?date=week; never a search term (reportedPage). */
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
/** docs/spec.md §8: an asset that has not loaded after 120 s has failed. */
export const ASSET_TIMEOUT_MS = 120_000;

/** Query parameters that hold what a visitor typed (the search page's term): never reported. */
const TYPED = ['s', 'q'];

/** Shorter terms are refused by the search page, whose name then does not hold them. */
const MIN_TERM = 3;

/**
 * The path and query a page view is reported under: the page's own, without what the visitor
 * typed (`/search/2/?s=term&duration=1` is `/search/2/?duration=1`), and those terms, which the
 * page name must lose too.
 */
export function reportedPage(pathname: string, search: string): { path: string; terms: string[] } {
  const q = new URLSearchParams(search);
  const terms: string[] = [];
  for (const key of TYPED) {
    for (const v of q.getAll(key)) {
      // The page names the term as the search page reads it: trimmed, whitespace folded.
      for (const t of [v.trim(), v.replace(/\s+/g, ' ').trim()]) if ([...t].length >= MIN_TERM && !terms.includes(t)) terms.push(t);
    }
    q.delete(key);
  }
  const rest = q.toString();
  return { path: `${pathname}${rest ? `?${rest}` : ''}`, terms };
}

/** A page name (or any text) with every occurrence of the terms replaced by '…', whatever its case. */
export function withoutTerms(text: string, terms: string[]): string {
  let out = text;
  for (const t of [...terms].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '…');
  }
  return out;
}

/** A referrer on this site as reported: its search terms left out like the page's. Other sites' are kept. */
export function reportedReferrer(referrer: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.origin !== origin) return referrer;
  return `${url.origin}${reportedPage(url.pathname, url.search).path}`;
}

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
