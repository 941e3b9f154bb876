// Search terms are unbounded: this page renders per request (never one page-cache entry per
// term) from lib/data's bounded in-memory result cache; proxy.ts adds s-maxage for a CDN.
export const dynamic = 'force-dynamic';

export { default, generateMetadata } from '@/components/pages/search-page';
