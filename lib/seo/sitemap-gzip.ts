/**
 * Sitemaps leave as they are stored, gzipped (./sitemap-store.ts), to every client that takes
 * gzip: no compression per request. A route handler cannot say so itself (Next drops a Response's
 * Content-Encoding and Content-Length: a fetched body may have been decoded on the way), so
 * next.config.ts adds `Content-Encoding: gzip` to the sitemaps' answers by a `has` condition on
 * Accept-Encoding, and the route sends gzip bytes on exactly the same test: this pattern, matched
 * by Next as ^(...)$ against the header as Node joined it, and here the same way. No `next.config.ts`
 * import of server code: this file stands alone.
 */
export const TAKES_GZIP = '.*gzip.*';

const takes = new RegExp(`^${TAKES_GZIP}$`);

/** Whether next.config.ts's rule gives this answer `Content-Encoding: gzip`. */
export function takesGzip(acceptEncoding: string | null): boolean {
  return acceptEncoding !== null && takes.test(acceptEncoding);
}

/** The paths the sitemap routes answer (path-to-regexp, as next.config.ts's headers() takes them). */
export const SITEMAP_SOURCES = ['/sitemap.xml', '/sitemaps/:name'];

/** next.config.ts's headers() rules: the sitemaps' answers to a client that takes gzip are gzip. */
export function sitemapEncodingHeaders() {
  return SITEMAP_SOURCES.map((source) => ({
    source,
    has: [{ type: 'header' as const, key: 'accept-encoding', value: TAKES_GZIP }],
    headers: [{ key: 'Content-Encoding', value: 'gzip' }],
  }));
}
