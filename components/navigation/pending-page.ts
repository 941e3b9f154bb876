/**
 * The page a navigation is on its way to, while the router waits for it: set by the link that
 * started it (LinkPending) or by code that navigates (the search box), shown by PageSkeleton, which
 * knows which pages have a placeholder. Listing links do not prefetch (a page of 60 cards for every
 * link in view), so without this the old page stayed as it was, with no sign of the click, until
 * the new one arrived.
 */
import { STOP_SCROLL, withoutStopScroll } from '@/lib/client/stop-scroll';

export interface PendingPage {
  /** Where the navigation goes. */
  href: string;
  /** The URL the navigation leaves (pageKey): once the address is another, the page has arrived. */
  from: string;
  /** The navigation keeps the scroll position (stopScroll). */
  keepScroll: boolean;
}

/** A page's URL as the placeholder compares it: path and query, without stopScroll, the query in one spelling. */
export const pageKey = (pathname: string, search: string) => `${pathname}?${withoutStopScroll(search)}`;

let pending: PendingPage | null = null;
const listeners = new Set<() => void>();

function set(next: PendingPage | null): void {
  pending = next;
  listeners.forEach((l) => l());
}

/** A navigation to `href` has started; nothing happens for the page shown. */
export function startPendingPage(href: string): void {
  const url = new URL(href, window.location.href);
  const from = pageKey(window.location.pathname, window.location.search);
  if (pageKey(url.pathname, url.search) === from) return;
  set({ href: url.href, from, keepScroll: url.searchParams.has(STOP_SCROLL) });
}

export function endPendingPage(): void {
  if (pending) set(null);
}

export const getPendingPage = (): PendingPage | null => pending;

export function subscribePendingPage(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
