import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Page } from '@/components/layout/page';
import { attempt, getCategory, getVideos, listOrError } from '@/lib/api';
import { DEFAULTS } from '@/lib/api/constants';
import { t } from '@/lib/i18n';
import { filterWords, listingMetadata, pageSuffix, type ListingParams } from '@/lib/seo/listing';
import { categoryUrl, videosUrl } from '@/lib/seo/urls';
import { FilterMenu } from './filter-menu';
import { ListingView } from './listing-view';

const COUNT = DEFAULTS.count;

function withFilters(base: string, p: ListingParams): string {
  const words = filterWords(p);
  return words ? `${base} (${words})` : base;
}

/** /videos/{sort}/{page}/ with optional filters. */
export async function SortListing({ p }: { p: ListingParams }) {
  const { list, error } = listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, count: COUNT })));
  // A page past the end is not a page (the first page shows the empty-listing message instead).
  if (!error && p.page > 1 && list.videos.length === 0) notFound();
  const f = { date: p.date, duration: p.duration };
  return (
    <Page>
      <ListingView
        heading={t(`sorts.${p.sort}`)}
        subheading={filterWords(p) || undefined}
        list={list}
        error={error}
        page={p.page}
        count={COUNT}
        href={(page) => videosUrl(p.sort, page, f)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => videosUrl(n.sort ?? p.sort, 1, n)} />}
      />
    </Page>
  );
}

export function sortListingMetadata(p: ListingParams): Metadata {
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(t('listing.videosHeading', { sort }), p) + pageSuffix(p.page),
    description: t('listing.sortDescription', { sort }),
    canonical: videosUrl(p.sort, p.page, p),
  });
}

/** /categories/{dir}/{sort}/{page}/ with optional filters. */
export async function CategoryListing({ dir, p }: { dir: string; p: ListingParams }) {
  const found = await attempt(() => getCategory(dir));
  if (found.ok && !found.value) notFound();
  // When the categories cannot be read, the listing still says which category it is and why it is empty.
  const category = found.ok && found.value ? found.value : { title: dir, dir };
  const loaded = found.ok ? listOrError(await attempt(() => getVideos({ sort: p.sort, page: p.page, date: p.date, duration: p.duration, category: dir, count: COUNT }))) : listOrError(found);
  const { list, error } = loaded;
  if (!error && p.page > 1 && list.videos.length === 0) notFound();
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
        count={COUNT}
        href={(page) => categoryUrl(dir, p.sort, page, f)}
        filter={<FilterMenu sort={p.sort} date={p.date} duration={p.duration} href={(n) => categoryUrl(dir, n.sort ?? p.sort, 1, n)} />}
      />
    </Page>
  );
}

export async function categoryListingMetadata(dir: string, p: ListingParams): Promise<Metadata> {
  const found = await attempt(() => getCategory(dir));
  const category = found.ok ? found.value : { title: dir };
  if (!category) return {};
  const sort = t(`sorts.${p.sort}`);
  return listingMetadata({
    title: withFilters(`${t('listing.categoryHeading', { category: category.title })} - ${sort}`, p) + pageSuffix(p.page),
    description: t('listing.categoryDescription', { category: category.title, sort: sort.toLowerCase() }),
    canonical: categoryUrl(dir, p.sort, p.page, p),
  });
}
