'use client';
import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { t } from '@/lib/i18n';
import styles from './cookie-notice.module.css';

/** localStorage flag (spec section 3); 'false' once the visitor pressed Accept. */
export const COOKIE_NOTICE_KEY = 'showCookiesNotify';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    const v = window.localStorage.getItem(COOKIE_NOTICE_KEY);
    return v !== 'false' && v !== '0';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === COOKIE_NOTICE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function accept(): void {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_KEY, 'false');
  } catch {
    // storage off: the notice hides for this page view only
  }
  hiddenThisView = true;
  for (const l of listeners) l();
}

let hiddenThisView = false;

/**
 * Shown until 'Accept'. Fixed to the bottom of the viewport and rendered only in the browser,
 * so it never moves the page's content (no layout shift).
 */
export function CookieNotice() {
  const show = useSyncExternalStore(
    subscribe,
    () => !hiddenThisView && read(),
    () => false,
  );
  if (!show) return null;
  return (
    <section className={styles.notice} aria-label={t('cookies.label')} data-testid="cookie-notice">
      <p className={styles.text}>
        {t('cookies.text')}{' '}
        <Link href="/information/cookies/" prefetch={false}>
          {t('cookies.more')}
        </Link>
      </p>
      <button type="button" className={styles.accept} onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
