'use client';
import { lazy, Suspense, useEffect } from 'react';
import { AgeGateController } from '@/components/agegate/age-gate-controller';
import { StopScrollHandler } from '@/components/navigation/stop-scroll-handler';
import { Notifications } from '@/components/notifications/notifications';
import type { PublicConfig } from '@/lib/config';

// Loaded only on a site with an analytics ID: without one, nobody downloads it.
const Analytics = lazy(() => import('@/components/analytics/analytics').then((m) => ({ default: m.Analytics })));

/** Mounted once in the root layout's body: notifications, the age gate's controller, the spec's stopScroll and analytics (the cookie notice sits after the header; the gate's dialog is server HTML, AgeGateDialog). */
export function VisitorShell({ config }: { config: PublicConfig }) {
  // Marks the page as interactive (hydrated): end-to-end tests and monitoring wait for it.
  useEffect(() => {
    document.documentElement.dataset.visitorReady = '1';
  }, []);
  return (
    <>
      <Notifications />
      <AgeGateController countries={config.ageGateCountries} />
      {/* It reads the query (useSearchParams): its own boundary keeps the pages static. */}
      <Suspense fallback={null}>
        <StopScrollHandler />
      </Suspense>
      {(config.analyticsGaId || config.analyticsYmId) && (
        <Suspense fallback={null}>
          <Analytics gaId={config.analyticsGaId} ymId={config.analyticsYmId} afterConsent={config.analyticsAfterConsent} />
        </Suspense>
      )}
    </>
  );
}
