import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LocalVideoList } from '@/components/local-data/local-video-list';
import { Page } from '@/components/layout/page';
import { t } from '@/lib/i18n';

// A static shell: the list lives in the visitor's browser (IndexedDB) and is rendered there.
export const metadata: Metadata = {
  title: t('bookmarks.title'),
  robots: { index: false, follow: false },
};

export default function BookmarksPage() {
  return (
    <Page>
      {/* The list reads ?page= in the browser; the static shell is the same for every page. */}
      <Suspense>
        <LocalVideoList kind="bookmarks" />
      </Suspense>
    </Page>
  );
}
