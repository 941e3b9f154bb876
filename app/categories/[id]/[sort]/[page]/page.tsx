import { categoryListingPage } from '@/components/pages/listing-pages';

// Cached (ISR) for the 'videos' lifetime; an unknown category is a 404 cached a minute (lib/data/nothing-here.ts).
export const revalidate = 86400;

export function generateStaticParams(): { id: string; sort: string; page: string }[] {
  return [];
}

const page = categoryListingPage;
export const generateMetadata = page.generateMetadata;
export default page.Page;
