import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { InformationNav } from '@/components/information/information-nav';
import styles from '@/components/information/information.module.css';
import { RichText } from '@/components/information/rich-text';
import { Page, PageHeading } from '@/components/layout/page';
import { t } from '@/lib/i18n';
import { INFORMATION_PAGES, informationUrl, type InformationPage } from '@/lib/web/routes';
import info from '@/locales/en/information.json';

// Static pages, built once and refreshed daily; any other slug is a 404.
export const revalidate = 86400;
export const dynamicParams = false;

export function generateStaticParams() {
  return INFORMATION_PAGES.map((slug) => ({ slug }));
}

type Props = { params: Promise<{ slug: string }> };

function pageOf(slug: string): InformationPage | null {
  return (INFORMATION_PAGES as readonly string[]).includes(slug) ? (slug as InformationPage) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const slug = pageOf((await params).slug);
  if (!slug) return {};
  const page = info.pages[slug];
  return { title: page.title, description: page.description, alternates: { canonical: informationUrl(slug) } };
}

export default async function InformationPageView({ params }: Props) {
  const slug = pageOf((await params).slug);
  if (!slug) notFound();
  const page = info.pages[slug];
  return (
    <Page narrow>
      <InformationNav current={slug} />
      <PageHeading title={page.title} />
      <p className={styles.updated}>{t('information.updated', { date: info.updated })}</p>
      <RichText text={page.body} />
    </Page>
  );
}
