'use client';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { RemoveBookmarkButton } from '@/components/bookmarks/remove-bookmark-button';
import { PageHeading } from '@/components/layout/page';
import { EmptyList } from '@/components/listing/empty-list';
import { Pagination } from '@/components/listing/pagination';
import { VideoGrid } from '@/components/listing/video-grid';
import { notify } from '@/components/notifications/store';
import { DEFAULTS } from '@/lib/contract/constants';
import { t } from '@/lib/i18n/client';
import { parsePage } from '@/lib/web/params';
import { pageSuffix } from '@/lib/seo/listing';
import {
  clearHistory,
  clearWatchLater,
  HISTORY_STORE,
  listHistory,
  listWatchLater,
  onStorageChange,
  WATCH_LATER_STORE,
} from '@/lib/client/storage';
import type { VideoSummary } from '@/lib/contract/types';
import styles from './local-data.module.css';

export type LocalListKind = 'history' | 'bookmarks';

async function load(kind: LocalListKind): Promise<VideoSummary[] | null> {
  if (kind === 'bookmarks') return listWatchLater();
  const entries = await listHistory();
  return entries ? entries.map((e) => e.video) : null;
}

/** Local lists page like every listing: 60 a page, `?page=N` (the shell stays one static page). */
const PAGE_SIZE = DEFAULTS.count;

/**
 * The history or the bookmarks, read from the browser database and shown as a normal listing
 * (no filter), paginated. Bookmarks get a remove button per card; both get a clear-all action.
 * Render inside <Suspense>: it reads the query string.
 */
export function LocalVideoList({ kind }: { kind: LocalListKind }) {
  const [videos, setVideos] = useState<VideoSummary[] | null | undefined>(undefined);
  const requested = parsePage(useSearchParams().get('page') ?? '1') ?? 1;
  const refresh = useCallback(() => {
    void load(kind).then(setVideos);
  }, [kind]);

  useEffect(() => {
    refresh();
    return onStorageChange(refresh, kind === 'bookmarks' ? WATCH_LATER_STORE : HISTORY_STORE);
  }, [kind, refresh]);

  const title = kind === 'bookmarks' ? t('bookmarks.title') : t('history.title');
  const base = kind === 'bookmarks' ? '/bookmarks/' : '/history/';
  const total = videos?.length ?? 0;
  // A page past the end (a removal emptied it) shows the last page instead.
  const page = Math.min(requested, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  const shown = videos ? videos.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : [];

  const loaded = videos !== undefined;
  useEffect(() => {
    // The shell's title is the list's; a listing's title also names its page (docs/spec.md §4).
    // Set once the list has loaded: the static <title> may still be hydrated (and reset) before.
    if (!loaded) return;
    const named = document.title.split(' | ');
    named[0] = `${title}${pageSuffix(page)}`;
    document.title = named.join(' | ');
  }, [title, page, loaded, total]);

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
        <>
          <VideoGrid
            videos={shown}
            label={title}
            action={kind === 'bookmarks' ? (video) => <RemoveBookmarkButton video={video} onRemoved={refresh} /> : undefined}
          />
          <Pagination page={page} total={total} count={PAGE_SIZE} href={(p) => (p === 1 ? base : `${base}?page=${p}`)} />
        </>
      )}
    </>
  );
}
