import { entityListingPage } from '@/components/listing/entity-listing-page';

// Internal route: proxy.ts rewrites /models/{dir}/{sort}/{page}/?date=&duration= here (a cached page per filter combination).
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string; date: string; duration: string }[] {
  return [];
}

const page = entityListingPage('model');
export const generateMetadata = page.generateMetadata;
export default page.Page;
