// Home rows have a cache lifetime of 3600 s (docs/spec.md §9).
export const revalidate = 3600;

export { default, generateMetadata } from '@/components/pages/home-page';
