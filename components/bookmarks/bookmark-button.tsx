'use client';
import { useState, type MouseEvent } from 'react';
import { notify } from '@/components/notifications/store';
import { t } from '@/lib/i18n/client';
import type { StorableVideo } from '@/lib/client/storage/storable';
import { useBookmarkedIds } from './bookmarked-ids';
import { BookmarkIcon } from './icons';
import styles from './bookmarks.module.css';

export interface BookmarkButtonProps {
  /** The fields that are stored (storableVideo()): only these cross into the client payload. */
  video: StorableVideo;
  /** 'card': an icon button on a thumbnail; 'page': a labelled button on the video page. */
  variant?: 'card' | 'page';
}

/**
 * Adds the video to the Bookmarks (docs/spec.md §4 and §8). Shown only when the item has an id and
 * was not bookmarked when the page showed it; after adding it stays, marked as added, and a second
 * press says the video is already there.
 */
export function BookmarkButton({ video, variant = 'card' }: BookmarkButtonProps) {
  const ids = useBookmarkedIds();
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);

  const hasId = Number.isSafeInteger(video.id) && video.id > 0;
  if (!hasId || ids === null || (ids.has(video.id) && !added)) return null;

  const onClick = async (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    setBusy(true);
    // Marked before the store announces the change, so that this button stays on screen.
    setAdded(true);
    // Loaded already by the read of the bookmarked ids (./bookmarked-ids.ts) that shows this button.
    const result = await import('@/lib/client/storage/watch-later').then((s) => s.addWatchLater(video));
    setBusy(false);
    if (result === true) notify.success(t('notify.bookmark_added', { title: video.title }));
    else if (result === false) notify.error(t('notify.bookmark_exists', { title: video.title }));
    else setAdded(false); // storage unavailable: silent (docs/spec.md §8)
  };

  const label = added ? t('bookmarks.added') : t('bookmarks.add');
  return (
    <button
      type="button"
      className={variant === 'page' ? styles.pageButton : styles.cardButton}
      onClick={onClick}
      aria-label={variant === 'card' ? label : undefined}
      title={label}
      aria-pressed={added}
      data-testid="bookmark-button"
    >
      <BookmarkIcon filled={added} />
      {variant === 'page' && <span>{added ? t('bookmarks.added') : t('bookmarks.addShort')}</span>}
    </button>
  );
}
