import { LoadingLink } from '@/components/navigation/loading-link';
import { t } from '@/lib/i18n/client';
import { paginate } from '@/lib/web/pagination';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  total: number | null;
  count: number;
  /** The URL of a page number. */
  href: (page: number) => string;
}

/**
 * Real links with rel prev/next, readable and usable without JavaScript. Shown whenever there are
 * results (docs/spec.md §2), a single page included: the visitor sees they have seen everything.
 */
export function Pagination({ page, total, count, href }: PaginationProps) {
  const m = paginate(page, total, count);
  return (
    <nav className={styles.nav} aria-label={t('pagination.label')}>
      <ul className={styles.list}>
        {m.first !== null ? (
          <li>
            <LoadingLink href={href(m.first)} prefetch={false} className={styles.link}>
              {t('pagination.first')}
            </LoadingLink>
          </li>
        ) : null}
        {m.prev !== null ? (
          <li>
            <LoadingLink href={href(m.prev)} prefetch={false} rel="prev" className={styles.link}>
              <span aria-hidden="true">‹</span>
              {t('pagination.prev')}
            </LoadingLink>
          </li>
        ) : null}
        {m.pages.map((p) => (
          <li key={p}>
            {p === m.page ? (
              // aria-current tells screen readers it is the current page (aria-label is not allowed on a span).
              <span className={`${styles.link} ${styles.current}`} aria-current="page">
                {p}
              </span>
            ) : (
              <LoadingLink href={href(p)} prefetch={false} className={styles.link} aria-label={t('pagination.page', { page: p })}>
                {p}
              </LoadingLink>
            )}
          </li>
        ))}
        {m.next !== null ? (
          <li>
            <LoadingLink href={href(m.next)} prefetch={false} rel="next" className={styles.link}>
              {t('pagination.next')}
              <span aria-hidden="true">›</span>
            </LoadingLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
