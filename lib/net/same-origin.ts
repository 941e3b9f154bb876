/**
 * Statistics posts come from the site's own pages (and from API clients that send no browser
 * headers at all). A browser posting from another site says so: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is neither the site's public origin nor the host the request was sent to.
 *
 * `Sec-Fetch-Site: same-origin` (a header no page can set) settles it the other way before the
 * Origin is compared with Host: a proxy in front may have rewritten Host (nginx's `$host` drops
 * the port, so a page served on :8080 posted with an Origin that no longer matched it, and every
 * view and vote through the shipped edge on a port of its own was refused).
 */
export function isCrossSite(headers: Headers, siteUrl: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin') return false;
  const origin = headers.get('origin');
  if (origin === null) return false;
  let host: string;
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return true;
    host = parsed.host;
    if (parsed.origin === new URL(siteUrl).origin) return false;
  } catch {
    // 'null' (sandboxed frames, file:) and garbage: not this site.
    return true;
  }
  return host !== (headers.get('host') ?? '');
}
