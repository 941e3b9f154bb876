import { sitemapIndex, XML_HEADERS } from '@/lib/seo/sitemap';

// Rebuilt daily (the 'videos' lifetime).
export const revalidate = 86400;

export async function GET() {
  return new Response(await sitemapIndex(), { headers: XML_HEADERS });
}
