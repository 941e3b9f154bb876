import { BEFORE_PAINT_CSS, beforePaintScript } from './before-paint';

/**
 * The first child of <body> (rendered by the root layout), run before first paint: sets the age
 * gate class for visitors from a gated country who have not confirmed their age (no flash of
 * content), and the class that hides the server-rendered cookie notice once it was accepted.
 * Only classes change: the HTML stays identical for everybody. Server component: no JavaScript
 * bundle of its own.
 */
export function BeforePaintScript({ countries, policies, verify }: { countries: string[]; policies?: Record<string, string>; verify?: boolean }) {
  return (
    <>
      {/* React hoists a <style> with href and precedence into <head>: a style element in body is invalid HTML. */}
      <style href="tf-before-paint" precedence="high" dangerouslySetInnerHTML={{ __html: BEFORE_PAINT_CSS }} />
      <script dangerouslySetInnerHTML={{ __html: beforePaintScript(countries, { policies, verify }) }} />
    </>
  );
}
