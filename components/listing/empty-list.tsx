import { t } from '@/lib/i18n/client';
import styles from './empty-list.module.css';

export type EmptyListReason = 'videos_not_found' | 'not_found' | 'no_data' | 'history_empty' | 'no_permission';

/**
 * The empty-listing message of docs/spec.md §8. Plain component: usable from server and client
 * components. `code` is the error code of a failed load (spec: the listing stores it); it shows
 * the error message and stays in the markup for support and tests. `hint` says what to do about it.
 */
export function EmptyList({ reason = 'videos_not_found', code, hint, children }: { reason?: EmptyListReason; code?: string; hint?: string; children?: React.ReactNode }) {
  return (
    <div className={styles.empty} role="status" data-error-code={code}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="40" height="40" className={styles.icon}>
        <path
          fill="currentColor"
          d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2v10h16V7H4Zm6 2.5 5 2.5-5 2.5v-5Z"
        />
      </svg>
      <p className={styles.text}>{t(`lists.${reason}`)}</p>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {children}
    </div>
  );
}
