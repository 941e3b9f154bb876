import { t } from '@/lib/i18n/client';

/** What a screen reader hears while a page's placeholders are shown. */
export function LoadingStatus() {
  return (
    <p role="status" className="visually-hidden">
      {t('common.loading')}
    </p>
  );
}
