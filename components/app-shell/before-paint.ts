/**
 * The text of the inline script (and style) that runs before first paint, in one place. The
 * Content-Security-Policy allows it by 'unsafe-inline' (lib/web/security-headers.ts says why not a hash).
 */
import { GATE_CSS, gateScript } from '@/components/agegate/gate';
import { cookieNoticeScript } from '@/components/cookie-notice/notice-flag';
import { sectionMemoryScript } from '@/components/header/section-memory';

/** The inline script for the configured age-gate countries (and the countries and regions that verify). */
export function beforePaintScript(countries: readonly string[], options: Parameters<typeof gateScript>[1] = {}): string {
  return gateScript(countries, options) + cookieNoticeScript + sectionMemoryScript();
}

export const BEFORE_PAINT_CSS = GATE_CSS;
