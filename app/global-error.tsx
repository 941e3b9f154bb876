'use client';
import { handleISRError } from 'next/dist/client/components/handle-isr-error';
import { t } from '@/lib/i18n/client';
import styles from '@/components/layout/not-found-content.module.css';
import './globals.css';

/**
 * When the root layout itself cannot render. Next's own page for this is part of every page's
 * first-load JavaScript (its styles and icon as script), so the site ships this plain one, in the
 * look and words of app/error.tsx. A full reload, since the layout around it is gone.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  // As Next's own does: while a page is prerendered, the error fails the render instead of being stored as the page.
  handleISRError({ error });
  return (
    <html lang="en">
      <body>
        <main className={styles.box}>
          <h1 className={styles.title}>{t('error.title')}</h1>
          <p className={styles.text}>{t('error.text')}</p>
          <p>
            <button type="button" onClick={() => window.location.reload()} className={styles.action}>
              {t('error.retry')}
            </button>{' '}
            {/* A full load, not the router's: the layout the router renders into is what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/">{t('error.home')}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
