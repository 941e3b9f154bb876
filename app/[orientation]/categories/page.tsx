import { categoryIndexPage } from '@/components/pages/listing-pages';

// The categories lifetime (docs/spec.md §9).
export const revalidate = 14400;

export function generateStaticParams(): { orientation: string }[] {
  return [];
}

export const generateMetadata = categoryIndexPage.generateMetadata;
export default categoryIndexPage.Page;
