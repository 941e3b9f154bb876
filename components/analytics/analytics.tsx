'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { noticeConsent, subscribeNotice } from '@/components/cookie-notice/notice-store';
import { campaignOf, deliver, reportedPage, reportedReferrer, withoutTerms, type AnalyticsService } from './hits';
import { googleAnalytics, yandexMetrica } from './services';

let services: AnalyticsService[] | null = null;

/**
 * Reports each page view (first load and every client navigation) to the configured services.
 * With no ID configured nothing loads and nothing is sent. A search term never leaves: the path,
 * the page name and the referrer are reported without it. With `afterConsent`
 * (ANALYTICS_AFTER_CONSENT), the services' scripts load, and page views are reported, only once
 * the visitor accepted the cookie notice (from the page where they did, on). Render inside
 * <Suspense>: it reads the query string.
 */
export function Analytics({ gaId, ymId, afterConsent = false }: { gaId: string; ymId: string; afterConsent?: boolean }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const consent = useSyncExternalStore(subscribeNotice, noticeConsent, () => false);
  const allowed = !afterConsent || consent;
  const previous = useRef('');

  useEffect(() => {
    if ((!gaId && !ymId) || !allowed) return;
    if (!services) {
      services = [];
      if (gaId) services.push(googleAnalytics(gaId));
      if (ymId) services.push(yandexMetrica(ymId));
    }
    const { path, terms } = reportedPage(pathname, search);
    const referrer = previous.current || reportedReferrer(document.referrer, location.origin);
    previous.current = `${location.origin}${path}`;
    // The new page's title is committed with it; read it after this paint. A hit still being
    // retried when the visitor moves on keeps being retried: navigation must not lose it.
    const frame = setTimeout(() => {
      deliver({ path, campaign: campaignOf(search), title: withoutTerms(document.title, terms), referrer }, services ?? []);
    }, 0);
    return () => clearTimeout(frame);
  }, [pathname, search, gaId, ymId, allowed]);

  return null;
}
