import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Page, PageHeading } from '@/components/layout/page';
import { EmptyList } from '@/components/listing/empty-list';
import { FilterMenu } from '@/components/listing/filter-menu';
import { ListingView } from '@/components/listing/listing-view';
import { SaveSearchTerm } from '@/components/search/save-search-term';
import { attempt, listOrError, searchVideos } from '@/lib/data';
import { DEFAULTS, LIMITS } from '@/lib/contract/constants';
import { t } from '@/lib/i18n';
import { parseDurationFilter, parsePage, parseTerm, termRefusal, type TermRefusal } from '@/lib/web/params';
import { pageSuffix } from '@/lib/seo/listing';
import { parseOrientationSegment, searchUrl } from '@/lib/web/routes';

/** The search page of each orientation section (app/search/[page]/ and app/[orientation]/search/[page]/). */
type Props = {
  params: Promise<{ page: string; orientation?: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function parse({ params, searchParams }: Props) {
  const { page: rawPage, orientation } = await params;
  const o = parseOrientationSegment(orientation);
  const page = o && parsePage(rawPage);
  const q = await searchParams;
  const term = parseTerm(first(q.s));
  const duration = parseDurationFilter(first(q.duration)) ?? 'all';
  return { page, term, refusal: termRefusal(first(q.s)), duration, o: o ?? 'str' };
}

/** What the visitor can do about a refused term (the search box refuses the same terms, silently: docs/spec.md §5). */
function refusalHint(refusal: TermRefusal | null): string | undefined {
  if (refusal === 'short') return t('listing.searchTooShort', { min: LIMITS.minTerm });
  if (refusal === 'long') return t('listing.searchTooLong', { max: LIMITS.maxTerm });
  return undefined;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { page, term, duration, o } = await parse(props);
  if (!page) return {};
  return {
    title: (term ? t('listing.searchTitle', { term }) : t('listing.searchEmptyHeading')) + pageSuffix(page),
    description: term ? t('listing.searchDescription', { term }) : undefined,
    alternates: term ? { canonical: searchUrl(term, page, { duration }, o) } : undefined,
    // Search result pages are endless and thin: crawlers follow their links but do not index them.
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage(props: Props) {
  const { page, term, refusal, duration, o } = await parse(props);
  if (!page) notFound();
  if (!term) {
    // Read like a search without results (not 'Content not found!', which is for a missing page), with the reason.
    return (
      <Page>
        <PageHeading title={t('listing.searchEmptyHeading')} />
        <EmptyList reason="videos_not_found" hint={refusalHint(refusal)} />
      </Page>
    );
  }
  const count = DEFAULTS.count;
  const { list, error } = listOrError(await attempt(() => searchVideos({ term, page, duration, count, gender: o })));
  // Like every listing, a page past the last is not a page (docs/architecture.md, "Empty pages and 404s").
  if (page > 1 && list.videos.length === 0) notFound();
  return (
    <Page>
      <ListingView
        heading={t('listing.searchHeading', { term })}
        list={list}
        error={error}
        page={page}
        count={count}
        href={(p) => searchUrl(term, p, { duration }, o)}
        filter={<FilterMenu sort={null} date="all" duration={duration} href={(f) => searchUrl(term, 1, f, o)} />}
        emptyReason="videos_not_found"
      />
      <SaveSearchTerm term={term} />
    </Page>
  );
}
