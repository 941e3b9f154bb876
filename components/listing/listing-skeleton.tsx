import { PageHeadingSkeleton, Page } from '@/components/layout/page';
import { LoadingStatus } from '@/components/loading/loading-status';
import skeleton from '@/components/loading/skeleton.module.css';
import { GridSkeleton } from './grid-skeleton';
import styles from './listing-view.module.css';

/**
 * Enough placeholder cards to fill a tall screen at every column count (2 and 5 a row), so that
 * the footer stays below the fold until the page is there.
 */
export const SKELETON_CARDS = 20;

/** A listing page (ListingView) while it loads: its heading with the filter, its count line, its grid. */
export function ListingSkeleton() {
  return (
    <Page>
      <LoadingStatus />
      <PageHeadingSkeleton>
        <span className={skeleton.pill} />
      </PageHeadingSkeleton>
      <p className={styles.sub} aria-hidden="true">
        <span className={skeleton.word}>&nbsp;</span>
      </p>
      <GridSkeleton count={SKELETON_CARDS} />
    </Page>
  );
}
