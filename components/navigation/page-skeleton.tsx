'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { CategoryIndexSkeleton, type CategoryIndexHeading } from '@/components/categories/category-index-skeleton';
import { HomeSkeleton } from '@/components/home/home-skeleton';
import { ListingSkeleton } from '@/components/listing/listing-skeleton';
import { endPendingPage, getPendingPage, pageKey, subscribePendingPage, type PendingPage } from './pending-page';
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
 * JavaScript would see nothing else).
 */
export function PageSkeleton({ categoryIndex }: { categoryIndex: CategoryIndexHeading }) {
  const pending = useSyncExternalStore(subscribePendingPage, getPendingPage, () => null);
  const here = pageKey(usePathname(), useSearchParams().toString());
  const waiting = pending !== null && pending.from === here ? pending : null;
  const [due, setDue] = useState<PendingPage | null>(null);
  const shown = waiting !== null && due === waiting ? waiting : null;

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

  if (!shown) return null;
  return (
    <div className={styles.skeleton} data-page-skeleton={shown.page}>
      {shown.page === 'home' ? <HomeSkeleton /> : shown.page === 'categories' ? <CategoryIndexSkeleton heading={categoryIndex} /> : <ListingSkeleton />}
    </div>
  );
}
