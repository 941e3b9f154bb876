import { CardSkeleton } from './card-skeleton';
import styles from './video-grid.module.css';

/** VideoGrid while its page loads: the same grid (so the same columns), of placeholder cards. */
export function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.item}>
          <CardSkeleton />
        </li>
      ))}
    </ul>
  );
}
