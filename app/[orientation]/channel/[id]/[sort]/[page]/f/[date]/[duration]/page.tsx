import { entityListingPage } from '@/components/listing/entity-listing-page';

// Internal route: proxy.ts rewrites /channel/{dir}/{sort}/{page}/?date=&duration= here (a cached page per filter combination).
export const revalidate = 86400;

export function generateStaticParams(): { orientation: string; id: string; sort: string; page: string; date: string; duration: string }[] {
  return [];
}

const page = entityListingPage('channel');
export const generateMetadata = page.generateMetadata;
export default page.Page;
