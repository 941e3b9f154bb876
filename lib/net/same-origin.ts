/**
 * Statistics posts come from the site's own pages (and from API clients that send no browser
 * headers at all). A browser posting from another site says so: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is neither the site's public origin nor the host the request was sent to.
 */
export function isCrossSite(headers: Headers, siteUrl: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
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
