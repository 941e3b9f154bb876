import { CategoryIndex, categoryIndexMetadata } from '@/components/categories/category-index';

// The categories lifetime (docs/spec.md §9).
export const revalidate = 14400;

export const metadata = categoryIndexMetadata;

export default function CategoriesPage() {
  return <CategoryIndex sort="count-videos" />;
}
