import { videosPage } from '@/components/pages/listing-pages';

// Internal route: proxy.ts rewrites {section}/videos/{sort}/{page}/?date=&duration= here, so that each
// whitelisted filter combination is its own cached page while the visitor's URL keeps the query.
export const revalidate = 86400;

export function generateStaticParams(): { sort: string; page: string; date: string; duration: string }[] {
  return [];
}

const page = videosPage;
export const generateMetadata = page.generateMetadata;
export default page.Page;
