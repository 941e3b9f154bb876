import { pagesSitemap, videoSitemap, sitemapUnavailable, XML_HEADERS } from '@/lib/seo/sitemap';

// Rendered per request, never kept in the page cache: a crawler reading a hundred sitemaps must
// not evict the pages visitors read. Each file is one key-range read (see npm run bench).
export const dynamic = 'force-dynamic';

async function sitemap(name: string): Promise<string | null> {
  if (name === 'pages.xml') return pagesSitemap();
  const m = /^videos-([1-9]\d{0,5})\.xml$/.exec(name);
  return m?.[1] ? videoSitemap(Number(m[1])) : null;
}

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  let body: string | null;
  try {
    body = await sitemap(name);
  } catch (err) {
    return sitemapUnavailable(err);
  }
  if (body === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(body, { headers: XML_HEADERS });
}
