/**
 * The text of the inline script (and style) that runs before first paint, in one place: the
 * Content-Security-Policy allows the script by the hash of exactly this text.
 */
import { GATE_CSS, gateScript } from '@/components/agegate/gate';
import { cookieNoticeScript } from '@/components/cookie-notice/notice-flag';

/** The inline script for the configured age-gate countries. */
export function beforePaintScript(countries: readonly string[]): string {
  return gateScript(countries) + cookieNoticeScript;
}

export const BEFORE_PAINT_CSS = GATE_CSS;
