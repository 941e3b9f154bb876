import { categoryIndexPage } from '@/components/pages/listing-pages';

// Internal route: proxy.ts rewrites /categories/?sort=title (or recent) here (a cached page per sort).
export const revalidate = 14400;

export function generateStaticParams(): { orientation: string; sort: string }[] {
  return [];
}

export const generateMetadata = categoryIndexPage.generateMetadata;
export default categoryIndexPage.Page;
