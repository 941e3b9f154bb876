import type { ReactNode } from 'react';
import Link from 'next/link';
import { BookmarkButton } from '@/components/bookmarks/bookmark-button';
import { formatCount, formatDuration, ratingPercent } from '@/lib/format';
import { t } from '@/lib/i18n';
import { videoUrl } from '@/lib/seo/urls';
import type { VideoSummary } from '@/lib/types';
import styles from './video-card.module.css';

export interface VideoCardProps {
  video: VideoSummary;
  /** The first card of a page: loaded eagerly with high fetch priority (it is the LCP candidate). */
  priority?: boolean;
  /** Loaded eagerly (first row) without raising the priority. */
  eager?: boolean;
  /** The card's action button; a bookmark button by default. */
  action?: ReactNode;
}

/**
 * One thumbnail. A plain component (no hooks, no server-only code) so that server pages and the
 * visitor's client lists render the same card. The hover preview is driven by PreviewController
 * through the data attributes, so a card costs no JavaScript of its own.
 */
export function VideoCard({ video, priority = false, eager = false, action }: VideoCardProps) {
  const href = videoUrl(video);
  const frames = video.thumbs.slice(0, 10);
  const rating = video.rating !== null ? ratingPercent(video.rating) : null;
  return (
    <article className={styles.card}>
      <Link href={href} prefetch={false} className={styles.link}>
        <span
          className={styles.thumb}
          data-preview={video.preview ?? undefined}
          data-frames={frames.length > 1 ? frames.join(' ') : undefined}
        >
          {/* Plain <img>: the thumbnails are small SVG/JPEG files served as they are (no optimiser). */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={video.thumb}
            alt=""
            width={320}
            height={180}
            loading={priority || eager ? 'eager' : 'lazy'}
            decoding={priority ? 'sync' : 'async'}
            fetchPriority={priority ? 'high' : undefined}
            className={styles.img}
          />
          <span className={styles.duration} aria-label={t('card.duration', { duration: formatDuration(video.duration) })}>
            {formatDuration(video.duration)}
          </span>
        </span>
        <span className={styles.title}>{video.title}</span>
      </Link>
      <div className={styles.meta}>
        <span className={styles.views}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14">
            <path
              fill="currentColor"
              d="M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
            />
          </svg>
          {t('card.views', { count: formatCount(video.views) })}
        </span>
        {rating !== null && rating > 0 ? <span className={styles.rating}>{t('card.rating', { percent: rating })}</span> : null}
        <span className={styles.action}>{action ?? <BookmarkButton video={video} variant="card" />}</span>
      </div>
    </article>
  );
}
