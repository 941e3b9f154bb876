import 'server-only';
/**
 * The answers of /sitemap.xml and /sitemaps/{name}: the file kept for the catalogue's version
 * (./sitemap-store.ts), gzipped when the client takes it (crawlers do), with an ETag that a
 * conditional request is answered 304 by. A query string names no other file: it is sent to the
 * file's own URL, so that no cache keeps one copy per made-up ?n=1. The source down: 503, never a
 * 500, never kept.
 */
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { contentVersion } from '@/lib/api';
import { acceptsGzip, etagMatches } from '@/lib/server/compress-once.mjs';
import { pagesSitemap, sitemapIndex, sitemapUnavailable, videoSitemap, XML_HEADERS } from './sitemap';
import { sitemapStore } from './sitemap-store';

const unzip = promisify(gunzip);

/** The renderer of a sitemap file by its name, or null for a name that is none. */
function renderer(name: string): (() => Promise<string | null>) | null {
  if (name === 'sitemap.xml') return sitemapIndex;
  if (name === 'pages.xml') return pagesSitemap;
  const m = /^videos-([1-9]\d{0,5})\.xml$/.exec(name);
  return m?.[1] ? () => videoSitemap(Number(m[1])) : null;
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=0, s-maxage=60' } });

/** `name`: 'sitemap.xml' (the index), 'pages.xml', 'videos-{n}.xml'. */
export async function sitemapResponse(request: Request, name: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.search) {
    // Briefly, as any answer that names nothing (lib/server/response-patches.ts).
    return new Response(null, { status: 308, headers: { Location: url.pathname, 'Cache-Control': 'max-age=0, s-maxage=60' } });
  }
  const render = renderer(name);
  if (!render) return notFound();
  let file;
  try {
    file = await sitemapStore().get(name, await contentVersion(), render);
  } catch (err) {
    return sitemapUnavailable(err);
  }
  if (!file) return notFound();
  const headers: Record<string, string> = { ...XML_HEADERS, ETag: file.etag, Vary: 'Accept-Encoding' };
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, file.etag)) return new Response(null, { status: 304, headers });
  if (acceptsGzip(request.headers.get('accept-encoding') ?? undefined)) {
    return new Response(new Uint8Array(file.gzip), { headers: { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(file.gzip.length) } });
  }
  return new Response(new Uint8Array(await unzip(file.gzip)), { headers: { ...headers, 'Content-Length': String(file.length) } });
}
