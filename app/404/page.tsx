import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/layout/not-found-content';
import { t } from '@/lib/i18n';

// The target of the video page's redirects (docs/spec.md §2): the not-found content, static.
export const revalidate = 86400;

export const metadata: Metadata = {
  title: t('notFound.title'),
  robots: { index: false, follow: true },
};

export default function NotFoundTarget() {
  return <NotFoundContent />;
}
