import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { ageProvider, newNonce, RETURN_PATH, safeReturnPath, setCheckCookie } from '@/lib/age/check-flow';
import { openCheck } from '@/lib/age/pending-checks';
import { plainPageResponse, seeOther } from '@/lib/age/plain-page';
import { AgeCheckError } from '@/lib/age/provider';

// Per visitor: a fresh nonce each time.
export const dynamic = 'force-dynamic';

/**
 * /age/verify/?return=/page/: starts an age check with the configured provider. The nonce goes
 * to the provider and, with the page to return to, into the check's HttpOnly cookie. Only when the
 * wallet answers by itself (direct_post) does the server keep anything: the check's handle -> nonce.
 */
export async function GET(request: NextRequest) {
  const c = getConfig();
  const provider = ageProvider(c);
  if (!provider) return plainPageResponse(404, 'No age check here', '<p>This site does not check ages.</p><p><a href="/">Home</a></p>');
  const nonce = newNonce();
  const returnUrl = provider.directPost ? `${c.siteUrl}${RETURN_PATH}?handle=${openCheck(nonce)}` : `${c.siteUrl}${RETURN_PATH}`;
  let start;
  try {
    start = await provider.begin({ nonce, returnUrl });
  } catch (err) {
    const code = err instanceof AgeCheckError ? err.code : 'provider_error';
    console.error(`tubefront: age check could not start (${code})`);
    return plainPageResponse(502, 'The age check could not start', '<p>The provider could not be reached. Please try again later.</p><p><a href="/">Home</a></p>');
  }
  // A browser with the Digital Credentials API is asked by the provider's own page; this route
  // takes everybody to the redirect, which such a page offers as its fallback.
  const target = start.kind === 'redirect' ? start.url : start.fallbackUrl;
  const response = seeOther(target);
  setCheckCookie(response, nonce, safeReturnPath(request.nextUrl.searchParams.get('return')), c);
  return response;
}
