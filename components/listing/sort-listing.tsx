import { Page } from '@/components/layout/page';
import { t } from '@/lib/i18n';
import { LISTING_COUNT, type CategoryListingData, type SortListingData } from '@/lib/data/listings';
import { categoryUrl, videosUrl } from '@/lib/web/routes';
import { filterWords } from '@/lib/seo/listing';
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
        href={(page) => videosUrl(p.sort, page, f)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => videosUrl(n.sort ?? p.sort, 1, n)} />}
      />
    </Page>
  );
}

/** /categories/{dir}/{sort}/{page}/ with optional filters: the view of what getCategoryListing() loaded. */
export function CategoryListing({ data: { p, dir, category, list, error } }: { data: CategoryListingData }) {
  const f = { date: p.date, duration: p.duration };
  const words = filterWords(p);
  return (
    <Page>
      <ListingView
        heading={t('listing.categoryHeading', { category: category.title })}
        subheading={[t(`sorts.${p.sort}`), words].filter(Boolean).join(' · ')}
        list={list}
        error={error}
        page={p.page}
        count={LISTING_COUNT}
        href={(page) => categoryUrl(dir, p.sort, page, f)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => categoryUrl(dir, n.sort ?? p.sort, 1, n)} />}
      />
    </Page>
  );
}
