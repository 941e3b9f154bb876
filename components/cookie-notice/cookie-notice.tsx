'use client';
import Link from 'next/link';
import { useEffect, useSyncExternalStore } from 'react';
import { t } from '@/lib/i18n/client';
import { COOKIE_NOTICE_ACCEPTED_CLASS } from './notice-flag';
import { acceptNotice, noticeShown, subscribeNotice } from './notice-store';
import styles from './cookie-notice.module.css';

/**
 * Shown until 'Accept'. It is in the server HTML (the same for everybody, so pages stay cacheable)
 * and paints with the page; the inline script at the top of <body> hides it before first paint
 * for visitors who accepted, and hydration then removes it. Fixed to the bottom of the viewport,
 * so it never moves the page's content (no layout shift).
 */
export function CookieNotice() {
  const show = useSyncExternalStore(subscribeNotice, noticeShown, () => true);
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
      <button type="button" className={styles.accept} onClick={acceptNotice}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
