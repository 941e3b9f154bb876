import type { VideoGridProps } from './video-grid';
import { CardGridClient } from './card-grid-client';
import { toCardRow } from './card-rows';
import { mediaHeldBack } from '@/lib/age/hold-media';

/**
 * The grid of a server-rendered page (listings, home rows, related videos). Same HTML as
 * VideoGrid, but the cards cross to the browser as compact rows (card-rows.ts) rather than as
 * element trees: each card has a bookmark button, so the grid is hydrated either way, and the data
 * is much smaller than the tree in the page's flight payload (`npm run bench:pages`).
 *
 * Where a region verifies ages, no card is eager (lib/age/hold-media.ts).
 */
export function CardGrid({ videos, ...rest }: Omit<VideoGridProps, 'action'>) {
  const lazyOnly = mediaHeldBack() ? { priority: false, eagerCount: 0 } : {};
  return <CardGridClient rows={videos.map(toCardRow)} {...rest} {...lazyOnly} />;
}
