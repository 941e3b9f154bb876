/**
 * Absolute URLs for crawlers (canonical, Open Graph, JSON-LD, sitemaps). The site's own routes are
 * built and parsed in lib/web/routes.ts.
 */

/** An absolute URL on this site; absolute http(s) input is kept as it is. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
