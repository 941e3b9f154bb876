/**
 * The country cookie of the age gate, as /api/country/ sets it (the only answer of the site that
 * sets one). A response that sets a cookie is never shared-cacheable: a CDN or nginx configured to
 * keep cookies would otherwise hand one visitor's country to everybody.
 */
import type { NextResponse } from 'next/server';
import { COUNTRY_COOKIE, COUNTRY_MAX_AGE } from '@/lib/cookies';

/** For responses meant for one visitor only. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Sets the cookie ('XX' means unknown: never gated, and no lookup on the next requests) and makes the response private. */
export function setCountryCookie(response: NextResponse, country: string | null): void {
  response.cookies.set(COUNTRY_COOKIE, country ?? 'XX', { path: '/', maxAge: COUNTRY_MAX_AGE, sameSite: 'lax' });
  response.headers.set('Cache-Control', PRIVATE_NO_STORE);
}
