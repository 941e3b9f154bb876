import type { Metadata } from 'next';
import { HomeRow } from '@/components/home/home-row';
import { Page } from '@/components/layout/page';
import { OutageGuard } from '@/components/outage/source-outage';
import { getHomeRows, listOrError } from '@/lib/data';
import { t } from '@/lib/i18n';
import { videosUrl } from '@/lib/web/routes';

// Home rows have a cache lifetime of 3600 s (docs/spec.md §9).
export const revalidate = 3600;

export const metadata: Metadata = {
  title: { absolute: t('home.title') },
  alternates: { canonical: '/' },
};

export default async function HomePage() {
  const { latest, popular, top } = await getHomeRows();
  return (
    <Page>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <HomeRow id="latest" title={t('home.latest')} href={videosUrl('latest-updates')} {...listOrError(latest)} priority />
      <HomeRow id="popular" title={t('home.popular')} href={videosUrl('most-popular', 1, { date: 'day' })} {...listOrError(popular)} />
      <HomeRow id="top" title={t('home.top')} href={videosUrl('top-rated')} {...listOrError(top)} />
      {/* No row at all: an outage answer (503, never cached). One failed row only shortens the page's life. */}
      {!latest.ok && !popular.ok && !top.ok ? <OutageGuard /> : null}
    </Page>
  );
}
