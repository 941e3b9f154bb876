'use client';
import { useEffect } from 'react';

/** The elements that have a preview: a clip (data-preview) or frames (data-frames). */
const SELECTOR = '[data-preview],[data-frames]';

function motionAllowed(): boolean {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false;
  const c = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return !c?.saveData;
}

/**
 * The hover preview of every thumbnail, mounted once. The player (./preview-player.ts) is no part
 * of the first view: it loads with the first hover on a thumbnail, or on a touch screen with the
 * first touch or scroll, and stays out of every page's first-load JavaScript. Nothing plays under
 * prefers-reduced-motion or Save-Data.
 */
export function PreviewController() {
  useEffect(() => {
    if (!motionAllowed()) return;
    const canHover = window.matchMedia('(hover: hover)').matches;
    const triggers = canHover ? ['pointerover'] : ['touchstart', 'scroll'];
    let live = true;
    let stop: (() => void) | undefined;
    const detach = () => triggers.forEach((t) => document.removeEventListener(t, load, true));
    function load(e: Event) {
      const hovered = e.target instanceof Element ? e.target.closest<HTMLElement>(SELECTOR) : null;
      if (canHover && !hovered) return;
      detach();
      import('./preview-player')
        .then((m) => {
          if (live) stop = m.startPreviews(SELECTOR, canHover, hovered);
        })
        .catch(() => {
          // no previews this time: the thumbnails stay as they are
        });
    }
    triggers.forEach((t) => document.addEventListener(t, load, { capture: true, passive: true }));
    return () => {
      live = false;
      detach();
      stop?.();
    };
  }, []);
  return null;
}
