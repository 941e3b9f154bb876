import { sitemapResponse } from '@/lib/seo/sitemap-response';

// Answered by the sitemap store (lib/seo/sitemap-store.ts): each file rendered once per catalogue
// version, kept apart from the page cache (a crawler reading a hundred sitemaps must not evict the
// pages visitors read).
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return sitemapResponse(request, (await params).name);
}
