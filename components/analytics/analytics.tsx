'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { campaignOf, deliver, type AnalyticsService } from './hits';
import { googleAnalytics, yandexMetrica } from './services';

let services: AnalyticsService[] | null = null;

/**
 * Reports each page view (first load and every client navigation) to the configured services.
 * With no ID configured nothing loads and nothing is sent. Render inside <Suspense>: it reads
 * the query string.
 */
export function Analytics({ gaId, ymId }: { gaId: string; ymId: string }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const previous = useRef('');

  useEffect(() => {
    if (!gaId && !ymId) return;
    if (!services) {
      services = [];
      if (gaId) services.push(googleAnalytics(gaId));
      if (ymId) services.push(yandexMetrica(ymId));
    }
    const path = `${pathname}${search ? `?${search}` : ''}`;
    const referrer = previous.current || document.referrer;
    previous.current = `${location.origin}${path}`;
    // The new page's title is committed with it; read it after this paint. A hit still being
    // retried when the visitor moves on keeps being retried: navigation must not lose it.
    const frame = setTimeout(() => {
      deliver({ path, campaign: campaignOf(search), title: document.title, referrer }, services ?? []);
    }, 0);
    return () => clearTimeout(frame);
  }, [pathname, search, gaId, ymId]);

  return null;
}
