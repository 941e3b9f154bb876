'use client';
import { useState } from 'react';
import { notify } from '@/components/notifications/store';
import { t } from '@/lib/i18n/client';
import { removeWatchLater } from '@/lib/client/storage';
import type { VideoSummary } from '@/lib/contract/types';
import { RemoveIcon } from './icons';
import styles from './bookmarks.module.css';

/** The remove button on the bookmarks page; the list refreshes through the storage change event. */
export function RemoveBookmarkButton({ video, onRemoved }: { video: VideoSummary; onRemoved?: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.cardButton}
      disabled={busy}
      aria-label={t('bookmarks.remove')}
      title={t('bookmarks.remove')}
      data-testid="remove-bookmark"
      onClick={async (e) => {
        e.preventDefault();
        e.stopPropagation();
        setBusy(true);
        const ok = await removeWatchLater(video.id);
        setBusy(false);
        if (ok) {
          notify.success(t('notify.bookmark_removed', { title: video.title }));
          onRemoved?.();
        }
      }}
    >
      <RemoveIcon />
    </button>
  );
}
