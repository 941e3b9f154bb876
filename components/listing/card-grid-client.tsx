'use client';
import type { VideoGridProps } from './video-grid';
import { VideoGrid } from './video-grid';
import { fromCardRow, type CardRow } from './card-rows';

export type CardGridClientProps = Omit<VideoGridProps, 'videos' | 'action'> & { rows: CardRow[] };

/** The client side of CardGrid: the same VideoGrid, rebuilt from compact rows. */
export function CardGridClient({ rows, ...rest }: CardGridClientProps) {
  return <VideoGrid videos={rows.map(fromCardRow)} {...rest} />;
}
