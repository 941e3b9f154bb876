import { PREFIXED_SEGMENTS } from '@/lib/web/routes';

// The home page of the gay and shemale sections (lib/web/routes.ts ORIENTATION_SEGMENTS), made at
// build time as the straight one is. Any other first segment names no page: Next's own 404 (the
// whole not-found page in the HTML; the proxy's rewrite target for a broken escape is one such path).
export const revalidate = 3600;
export const dynamicParams = false;

export function generateStaticParams(): { orientation: string }[] {
  return PREFIXED_SEGMENTS.map((orientation) => ({ orientation }));
}

export { default, generateMetadata } from '@/components/pages/home-page';
