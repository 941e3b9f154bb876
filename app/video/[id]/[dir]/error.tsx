'use client';
import { lazy, Suspense, useEffect } from 'react';
import { useRouter } from 'next/navigation';

// Every video page loads its error boundary with it; the 404 content only matters once it fails.
const NotFoundContent = lazy(() => import('@/components/layout/not-found-content').then((m) => ({ default: m.NotFoundContent })));

/**
 * A video that fails to load goes to /404/ (docs/spec.md §4). The failure is not cached: the
 * next request tries again, and a cached page stays served while its revalidation fails.
 */
export default function VideoError() {
  const router = useRouter();
  useEffect(() => {
    router.replace('/404/');
  }, [router]);
  return (
    <Suspense fallback={null}>
      <NotFoundContent />
    </Suspense>
  );
}
