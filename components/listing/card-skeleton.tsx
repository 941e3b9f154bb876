import skeleton from '@/components/loading/skeleton.module.css';
import styles from './video-card.module.css';

/**
 * A card while its page loads. It is built from VideoCard's own classes (the 16:9 thumbnail, the
 * two-line title, the meta row sized by the bookmark button), so it has the card's size exactly
 * and nothing moves when the card takes its place.
 */
export function CardSkeleton() {
  return (
    <div className={styles.card} data-skeleton="card">
      <span className={styles.link}>
        <span className={`${styles.thumb} ${skeleton.thumb}`} />
        <span className={styles.title}>
          <span className={skeleton.line} />
        </span>
      </span>
      <span className={styles.meta}>
        <span className={skeleton.short} />
      </span>
    </div>
  );
}
