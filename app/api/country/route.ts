import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { needsPolicyCookie, policyFor } from '@/lib/age/policy.mjs';
import { setCountryCookie } from '@/lib/geo/country-cookie';
import { detectRegion } from '@/lib/geo/region';

// Per visitor: never rendered ahead or cached.
export const dynamic = 'force-dynamic';

/**
 * The visitor's country and age policy, for a first visit without the country cookie (no page
 * sets it; the edge sets it on delivery where there is one): the inline script asks here before
 * it shows the page or the age gate. Answers { country } ('XX' when unknown) and sets its cookie,
 * with the visitor's policy and its cookie too where AGE_POLICY names a subdivision or the unknown
 * region; private, never stored by a cache. With the pass cookies of
 * app/age/return, the only answers of the site that set a cookie.
 */
export function GET(request: NextRequest) {
  const c = getConfig();
  const { country, subdivision } = detectRegion(request, c);
  // The policy only where the country cannot tell it (lib/age/policy.mjs): otherwise the answer
  // and its one cookie stay what they always were.
  const policy = needsPolicyCookie(c.agePolicy) ? policyFor(c.agePolicy, country, subdivision) : undefined;
  const response = NextResponse.json(policy ? { country: country ?? 'XX', policy } : { country: country ?? 'XX' });
  setCountryCookie(response, country, policy);
  response.headers.set('x-content-type-options', 'nosniff');
  return response;
}
