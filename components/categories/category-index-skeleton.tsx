import { Page, PageHeading } from '@/components/layout/page';
import { SKELETON_CARDS } from '@/components/listing/listing-skeleton';
import { LoadingStatus } from '@/components/loading/loading-status';
import skeleton from '@/components/loading/skeleton.module.css';
import styles from './category-index.module.css';

export interface CategoryIndexHeading {
  title: string;
  /** The sort links' words, in their order. */
  sorts: string[];
}

/**
 * The category index while it loads: CategoryIndex's heading (its very words, which decide where
 * the heading wraps and so where the tiles start), sort links and tiles, from its own classes.
 */
export function CategoryIndexSkeleton({ heading }: { heading: CategoryIndexHeading }) {
  return (
    <Page>
      <LoadingStatus />
      <PageHeading title={heading.title}>
        <span className={styles.sorts} aria-hidden="true">
          {heading.sorts.map((s) => (
            <span key={s} className={styles.sort}>
              {s}
            </span>
          ))}
        </span>
      </PageHeading>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <span className={styles.card} data-skeleton="category">
              <span className={`${styles.thumb} ${skeleton.thumb}`} />
              <span className={styles.name}>
                <span className={skeleton.word}>&nbsp;</span>
              </span>
              <span className={styles.count}>&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    </Page>
  );
}
