/**
 * The spec's `stopScroll` navigation parameter (docs/spec.md §2): every navigation scrolls to the top of
 * the page unless its URL carries stopScroll. The router scrolls to the top by itself (a page's top
 * edge sits under the header, inside the scroll padding, so it always counts as out of view); a
 * link that sets stopScroll (withStopScroll) passes Next's `scroll={false}`, and StopScrollHandler
 * keeps the position where the router would scroll anyway. Once there, the parameter leaves the
 * address bar; canonical URLs never carry it.
 *
 * Client-safe and pure: links are built with it on the server and in the browser.
 */

export const STOP_SCROLL = 'stopScroll';

const BASE = 'http://x';

/** The same href with stopScroll set (before any hash). */
export function withStopScroll(href: string): string {
  const url = new URL(href, BASE);
  url.searchParams.set(STOP_SCROLL, '1');
  return url.href.slice(url.origin.length);
}

/** A query string ('a=1&b=2', with or without its '?') without stopScroll; '' when nothing is left. */
export function withoutStopScroll(search: string): string {
  const q = new URLSearchParams(search);
  q.delete(STOP_SCROLL);
  return q.toString();
}
