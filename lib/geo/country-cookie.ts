/**
 * The country and age-policy cookies of the age gate, as /api/country/ sets them. A response that
 * sets a cookie is never shared-cacheable: a CDN or nginx configured to keep cookies would
 * otherwise hand one visitor's country to everybody.
 */
import type { NextResponse } from 'next/server';
import type { AgePolicyKind } from '@/lib/age/policy.mjs';
import { AGE_POLICY_COOKIE } from '@/lib/age/cookies';
import { COUNTRY_COOKIE, COUNTRY_MAX_AGE } from '@/lib/web/cookies';

/** For responses meant for one visitor only. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Sets the cookies ('XX' means unknown: no lookup on the next requests; its policy is AGE_POLICY's
 * XX) and makes the response private. The policy cookie lives as long as the country cookie: a
 * visitor who moves meets the new region's policy within a day.
 */
export function setCountryCookie(response: NextResponse, country: string | null, policy?: AgePolicyKind): void {
  response.cookies.set(COUNTRY_COOKIE, country ?? 'XX', { path: '/', maxAge: COUNTRY_MAX_AGE, sameSite: 'lax' });
  if (policy) response.cookies.set(AGE_POLICY_COOKIE, policy, { path: '/', maxAge: COUNTRY_MAX_AGE, sameSite: 'lax' });
  response.headers.set('Cache-Control', PRIVATE_NO_STORE);
}
