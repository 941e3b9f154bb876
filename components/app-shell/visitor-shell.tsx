'use client';
import { Suspense, useEffect } from 'react';
import { AgeGate } from '@/components/agegate/age-gate';
import { Analytics } from '@/components/analytics/analytics';
import { CookieNotice } from '@/components/cookie-notice/cookie-notice';
import { Notifications } from '@/components/notifications/notifications';
import type { PublicConfig } from '@/lib/config';

/** Mounted once in the root layout's body: notifications, the age gate, the cookie notice and analytics. */
export function VisitorShell({ config }: { config: PublicConfig }) {
  // Marks the page as interactive (hydrated): end-to-end tests and monitoring wait for it.
  useEffect(() => {
    document.documentElement.dataset.visitorReady = '1';
  }, []);
  return (
    <>
      <Notifications />
      <AgeGate countries={config.ageGateCountries} />
      <CookieNotice />
      {(config.analyticsGaId || config.analyticsYmId) && (
        <Suspense fallback={null}>
          <Analytics gaId={config.analyticsGaId} ymId={config.analyticsYmId} />
        </Suspense>
      )}
    </>
  );
}
