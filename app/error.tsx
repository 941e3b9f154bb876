'use client';
import Link from 'next/link';
import { t } from '@/lib/i18n/client';
import styles from '@/components/layout/not-found-content.module.css';

/** A page that could not be rendered (the source failed and no cached copy exists yet). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className={styles.box}>
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p className={styles.text}>{t('error.text')}</p>
      <p>
        <button type="button" onClick={reset} className={styles.action}>
          {t('error.retry')}
        </button>{' '}
        <Link href="/">{t('error.home')}</Link>
      </p>
    </div>
  );
}
