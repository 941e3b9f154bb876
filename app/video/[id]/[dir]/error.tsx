'use client';
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { NotFoundContent } from '@/components/layout/not-found-content';

/**
 * A video that fails to load goes to /404/ (docs/spec.md §4). The failure is not cached: the
 * next request tries again, and a cached page stays served while its revalidation fails.
 */
export default function VideoError() {
  const router = useRouter();
  useEffect(() => {
    router.replace('/404/');
  }, [router]);
  return <NotFoundContent />;
}
