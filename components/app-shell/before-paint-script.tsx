import { BEFORE_PAINT_CSS, BEFORE_PAINT_PATH, beforePaintFile, siteBeforePaintScript } from './before-paint';

/**
 * The first child of <body> (rendered by the root layout), run before first paint: sets the age
 * gate class for visitors from a gated country who have not confirmed their age (no flash of
 * content), and the class that hides the server-rendered cookie notice once it was accepted.
 * Only classes change: the HTML stays identical for everybody. A classic script (no async, no
 * defer) blocks the parser where it stands, so it runs before anything after it is painted.
 * Server component: no JavaScript bundle of its own.
 */
export function BeforePaintScript() {
  return (
    <>
      {/* React hoists a stylesheet with precedence into <head>, where it blocks rendering like the page's own. */}
      <link rel="stylesheet" href={BEFORE_PAINT_PATH + beforePaintFile(BEFORE_PAINT_CSS, 'css')} precedence="high" />
      {/* Synchronous on purpose: it must run before first paint, and it is small and cached for good. */}
      {/* eslint-disable-next-line @next/next/no-sync-scripts */}
      <script src={BEFORE_PAINT_PATH + beforePaintFile(siteBeforePaintScript(), 'js')} />
    </>
  );
}
