import { entityIndexPage } from '@/components/entities/entity-index';

// The categories lifetime (docs/spec.md §9): an index changes as its counts do.
export const revalidate = 14400;

export function generateStaticParams(): { orientation: string }[] {
  return [];
}

const page = entityIndexPage('channel');
export const generateMetadata = page.generateMetadata;
export default page.Page;
