import Link from 'next/link';
import { t } from '@/lib/i18n';
import { INFORMATION_PAGES, informationUrl, type InformationPage } from '@/lib/web/routes';
import styles from './information.module.css';

export function InformationNav({ current }: { current?: InformationPage }) {
  return (
    <nav aria-label={t('information.nav')} className={styles.nav}>
      <ul>
        {INFORMATION_PAGES.map((p) => (
          <li key={p}>
            <Link href={informationUrl(p)} aria-current={p === current ? 'page' : undefined} prefetch={false}>
              {t(`information.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
