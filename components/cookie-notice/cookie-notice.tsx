'use client';
import Link from 'next/link';
import { useEffect, useSyncExternalStore } from 'react';
import { t } from '@/lib/i18n/client';
import { COOKIE_NOTICE_ACCEPTED_CLASS, COOKIE_NOTICE_KEY, noticeAccepted } from './notice-flag';
import styles from './cookie-notice.module.css';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return !noticeAccepted(window.localStorage.getItem(COOKIE_NOTICE_KEY));
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
 * Shown until 'Accept'. It is in the server HTML (the same for everybody, so pages stay cacheable)
 * and paints with the page; the inline script at the top of <body> hides it before first paint
 * for visitors who accepted, and hydration then removes it. Fixed to the bottom of the viewport,
 * so it never moves the page's content (no layout shift).
 */
export function CookieNotice() {
  const show = useSyncExternalStore(
    subscribe,
    () => !hiddenThisView && read(),
    () => true,
  );
  // Shown again (the flag was cleared): the class the inline script set must not keep it hidden.
  useEffect(() => {
    if (show) document.body.classList.remove(COOKIE_NOTICE_ACCEPTED_CLASS);
  }, [show]);
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
