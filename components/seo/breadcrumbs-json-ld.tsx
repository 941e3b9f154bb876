import { getConfig } from '@/lib/config';
import { breadcrumbJsonLd, type Crumb } from '@/lib/seo/breadcrumbs';
import { JsonLd } from './json-ld';

/** The page's BreadcrumbList (lib/seo/breadcrumbs.ts). */
export function BreadcrumbsJsonLd({ crumbs }: { crumbs: readonly Crumb[] }) {
  return <JsonLd id="breadcrumbs-jsonld" data={breadcrumbJsonLd(getConfig().siteUrl, crumbs)} />;
}
