import 'server-only';
/**
 * The answers of /sitemap.xml and /sitemaps/{name}: the file kept for the catalogue's version
 * (./sitemap-store.ts), its stored gzip bytes when the client takes gzip (crawlers do; the header
 * itself comes from next.config.ts, ./sitemap-gzip.ts), with an ETag that a conditional request is
 * answered 304 by. A query string names no other file: it is sent to the file's own URL, so that no
 * cache keeps one copy per made-up ?n=1. The source down: 503, never a 500, never kept. Every body
 * is gzip for a client that takes it, since the header says so for every answer of these paths.
 */
import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { contentVersion } from '@/lib/data';
import { etagMatches } from '@/lib/server/compress-once.mjs';
import { entitySitemap, pagesSitemap, pagesSitemapNames, sitemapIndex, sitemapUnavailable, videoSitemap, XML_HEADERS } from './sitemap';
import { takesGzip } from './sitemap-gzip';
import { sitemapStore } from './sitemap-store';

const unzip = promisify(gunzip);
const zip = promisify(gzip);

/** The renderer of a sitemap file by its name, or null for a name that is none. */
function renderer(name: string): (() => Promise<string | null>) | null {
  if (name === 'sitemap.xml') return () => sitemapIndex();
  if (pagesSitemapNames().includes(name)) return () => pagesSitemap(name);
  const m = /^videos-([1-9]\d{0,5})\.xml$/.exec(name);
  if (m?.[1]) return () => videoSitemap(Number(m[1]));
  return /^(model|channel|tag)s-[1-9]\d{0,5}\.xml$/.test(name) ? () => entitySitemap(name) : null;
}

/** `response` with its body gzipped when the client takes gzip (the answer says so: next.config.ts). */
async function encoded(response: Response, gzipped: boolean): Promise<Response> {
  if (!gzipped) return response;
  const body = Buffer.from(await response.arrayBuffer());
  return new Response(new Uint8Array(await zip(body)), { status: response.status, headers: response.headers });
}

/** `name`: 'sitemap.xml' (the index), a sitemap of pages ('pages.xml': lib/web/route-families.ts), 'videos-{n}.xml', 'models-{n}.xml' (channels, tags). */
export async function sitemapResponse(request: Request, name: string): Promise<Response> {
  const gzipped = takesGzip(request.headers.get('accept-encoding'));
  const url = new URL(request.url);
  if (url.search) {
    // Briefly, as any answer that names nothing (lib/server/response-patches.ts).
    return encoded(new Response('', { status: 308, headers: { Location: url.pathname, 'Cache-Control': 'max-age=0, s-maxage=60' } }), gzipped);
  }
  const notFound = () => encoded(new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=0, s-maxage=60' } }), gzipped);
  const render = renderer(name);
  if (!render) return notFound();
  let file;
  try {
    file = await sitemapStore().get(name, await contentVersion(), render);
  } catch (err) {
    return encoded(sitemapUnavailable(err), gzipped);
  }
  if (!file) return notFound();
  const headers: Record<string, string> = { ...XML_HEADERS, ETag: file.etag, Vary: 'Accept-Encoding' };
  if (etagMatches(request.headers.get('if-none-match') ?? undefined, file.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(gzipped ? file.gzip : await unzip(file.gzip)), { headers });
}
