import type { ReactNode } from 'react';
import Link from 'next/link';
import { BookmarkButton } from '@/components/bookmarks/bookmark-button';
import { formatCount, formatDuration, ratingPercent } from '@/lib/web/format';
import { countText, t } from '@/lib/i18n/client';
import { videoUrl } from '@/lib/web/routes';
import { storableVideo } from '@/lib/client/storage/storable';
import type { VideoSummary } from '@/lib/contract/types';
import { packFrames } from './frames';
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

const hidden = (text: string | undefined) => (text ? <span className="visually-hidden">{text}</span> : null);

/**
 * One thumbnail. A plain component (no hooks, no server-only code) so that server pages and the
 * visitor's client lists render the same card. The hover preview is driven by PreviewController
 * through the data attributes, so a card costs no JavaScript of its own.
 *
 * Server pages render it through CardGrid, whose cards cross to the browser as compact rows
 * (card-rows.ts) rather than as this element tree; the frames go only where they play (a card
 * without a clip), written short; the views icon is CSS; the bookmark button gets only the fields
 * it stores.
 */
export function VideoCard({ video, priority = false, eager = false, action }: VideoCardProps) {
  const href = videoUrl(video);
  const frames = video.thumbs.slice(0, 10);
  // The words of the duration's label before and after the time ('Duration ', ''), in the page's language.
  const durationWords = t('card.duration', { duration: '\u0001' }).split('\u0001');
  const rating = video.rating !== null ? ratingPercent(video.rating) : null;
  // The clip plays when there is one, the frames only without it (PreviewController). Absent
  // attributes are left out rather than set to undefined: each undefined prop is in the payload.
  const preview = video.preview ? { 'data-preview': video.preview } : frames.length > 1 ? { 'data-frames': packFrames(frames) } : {};
  return (
    <article className={styles.card}>
      <Link href={href} prefetch={false} className={styles.link}>
        <span className={styles.thumb} {...preview}>
          {/* Plain <img>: the thumbnails are small SVG/JPEG files served as they are (no optimiser). */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={video.thumb}
            alt=""
            width={320}
            height={180}
            loading={priority || eager ? 'eager' : 'lazy'}
            decoding={priority ? 'sync' : 'async'}
            {...(priority ? { fetchPriority: 'high' as const } : {})}
            className={styles.img}
          />
          {/* aria-label is not allowed on a plain span: screen readers read the label's words from
              hidden spans around the one visible time, which is not written twice (60 cards a page). */}
          <span className={styles.duration}>
            {hidden(durationWords[0])}
            {formatDuration(video.duration)}
            {hidden(durationWords[1])}
          </span>
        </span>
        <span className={styles.title}>{video.title}</span>
      </Link>
      <div className={styles.meta}>
        <span className={styles.views}>{countText('card.views', video.views, { count: formatCount(video.views) })}</span>
        {rating !== null && rating > 0 ? <span className={styles.rating}>{t('card.rating', { percent: rating })}</span> : null}
        <span className={styles.action}>{action ?? <BookmarkButton video={storableVideo(video)} variant="card" />}</span>
      </div>
    </article>
  );
}
