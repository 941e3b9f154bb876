import { LIMITS } from '@/lib/contract/constants';
import { t } from '@/lib/i18n';
import styles from './header.module.css';

/**
 * The search form as plain HTML: shown until the search box's client code is ready, and with
 * JavaScript off. No `required`/`minLength`: the spec has no form validation messages (docs/spec.md §5),
 * and the browser would show its own bubble; a too-short term gets the search page's empty message.
 */
export function SearchFallback() {
  return (
    <form action="/search/1/" method="get" role="search" className={styles.searchFallback}>
      <input
        type="search"
        name="s"
        maxLength={LIMITS.maxTerm}
        placeholder={t('nav.searchPlaceholder')}
        aria-label={t('nav.searchLabel')}
        className={styles.searchInput}
      />
      <button type="submit" className={styles.searchButton} aria-label={t('nav.search')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"
          />
        </svg>
      </button>
    </form>
  );
}
