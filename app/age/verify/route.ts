import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { ageProvider, newNonce, RETURN_PATH, safeReturnPath, setCheckCookie } from '@/lib/age/check-flow';
import { openCheck } from '@/lib/age/pending-checks';
import { escapeHtml, plainPageResponse, seeOther } from '@/lib/age/plain-page';
import { AgeCheckError } from '@/lib/age/provider';

// Per visitor: a fresh nonce each time.
export const dynamic = 'force-dynamic';

/**
 * A page whose script (public/age-digital-credentials.js, same-origin as the site's CSP asks) asks
 * the browser's Digital Credentials API and posts the answer to the return route; without the API
 * it goes to the redirect. The request holds the nonce and the query, nothing about the visitor.
 */
function digitalCredentialsPage(requests: unknown[], fallbackUrl: string) {
  // JSON inside <script>: '<' escaped so that no value can close the element.
  const check = JSON.stringify({ requests, fallbackUrl, returnPath: RETURN_PATH }).replace(/</g, '\\u003c');
  return plainPageResponse(
    200,
    'Checking your age',
    '<p>Show this site the proof of age from your wallet or age-verification app: your browser asks you to choose it.</p>' +
      '<p><button type="button" id="age-dc-start" data-testid="age-dc-start" hidden>Show my proof of age</button></p>' +
      `<p><a href="${escapeHtml(fallbackUrl)}">Open my age-verification app instead</a></p>` +
      `<script type="application/json" id="age-dc-request">${check}</script><script src="/age-digital-credentials.js"></script>`,
  );
}

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
  const response = start.kind === 'redirect' ? seeOther(start.url) : digitalCredentialsPage(start.requests, start.fallbackUrl);
  setCheckCookie(response, nonce, safeReturnPath(request.nextUrl.searchParams.get('return')), c);
  return response;
}
