import { videosPage } from '@/components/pages/listing-pages';

// Cached (ISR) for the 'videos' lifetime; rendered on first request, then served from the cache (the gay and shemale sections: lib/web/routes.ts ORIENTATION_SEGMENTS).
export const revalidate = 86400;

export function generateStaticParams(): { orientation: string; sort: string; page: string }[] {
  return [];
}

const page = videosPage;
export const generateMetadata = page.generateMetadata;
export default page.Page;
