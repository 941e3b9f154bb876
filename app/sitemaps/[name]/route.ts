import { pagesSitemap, videoSitemap, XML_HEADERS } from '@/lib/seo/sitemap';

// Each sitemap is cached for a day after its first request.
export const revalidate = 86400;

export function generateStaticParams(): { name: string }[] {
  return [];
}

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  let body: string | null = null;
  if (name === 'pages.xml') body = await pagesSitemap();
  else {
    const m = /^videos-([1-9]\d{0,4})\.xml$/.exec(name);
    if (m?.[1]) body = await videoSitemap(Number(m[1]));
  }
  if (body === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(body, { headers: XML_HEADERS });
}
