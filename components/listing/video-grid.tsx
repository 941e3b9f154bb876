import type { CSSProperties, ReactNode } from 'react';
import type { VideoSummary } from '@/lib/contract/types';
import { VideoCard } from './video-card';
import styles from './video-grid.module.css';

export interface VideoGridProps {
  videos: VideoSummary[];
  /** The first card gets high fetch priority (set on the page's first grid only). */
  priority?: boolean;
  /** How many cards load eagerly (the first row); the rest are lazy. */
  eagerCount?: number;
  /** A custom action per card (for example a remove button on the bookmarks page). */
  action?: (video: VideoSummary) => ReactNode;
  /** Full-width rows (ad slots) after the row that holds the card of each given index. */
  inserts?: Record<number, ReactNode>;
  label?: string;
}

/** Cards a row: below 1024px and from there (video-grid.module.css). */
const GRID_COLUMNS = { narrow: 2, wide: 5 } as const;

/**
 * Where an insert after card `index` goes, at each column count: the grid row after the one that
 * card ends, so that it never leaves a card alone in a row. The cards flow around it.
 */
function insertRows(index: number): CSSProperties {
  const rowAfter = (columns: number) => Math.ceil((index + 1) / columns) + 1;
  return { '--row-narrow': rowAfter(GRID_COLUMNS.narrow), '--row-wide': rowAfter(GRID_COLUMNS.wide) } as CSSProperties;
}

/** A responsive grid of 16:9 thumbnails. Plain component: usable from server and client components. */
export function VideoGrid({ videos, priority = false, eagerCount = 4, action, inserts, label }: VideoGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {/* A flat list of keyed items (no Fragment per card): shorter in the page's flight payload. */}
      {videos.flatMap((video, i) => {
        const card = (
          <li key={video.id} className={styles.item}>
            <VideoCard video={video} priority={priority && i === 0} eager={i < eagerCount} action={action ? action(video) : undefined} />
          </li>
        );
        const insert = inserts?.[i];
        return insert === undefined
          ? [card]
          : [
              card,
              <li key={`insert-${i}`} className={styles.insert} style={insertRows(i)}>
                {insert}
              </li>,
            ];
      })}
    </ul>
  );
}
