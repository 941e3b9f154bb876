import { Page } from '@/components/layout/page';
import { SKELETON_CARDS } from '@/components/listing/listing-skeleton';
import { GridSkeleton } from '@/components/listing/grid-skeleton';
import { LoadingStatus } from '@/components/loading/loading-status';
import skeleton from '@/components/loading/skeleton.module.css';
import styles from './home-row.module.css';

/** Home while it loads: its first row (HomeRow's heading and 'see more' link, then cards); the others are below the fold. */
export function HomeSkeleton() {
  return (
    <Page>
      <LoadingStatus />
      <section className={styles.row} aria-hidden="true">
        <div className={styles.head}>
          <p className={styles.title}>
            <span className={skeleton.word}>&nbsp;</span>
          </p>
          <span className={`${styles.more} ${skeleton.block}`} />
        </div>
        <GridSkeleton count={SKELETON_CARDS} />
      </section>
    </Page>
  );
}
