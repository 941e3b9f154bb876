/**
 * BreadcrumbList structured data: where a page sits under home (home > section > the category,
 * model, channel or tag > the video). Google reads a crumb without `item` as the page itself,
 * which only the last may be.
 */
import { t } from '@/lib/i18n';
import { absoluteUrl } from '@/lib/seo/urls';
import { categoriesUrl, entityIndexUrl, homeUrl, sectionUrl, type SectionKind } from '@/lib/web/routes';
import type { Orientation } from '@/lib/contract/types';

export interface Crumb {
  name: string;
  /** Root-relative; absent for the page itself (the last crumb). */
  path?: string;
}

/** Home, then the index of `kind` (a tag has none), then the category, model, channel or tag itself. */
export function sectionCrumbs(kind: SectionKind, entity: { title: string; dir: string }, linked: boolean, o: Orientation = 'str'): Crumb[] {
  const index: Crumb[] =
    kind === 'category'
      ? [{ name: t('categories.title'), path: categoriesUrl('count-videos', o) }]
      : kind === 'model' || kind === 'channel'
        ? [{ name: t(`${kind}s.title`), path: entityIndexUrl(kind, {}, o) }]
        : [];
  const self = linked ? { path: sectionUrl(kind, entity.dir, 'latest-updates', 1, {}, o) } : {};
  return [{ name: t('breadcrumbs.home'), path: homeUrl(o) }, ...index, { name: entity.title, ...self }];
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.path ? { item: absoluteUrl(siteUrl, c.path) } : {}),
    })),
  };
}
