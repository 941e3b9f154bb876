'use client';
import { useCallback, useEffect, useState } from 'react';
import { RemoveBookmarkButton } from '@/components/bookmarks/remove-bookmark-button';
import { PageHeading } from '@/components/layout/page';
import { EmptyList } from '@/components/listing/empty-list';
import { VideoGrid } from '@/components/listing/video-grid';
import { notify } from '@/components/notifications/store';
import { t } from '@/lib/i18n';
import {
  clearHistory,
  clearWatchLater,
  HISTORY_STORE,
  listHistory,
  listWatchLater,
  onStorageChange,
  WATCH_LATER_STORE,
} from '@/lib/storage';
import type { VideoSummary } from '@/lib/types';
import styles from './local-data.module.css';

export type LocalListKind = 'history' | 'bookmarks';

async function load(kind: LocalListKind): Promise<VideoSummary[] | null> {
  if (kind === 'bookmarks') return listWatchLater();
  const entries = await listHistory();
  return entries ? entries.map((e) => e.video) : null;
}

/**
 * The history or the bookmarks, read from the browser database and shown as a normal listing
 * (no filter). Bookmarks get a remove button per card; both get a clear-all action.
 */
export function LocalVideoList({ kind }: { kind: LocalListKind }) {
  const [videos, setVideos] = useState<VideoSummary[] | null | undefined>(undefined);
  const refresh = useCallback(() => {
    void load(kind).then(setVideos);
  }, [kind]);

  useEffect(() => {
    refresh();
    return onStorageChange(refresh, kind === 'bookmarks' ? WATCH_LATER_STORE : HISTORY_STORE);
  }, [kind, refresh]);

  const title = kind === 'bookmarks' ? t('bookmarks.title') : t('history.title');
  const clearAll = async () => {
    if (!window.confirm(kind === 'bookmarks' ? t('bookmarks.confirmClear') : t('history.confirmClear'))) return;
    const ok = await (kind === 'bookmarks' ? clearWatchLater() : clearHistory());
    if (ok) notify.success(kind === 'bookmarks' ? t('bookmarks.cleared') : t('history.cleared'));
    refresh();
  };

  return (
    <>
      <PageHeading title={title}>
        {videos && videos.length > 0 ? (
          <button type="button" className={styles.secondary} onClick={clearAll} data-testid="clear-all">
            {kind === 'bookmarks' ? t('bookmarks.clearAll') : t('history.clearAll')}
          </button>
        ) : null}
      </PageHeading>
      <p className={styles.lead}>{kind === 'bookmarks' ? t('bookmarks.description') : t('history.description')}</p>
      {videos === undefined ? (
        <p className={styles.loading} aria-busy="true">
          {t('common.loading')}
        </p>
      ) : videos === null || videos.length === 0 ? (
        <EmptyList reason={kind === 'bookmarks' ? 'no_data' : 'history_empty'} />
      ) : (
        <VideoGrid
          videos={videos}
          label={title}
          action={kind === 'bookmarks' ? (video) => <RemoveBookmarkButton video={video} onRemoved={refresh} /> : undefined}
        />
      )}
    </>
  );
}
