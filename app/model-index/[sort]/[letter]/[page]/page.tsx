import { entityIndexPage } from '@/components/entities/entity-index';

// Internal route: proxy.ts rewrites /models/?sort=&letter=&page= here (a cached page per sort, letter and page).
export const revalidate = 14400;

export function generateStaticParams(): { sort: string; letter: string; page: string }[] {
  return [];
}

const page = entityIndexPage('model');
export const generateMetadata = page.generateMetadata;
export default page.Page;
