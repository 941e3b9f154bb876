/**
 * The text of the script (and style) that runs before first paint, in one place. Each is a
 * file of its own (app/before-paint/[file]/route.ts), named by a hash of its text: the page carries
 * only their URLs, where the inline script's ~3 KB and style's ~0.6 KB went into every page twice (HTML and React's flight
 * data) and pushed a listing over its 100 KB budget. A name changes with its text, so a file is
 * cached for good and a returning visitor's render-blocking fetches never leave the browser.
 */
import { createHash } from 'node:crypto';
import { GATE_CSS, gateScript } from '@/components/agegate/gate';
import { cookieNoticeScript } from '@/components/cookie-notice/notice-flag';
import { sectionMemoryScript } from '@/components/header/section-memory';
import { browserPolicy } from '@/lib/age/browser-policy';
import { getConfig } from '@/lib/config';

/** Where the script files are served; the family is declared in lib/web/route-families.ts. */
export const BEFORE_PAINT_PATH = '/before-paint/';

/** The script for the configured age-gate countries (and the countries and regions that verify). */
export function beforePaintScript(countries: readonly string[], options: Parameters<typeof gateScript>[1] = {}): string {
  return gateScript(countries, options) + cookieNoticeScript + sectionMemoryScript();
}

/** The script this site's settings make: what the page names and the route serves. */
export function siteBeforePaintScript(): string {
  const c = getConfig();
  return beforePaintScript(c.ageGateCountries, browserPolicy(c.agePolicy));
}

/** The gate's style: the page's own stylesheets block rendering until it is there too, with JavaScript off as well. */
export const BEFORE_PAINT_CSS = GATE_CSS;

/** A file's name: a hash of its text, so that a changed setting is a new URL. */
export function beforePaintFile(text: string, ext: 'js' | 'css'): string {
  return `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.${ext}`;
}

/** A name the route could have written (any version: a page cached before a change still names an old one). */
export const BEFORE_PAINT_FILE = /^[0-9a-f]{16}\.(js|css)$/;
