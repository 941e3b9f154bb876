import { entityListingPage } from '@/components/listing/entity-listing-page';

// Cached (ISR) for the 'videos' lifetime; an unknown or empty channel is a 404 cached a minute (lib/data/nothing-here.ts).
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string }[] {
  return [];
}

const page = entityListingPage('channel');
export const generateMetadata = page.generateMetadata;
export default page.Page;
