import type { MetadataRoute } from 'next';
import { getConfig } from '@/lib/config';

export const revalidate = 86400;

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getConfig();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/search/', '/history/', '/bookmarks/', '/my-data/', '/videos/*/f/', '/categories/*/f/', '/category-index/'] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
