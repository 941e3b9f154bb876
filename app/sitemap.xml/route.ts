import { sitemapIndex, sitemapUnavailable, XML_HEADERS } from '@/lib/seo/sitemap';

// Rendered per request and never kept in the page cache (lib/seo/sitemap.ts); its file list is
// memoised for an hour in lib/api.
export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    return new Response(await sitemapIndex(), { headers: XML_HEADERS });
  } catch (err) {
    return sitemapUnavailable(err);
  }
}
