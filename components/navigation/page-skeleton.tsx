'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { CategoryIndexHeading } from '@/components/categories/category-index-skeleton';
import { loadingMatcher, type LoadingRoute } from '@/lib/web/loading-routes';
import { endPendingPage, getPendingPage, pageKey, subscribePendingPage, type PendingPage } from './pending-page';
import type { SkeletonBody as Body } from './skeleton-body';
import styles from './page-skeleton.module.css';

/**
 * A page that arrives this soon replaces the old one directly: a skeleton shown and gone within a
 * few frames reads as a flicker, not as progress.
 */
const SKELETON_DELAY_MS = 150;

/**
 * In <main>, after the page: while a navigation waits for a page that has a placeholder
 * (pending-page.ts), past a short delay, the old page is hidden and the new one's skeleton shown,
 * at the top unless the navigation keeps the scroll position. It goes in the render that shows the
 * new address, so the page takes its place in one paint. Pages are not touched: their HTML holds
 * no placeholder (a loading.tsx would put one in every cached page, and a visitor without
 * JavaScript would see nothing else). `routes` tells which pages have one (lib/web/loading-page.ts).
 * The skeletons themselves load with the first navigation that may show one, out of every page's
 * first-load JavaScript; until they are there the old page stays, as it would without them.
 */
export function PageSkeleton({ categoryIndex, routes }: { categoryIndex: CategoryIndexHeading; routes: readonly LoadingRoute[] }) {
  const loadingPageOf = useMemo(() => loadingMatcher(routes), [routes]);
  const pending = useSyncExternalStore(subscribePendingPage, getPendingPage, () => null);
  const here = pageKey(usePathname(), useSearchParams().toString());
  const waiting = pending !== null && pending.from === here && loadingPageOf(pending.href) !== null ? pending : null;
  const [due, setDue] = useState<PendingPage | null>(null);
  const [SkeletonBody, setSkeletonBody] = useState<typeof Body | null>(null);
  const shown = waiting !== null && due === waiting && SkeletonBody !== null ? waiting : null;

  useEffect(() => {
    if (!waiting || SkeletonBody) return;
    import('./skeleton-body')
      .then((m) => setSkeletonBody(() => m.SkeletonBody))
      .catch(() => {
        // a skeleton that could not load leaves the old page until the new one arrives
      });
  }, [waiting, SkeletonBody]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setDue(waiting), SKELETON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  useLayoutEffect(() => {
    if (!shown) return;
    const main = document.getElementById('content');
    main?.setAttribute('data-page-loading', '');
    if (!shown.keepScroll) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return () => main?.removeAttribute('data-page-loading');
  }, [shown]);

  // Arrived: a navigation without a link (the search box) has nobody else to end it.
  useEffect(() => {
    if (pending && pending.from !== here) endPendingPage();
  }, [pending, here]);

  const page = shown && loadingPageOf(shown.href);
  if (!page || !SkeletonBody) return null;
  return (
    <div className={styles.skeleton} data-page-skeleton={page}>
      <SkeletonBody page={page} categoryIndex={categoryIndex} />
    </div>
  );
}
