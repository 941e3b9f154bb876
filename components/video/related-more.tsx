'use client';
import { LoadingLink } from '@/components/navigation/loading-link';
import { useState, type MouseEvent } from 'react';
import { VideoGrid } from '@/components/listing/video-grid';
import { LIMITS } from '@/lib/contract/constants';
import { searchUrl, videosUrl } from '@/lib/web/routes';
import { t } from '@/lib/i18n/client';
import type { VideoList } from '@/lib/contract/types';
import styles from './video-actions.module.css';

/** Related videos: 10 a page, loaded by hand up to page 3 (docs/spec.md §2 and §9). */
export const RELATED_PAGE_SIZE = 10;
export const RELATED_LAST_PAGE = 3;

/**
 * Under the server-rendered first page of related videos: 'show more related' loads pages 2 and 3
 * while the page is below 3; then a 'view all related' link searches for the title.
 *
 * Both are one real link to that search, so that crawlers and visitors without JavaScript get past
 * the first 10 (the server HTML carries the href); with JavaScript, a click on 'show more related'
 * loads the next page in place instead of following it.
 */
export function RelatedMore({ videoId, title }: { videoId: number; title: string }) {
  // Pages 2 and 3, loaded in order on demand. Plain state rather than a data library: this is the
  // only list the page loads in the browser, and SWR would weigh on every video page's first-load
  // JavaScript for it (`npm run bench:pages` splits that weight by package).
  const [pages, setPages] = useState<VideoList[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);

  const videos = pages.flatMap((p) => p.videos);
  const page = 1 + pages.length; // the last page on screen
  const exhausted = pages.some((p) => p.videos.length < RELATED_PAGE_SIZE);
  const canLoadMore = page < RELATED_LAST_PAGE && !exhausted;
  const term = [...title.trim()].slice(0, LIMITS.maxTerm).join('').trim();
  // A title is never empty in practice; if it were, the most popular listing is the next best 'more'.
  const searchHref = term === '' ? videosUrl('most-popular') : searchUrl(term);
  const busy = loading;

  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) keeps the link's own meaning.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    // A failed page is asked again by the same click (the link says 'show more' again).
    setLoading(true);
    setError(false);
    // The API client loads with the first click: the first view shows only the link.
    import('@/lib/client/api')
      .then((api) => api.fetchRelated(videoId, page + 1, RELATED_PAGE_SIZE))
      .then((list) => setPages((done) => (done.length === page - 1 ? [...done, list] : done)))
      .catch(() => setError(true))
      .finally(() => setLoading(false));
  };

  return (
    <div className={styles.related} data-testid="related-more" data-page={page}>
      {videos.length > 0 && <VideoGrid videos={videos} eagerCount={0} />}
      <div className={styles.actions}>
        {canLoadMore ? (
          <a href={searchHref} className={styles.more} aria-busy={busy} onClick={loadMore} data-testid="related-show-more">
            {loading ? t('related.loading') : t('related.showMore')}
          </a>
        ) : (
          <LoadingLink href={searchHref} className={styles.all} data-testid="related-view-all">
            {t('related.viewAll')}
          </LoadingLink>
        )}
      </div>
      {error && !loading ? (
        <p role="alert" className={styles.error}>
          {t('related.failed')}
        </p>
      ) : null}
    </div>
  );
}
