import type { MetadataRoute } from 'next';
import { getConfig } from '@/lib/config';

export const revalidate = 86400;

/**
 * Search pages are not disallowed: they carry `noindex, follow`, which a crawler only reads if it
 * may fetch the page, and the tag links of every video page point there. Disallowing them would
 * keep crawlers from the videos those pages link to while still letting bare search URLs be
 * indexed from links. One mechanism, the robots meta tag, keeps them out of the index.
 */
export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getConfig();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/history/', '/bookmarks/', '/my-data/', '/videos/*/f/', '/categories/*/f/', '/category-index/'] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
