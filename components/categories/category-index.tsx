import type { Metadata } from 'next';
import { LoadingLink } from '@/components/navigation/loading-link';
import { PageHeading, Page } from '@/components/layout/page';
import { EmptyList } from '@/components/listing/empty-list';
import { OutageGuard } from '@/components/outage/source-outage';
import { attempt, getCategories } from '@/lib/data';
import { countText, t } from '@/lib/i18n';
import { categoriesUrl, categoryUrl } from '@/lib/web/routes';
import type { CategorySort, Orientation } from '@/lib/contract/types';
import type { CategoryIndexHeading } from './category-index-skeleton';
import styles from './category-index.module.css';
import { mediaHeldBack } from '@/lib/age/hold-media';

export const categoryIndexMetadata = (o: Orientation): Metadata => ({
  title: t('categories.title'),
  description: t('categories.description'),
  alternates: { canonical: categoriesUrl('count-videos', o) },
});

const SORT_ORDER = ['count-videos', 'recent', 'title'] as const satisfies readonly CategorySort[];
const SORT_TEXTS = { 'count-videos': 'categories.byCount', recent: 'categories.byRecent', title: 'categories.byTitle' } as const satisfies Record<CategorySort, string>;

/** The heading's texts: the index's and its skeleton's (CategoryIndexSkeleton shows the same words, so it wraps the same). */
export function categoryIndexHeading(): CategoryIndexHeading {
  return { title: t('categories.heading'), sorts: SORT_ORDER.map((s) => t(SORT_TEXTS[s])) };
}

/** The category index, by count of videos, by its newest video or by title. */
export async function CategoryIndex({ sort, o }: { sort: CategorySort; o: Orientation }) {
  const heading = categoryIndexHeading();
  const loaded = await attempt(() => getCategories(sort, o));
  const categories = loaded.ok ? loaded.value : [];
  const sorted = sort === 'title' ? [...categories].sort((a, b) => a.title.localeCompare(b.title, 'en')) : categories;
  // The first six are eager (above the fold), none where a region verifies ages (lib/age/hold-media.ts).
  const eager = mediaHeldBack() ? 0 : 6;
  return (
    <Page>
      <PageHeading title={heading.title}>
        <nav aria-label={t('categories.sortLabel')} className={styles.sorts}>
          {SORT_ORDER.map((s, i) =>
            s === sort ? (
              <span key={s} className={`${styles.sort} ${styles.current}`} aria-current="page">
                {heading.sorts[i]}
              </span>
            ) : (
              <LoadingLink key={s} href={categoriesUrl(s, o)} className={styles.sort} prefetch={false}>
                {heading.sorts[i]}
              </LoadingLink>
            ),
          )}
        </nav>
      </PageHeading>
      {sorted.length === 0 ? (
        <>
          <EmptyList reason="no_data" code={loaded.ok ? undefined : loaded.code} />
          {loaded.ok ? null : <OutageGuard />}
        </>
      ) : (
        <ul className={styles.grid}>
          {sorted.map((c, i) => (
            <li key={c.dir}>
              <LoadingLink href={categoryUrl(c.dir, 'latest-updates', 1, {}, o)} prefetch={false} className={styles.card}>
                <span className={styles.thumb}>
                  {c.thumb ? (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={c.thumb} alt="" width={320} height={180} loading={i < eager ? 'eager' : 'lazy'} fetchPriority={i === 0 && eager ? 'high' : undefined} />
                  ) : null}
                </span>
                <span className={styles.name}>{c.title}</span>
                <span className={styles.count}>{countText('categories.count', c.totalVideos)}</span>
              </LoadingLink>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
