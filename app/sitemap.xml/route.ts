import { sitemapResponse } from '@/lib/seo/sitemap-response';

// Answered by the sitemap store (lib/seo/sitemap-store.ts): rendered once per catalogue version,
// kept apart from the page cache.
export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return sitemapResponse(request, 'sitemap.xml');
}
