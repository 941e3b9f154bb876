import type { Metadata } from 'next';
import { MyData } from '@/components/local-data/my-data';
import { Page, PageHeading } from '@/components/layout/page';
import { t } from '@/lib/i18n';

// A static shell: everything shown here is read in the visitor's browser.
export const metadata: Metadata = {
  title: t('myData.title'),
  robots: { index: false, follow: true },
};

export default function MyDataPage() {
  return (
    <Page narrow>
      <PageHeading title={t('myData.title')} />
      <MyData />
    </Page>
  );
}
