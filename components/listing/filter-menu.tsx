import { LoadingLink } from '@/components/navigation/loading-link';
import { t } from '@/lib/i18n';
import { withStopScroll } from '@/lib/client/stop-scroll';
import { DATES, PAGE_DURATIONS, SORTS, sortHasDate, type DateFilter, type DurationFilter, type PageSort } from '@/lib/contract/types';
import styles from './filter-menu.module.css';

export interface FilterState {
  /** null on search: the sort is not offered there. */
  sort: PageSort | null;
  date: DateFilter;
  duration: DurationFilter;
}

export interface FilterMenuProps extends FilterState {
  /** The page-1 URL of a filter choice (the other filters go into the query). */
  href: (f: FilterState) => string;
}

function Option({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <li>
      {current ? (
        <span className={`${styles.option} ${styles.current}`} aria-current="true">
          {children}
        </span>
      ) : (
        // The visitor re-sorts the list they are looking at: it stays where it is (the spec's stopScroll).
        <LoadingLink href={withStopScroll(href)} scroll={false} prefetch={false} className={styles.option} rel="nofollow">
          {children}
        </LoadingLink>
      )}
    </li>
  );
}

/**
 * The filter dropdown: sort, date (top-rated and most-popular only) and duration. Every choice is
 * a link to page 1, so it works without JavaScript and each combination is a cacheable page.
 */
export function FilterMenu({ sort, date, duration, href }: FilterMenuProps) {
  const showDate = sort !== null && sortHasDate(sort);
  const summary = [sort ? t(`sorts.${sort}`) : null, showDate && date !== 'all' ? t(`dates.${date}`) : null, duration !== 'all' ? t(`durations.${duration}`) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <details className={styles.menu}>
      <summary className={styles.summary}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path fill="currentColor" d="M3 5h18v2H3V5Zm4 6h10v2H7v-2Zm3 6h4v2h-4v-2Z" />
        </svg>
        <span>{t('listing.filters')}</span>
        {summary ? <span className={styles.state}>{summary}</span> : null}
      </summary>
      <div className={styles.panel}>
        {sort !== null ? (
          <div className={styles.group}>
            <p className={styles.groupTitle} id="filter-sort">
              {t('listing.filterSort')}
            </p>
            <ul aria-labelledby="filter-sort">
              {SORTS.map((s) => (
                <Option key={s} current={s === sort} href={href({ sort: s, date: sortHasDate(s) ? date : 'all', duration })}>
                  {t(`sorts.${s}`)}
                </Option>
              ))}
            </ul>
          </div>
        ) : null}
        {showDate ? (
          <div className={styles.group}>
            <p className={styles.groupTitle} id="filter-date">
              {t('listing.filterDate')}
            </p>
            <ul aria-labelledby="filter-date">
              {DATES.map((d) => (
                <Option key={d} current={d === date} href={href({ sort, date: d, duration })}>
                  {t(`dates.${d}`)}
                </Option>
              ))}
            </ul>
          </div>
        ) : null}
        <div className={styles.group}>
          <p className={styles.groupTitle} id="filter-duration">
            {t('listing.filterDuration')}
          </p>
          <ul aria-labelledby="filter-duration">
            {PAGE_DURATIONS.map((d) => (
              <Option key={d} current={d === duration} href={href({ sort, date, duration: d })}>
                {t(`durations.${d}`)}
              </Option>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}
