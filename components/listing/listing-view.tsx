import type { ReactNode } from 'react';
import { PageHeading } from '@/components/layout/page';
import { countText } from '@/lib/i18n';
import type { VideoList } from '@/lib/contract/types';
import { OutageGuard } from '@/components/outage/source-outage';
import { EmptyList, type EmptyListReason } from './empty-list';
import { Pagination } from './pagination';
import { CardGrid } from './card-grid';
import styles from './listing-view.module.css';

export interface ListingViewProps {
  heading: string;
  subheading?: string;
  list: VideoList;
  page: number;
  count: number;
  href: (page: number) => string;
  filter?: ReactNode;
  emptyReason?: EmptyListReason;
  /** The error code when the list failed to load: the error message replaces the empty one. */
  error?: string;
}

/** A listing: heading, filter, the grid (or the empty-listing message) and pagination. */
export function ListingView({ heading, subheading, list, page, count, href, filter, emptyReason = 'videos_not_found', error }: ListingViewProps) {
  return (
    <>
      <PageHeading title={heading}>{filter}</PageHeading>
      {subheading || list.total !== null ? (
        <p className={styles.sub}>
          {subheading}
          {subheading && list.total !== null ? ' · ' : null}
          {list.total !== null ? countText('listing.totalVideos', list.total) : null}
        </p>
      ) : null}
      {list.videos.length > 0 ? (
        <>
          <CardGrid videos={list.videos} priority />
          <Pagination page={page} total={list.total} count={count} href={href} />
        </>
      ) : (
        <EmptyList reason={error ? 'no_data' : emptyReason} code={error} />
      )}
      {/* A failed load: 503, never cached (docs/spec.md §8's message stays in the page). */}
      {error ? <OutageGuard /> : null}
    </>
  );
}
