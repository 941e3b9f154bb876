// The home page of the gay and shemale sections (lib/web/routes.ts ORIENTATION_SEGMENTS); any other first segment is a 404.
export const revalidate = 3600;

export function generateStaticParams(): { orientation: string }[] {
  return [];
}

export { default, generateMetadata } from '@/components/pages/home-page';
