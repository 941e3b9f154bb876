'use client';
import { Suspense, useEffect } from 'react';
import { AgeGate } from '@/components/agegate/age-gate';
import { Analytics } from '@/components/analytics/analytics';
import { Notifications } from '@/components/notifications/notifications';
import type { PublicConfig } from '@/lib/config';

/** Mounted once in the root layout's body: notifications, the age gate and analytics (the cookie notice sits after the header). */
export function VisitorShell({ config }: { config: PublicConfig }) {
  // Marks the page as interactive (hydrated): end-to-end tests and monitoring wait for it.
  useEffect(() => {
    document.documentElement.dataset.visitorReady = '1';
  }, []);
  return (
    <>
      <Notifications />
      <AgeGate countries={config.ageGateCountries} />
      {(config.analyticsGaId || config.analyticsYmId) && (
        <Suspense fallback={null}>
          <Analytics gaId={config.analyticsGaId} ymId={config.analyticsYmId} />
        </Suspense>
      )}
    </>
  );
}
