import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/layout/not-found-content';
import { t } from '@/lib/i18n';

export const metadata: Metadata = {
  title: t('notFound.title'),
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return <NotFoundContent />;
}
