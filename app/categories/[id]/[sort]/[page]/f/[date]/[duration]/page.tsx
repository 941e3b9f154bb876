import { categoryListingPage } from '@/components/pages/listing-pages';

// Internal route: proxy.ts rewrites a category's listing with ?date=&duration= here (a cached page per filter combination).
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string; date: string; duration: string }[] {
  return [];
}

const page = categoryListingPage;
export const generateMetadata = page.generateMetadata;
export default page.Page;
