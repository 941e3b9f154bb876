'use client';
import { usePathname, useSearchParams, useSelectedLayoutSegments } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { STOP_SCROLL, withoutStopScroll } from '@/lib/client/stop-scroll';

/**
 * A navigation whose URL carries stopScroll keeps the scroll position (docs/spec.md §2;
 * lib/client/stop-scroll.ts), and the parameter then leaves the address bar, so that a URL copied,
 * bookmarked or shared is the clean one.
 *
 * The link passes scroll={false}, but that is not enough: when the proxy rewrites the URL (a filter
 * query becomes the internal /f/ route), the router finds another route tree than it expected and
 * renders the page again in a second commit, which scrolls to the top whatever the link asked.
 * So the position from before the navigation is put back after each commit that changes the
 * route's segments (this component comes after the page in the tree: its layout effect runs after
 * the router's scroll, before the browser paints).
 */
export function StopScrollHandler() {
  const pathname = usePathname();
  const params = useSearchParams();
  const segments = useSelectedLayoutSegments().join('/');
  const keep = params.has(STOP_SCROLL);
  const query = keep ? withoutStopScroll(params.toString()) : '';
  // Where the visitor was: scroll events arrive after a commit, so a scroll made by the router
  // is not in here yet when the layout effect below reads it.
  const lastY = useRef(0);

  useEffect(() => {
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (keep && window.scrollY !== lastY.current) window.scrollTo({ top: lastY.current, left: 0, behavior: 'instant' });
  }, [keep, pathname, query, segments]);

  // Passive, so after the router has written its history entry. The router's own state is passed
  // on unchanged (it marks the call as the router's): the page stays as it is, only the URL shown changes.
  useEffect(() => {
    if (keep) window.history.replaceState(window.history.state, '', `${pathname}${query ? `?${query}` : ''}${window.location.hash}`);
  }, [keep, pathname, query]);

  return null;
}
