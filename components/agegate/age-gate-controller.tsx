'use client';
import { useEffect } from 'react';
import { AGE_COOKIE, COUNTRY_EVENT, GATE_CLASS, GATE_LAYER_ATTR, VERIFY_CLASS, countryPending, isGated } from './gate';

/**
 * Decides once, on mount, from the same cookies the inline script read (or, when the inline
 * script is still asking the server for the country, once it has the answer), and loads the
 * gate's behaviour only for a gated visitor: everybody else downloads none of it. It lives in the
 * root layout, so the gate stays open across navigations.
 */
export function AgeGateController({ countries }: { countries: string[] }) {
  useEffect(() => {
    let live = true;
    let detach: (() => void) | undefined;
    const decide = () => {
      const gated = isGated(document.cookie, countries) || document.body.classList.contains(GATE_CLASS);
      if (!gated || !live) return;
      document.body.classList.add(GATE_CLASS);
      import('./age-gate-behavior')
        .then((m) => {
          if (live) detach = m.openGate();
        })
        // The behaviour's chunk did not load: 'Enter' still confirms (without the focus trap or
        // the visitor's language), so that nobody is locked out by a failed download.
        .catch(() => {
          document.querySelector(`[${GATE_LAYER_ATTR}] button`)?.addEventListener('click', () => {
            if (document.body.classList.contains(VERIFY_CLASS)) return;
            document.cookie = `${AGE_COOKIE}=1; max-age=34560000; path=/; samesite=lax`;
            document.body.classList.remove(GATE_CLASS);
          });
        });
    };
    if (countryPending()) document.addEventListener(COUNTRY_EVENT, decide, { once: true });
    else decide();
    return () => {
      live = false;
      detach?.();
      document.removeEventListener(COUNTRY_EVENT, decide);
    };
  }, [countries]);
  return null;
}
