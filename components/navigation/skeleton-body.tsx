import { CategoryIndexSkeleton, type CategoryIndexHeading } from '@/components/categories/category-index-skeleton';
import { HomeSkeleton } from '@/components/home/home-skeleton';
import { ListingSkeleton } from '@/components/listing/listing-skeleton';
import type { LoadingPage } from '@/lib/web/route-families';

/** The skeleton of a kind of page (PageSkeleton loads it with the first navigation that may show one). */
export function SkeletonBody({ page, categoryIndex }: { page: LoadingPage; categoryIndex: CategoryIndexHeading }) {
  return page === 'home' ? <HomeSkeleton /> : page === 'categories' ? <CategoryIndexSkeleton heading={categoryIndex} /> : <ListingSkeleton />;
}
