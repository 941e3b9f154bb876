import { Page } from '@/components/layout/page';
import { t } from '@/lib/i18n';
import { LISTING_COUNT, type CategoryListingData, type EntityListingData, type SortListingData } from '@/lib/data/listings';
import { homeUrl, sectionUrl, videosUrl } from '@/lib/web/routes';
import { filterWords } from '@/lib/seo/listing';
import { sectionCrumbs } from '@/lib/seo/breadcrumbs';
import { BreadcrumbsJsonLd } from '@/components/seo/breadcrumbs-json-ld';
import { FilterMenu } from './filter-menu';
import { ListingView } from './listing-view';

/** /videos/{sort}/{page}/ with optional filters: the view of what getSortListing() loaded. */
export function SortListing({ data: { p, list, error } }: { data: SortListingData }) {
  const f = { date: p.date, duration: p.duration };
  return (
    <Page>
      <ListingView
        heading={t(`sorts.${p.sort}`)}
        subheading={filterWords(p) || undefined}
        list={list}
        error={error}
        page={p.page}
        count={LISTING_COUNT}
        href={(page) => videosUrl(p.sort, page, f, p.o)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => videosUrl(n.sort ?? p.sort, 1, n, p.o)} />}
      />
      <BreadcrumbsJsonLd crumbs={[{ name: t('breadcrumbs.home'), path: homeUrl(p.o) }, { name: t(`sorts.${p.sort}`) }]} />
    </Page>
  );
}

/** A category's, model's, channel's or tag's listing with optional filters. */
function SectionListing({ data: { p, list, error }, kind, dir, heading }: { data: SortListingData; kind: EntityListingData['kind'] | 'category'; dir: string; heading: string }) {
  const f = { date: p.date, duration: p.duration };
  const words = filterWords(p);
  return (
    <Page>
      <ListingView
        heading={heading}
        subheading={[t(`sorts.${p.sort}`), words].filter(Boolean).join(' · ')}
        list={list}
        error={error}
        page={p.page}
        count={LISTING_COUNT}
        href={(page) => sectionUrl(kind, dir, p.sort, page, f, p.o)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => sectionUrl(kind, dir, n.sort ?? p.sort, 1, n, p.o)} />}
      />
    </Page>
  );
}

/** /categories/{dir}/{sort}/{page}/ with optional filters: the view of what getCategoryListing() loaded. */
export function CategoryListing({ data }: { data: CategoryListingData }) {
  return (
    <>
      <SectionListing data={data} kind="category" dir={data.dir} heading={t('listing.categoryHeading', { category: data.category.title })} />
      <BreadcrumbsJsonLd crumbs={sectionCrumbs('category', data.category, false, data.p.o)} />
    </>
  );
}

/** /models/{dir}/..., /channel/{dir}/..., /tags/{dir}/...: the view of what getEntityListing() loaded. */
export function EntityListing({ data }: { data: EntityListingData }) {
  return (
    <>
      <SectionListing data={data} kind={data.kind} dir={data.dir} heading={t(`listing.${data.kind}Heading`, { name: data.entity.title })} />
      <BreadcrumbsJsonLd crumbs={sectionCrumbs(data.kind, data.entity, false, data.p.o)} />
    </>
  );
}
