/**
 * What the providers' settings share. A wrong one answers with one line worded as lib/config's:
 * the variable, what it was given and what it accepts, a long value (a PEM) cut short.
 */

export function invalidSetting(name: string, value: string, accepts: string): string {
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return `Invalid ${name}=${JSON.stringify(shown)}: ${name} accepts ${accepts}.`;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL, or http on this machine only (a provider run locally for development or tests). */
export function isProviderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

/** The site's origin from SITE_URL (lib/config's default when unset): return URLs must be on it. */
export function siteOrigin(env: Record<string, string | undefined>, errors: string[]): string {
  const siteUrl = env.SITE_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`;
  try {
    return new URL(siteUrl).origin;
  } catch {
    errors.push(invalidSetting('SITE_URL', siteUrl, 'an http(s) origin (age providers send the visitor back to it)'));
    return '';
  }
}
