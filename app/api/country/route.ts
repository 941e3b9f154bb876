import { NextResponse, type NextRequest } from 'next/server';
import { detectCountry } from '@/lib/geo/country';
import { setCountryCookie } from '@/lib/geo/country-cookie';

// Per visitor: never rendered ahead or cached.
export const dynamic = 'force-dynamic';

/**
 * The visitor's country, for a first visit without the country cookie (no page sets it; the edge
 * sets it on delivery where there is one): the inline script asks here before it shows the page
 * or the age gate. Answers { country } ('XX' when unknown) and sets the cookie; private, never
 * stored by a cache. The only answer of the site that sets a cookie.
 */
export function GET(request: NextRequest) {
  const country = detectCountry(request);
  const response = NextResponse.json({ country: country ?? 'XX' });
  setCountryCookie(response, country);
  response.headers.set('x-content-type-options', 'nosniff');
  return response;
}
