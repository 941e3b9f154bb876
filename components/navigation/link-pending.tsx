'use client';
import { useLinkStatus } from 'next/link';
import { useLayoutEffect } from 'react';
import { endPendingPage, startPendingPage } from './pending-page';

/** Inside a Link: tells PageSkeleton while that link's navigation is waiting for its page. */
export function LinkPending({ href }: { href: string }) {
  const { pending } = useLinkStatus();
  useLayoutEffect(() => {
    if (!pending) return;
    startPendingPage(href);
    return endPendingPage;
  }, [pending, href]);
  return null;
}
