import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/information/information.module.css';
import { Page, PageHeading } from '@/components/layout/page';
import { t } from '@/lib/i18n';
import { INFORMATION_PAGES, informationUrl } from '@/lib/web/routes';
import info from '@/locales/en/information.json';

export const revalidate = 86400;

export const metadata: Metadata = {
  title: t('information.title'),
  description: t('information.description'),
  alternates: { canonical: informationUrl() },
};

export default function InformationIndex() {
  return (
    <Page narrow>
      <PageHeading title={t('information.heading')} />
      <ul className={styles.cards}>
        {INFORMATION_PAGES.map((p) => (
          <li key={p}>
            <Link href={informationUrl(p)} className={styles.card} prefetch={false}>
              <strong>{info.pages[p].title}</strong>
              <span>{info.pages[p].description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
