import { LoadingLink } from '@/components/navigation/loading-link';
import { t } from '@/lib/i18n/client';
import styles from './not-found-content.module.css';

/** The 404 content: used by the not-found page, by /404/ and by the video page's error boundary. */
export function NotFoundContent() {
  return (
    <div className={styles.box}>
      <p className={styles.code} aria-hidden="true">
        {t('notFound.heading')}
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <LoadingLink href="/" className={styles.action}>
        {t('notFound.action')}
      </LoadingLink>
    </div>
  );
}
