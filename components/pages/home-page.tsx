import type { Metadata } from 'next';
import { HomeRow } from '@/components/home/home-row';
import { Page } from '@/components/layout/page';
import { OutageGuard } from '@/components/outage/source-outage';
import { getHomeRows, listOrError } from '@/lib/data';
import { notFoundBriefly } from '@/lib/data/nothing-here';
import { t } from '@/lib/i18n';
import { homeUrl, parseOrientationSegment, videosUrl } from '@/lib/web/routes';

type Props = { params: Promise<{ orientation?: string }> };

/** The home page of each orientation section (/, /gay/, /shemale/). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const o = parseOrientationSegment((await params).orientation);
  if (!o) return {};
  const section = o === 'str' ? '' : ` - ${t(`videoTypes.${o === 'gay' ? 'gay' : 'shemale'}`)}`;
  return { title: { absolute: `${t('home.title')}${section}` }, alternates: { canonical: homeUrl(o) } };
}

export default async function HomePage({ params }: Props) {
  const o = parseOrientationSegment((await params).orientation);
  if (!o) return notFoundBriefly();
  const { latest, popular, top } = await getHomeRows(o);
  return (
    <Page>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <HomeRow id="latest" title={t('home.latest')} href={videosUrl('latest-updates', 1, {}, o)} {...listOrError(latest)} priority />
      <HomeRow id="popular" title={t('home.popular')} href={videosUrl('most-popular', 1, { date: 'day' }, o)} {...listOrError(popular)} />
      <HomeRow id="top" title={t('home.top')} href={videosUrl('top-rated', 1, {}, o)} {...listOrError(top)} />
      {/* No row at all: an outage answer (503, never cached). One failed row only shortens the page's life. */}
      {!latest.ok && !popular.ok && !top.ok ? <OutageGuard /> : null}
    </Page>
  );
}
