import type { NextRequest, NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { ageProvider, clearCheckCookie, readCheckCookie, setPassCookies, spendNonce } from '@/lib/age/check-flow';
import { AGE_CHECK_COOKIE } from '@/lib/age/cookies';
import { escapeHtml, plainPageResponse, seeOther } from '@/lib/age/plain-page';
import { AgeCheckError } from '@/lib/age/provider';
import { readBodyText } from '@/lib/kvs/request-body';

export const dynamic = 'force-dynamic';

/** Bytes of a posted answer read at most (a presentation with its certificates fits well within); lib/server/body-gate.mjs has the same cap. */
const MAX_BODY = 256 * 1024;

/** The provider's answer: the query of a redirect, or the fields or JSON of a post. */
async function answerOf(request: NextRequest): Promise<unknown> {
  if (request.method === 'GET') return Object.fromEntries(request.nextUrl.searchParams);
  // Counted while it streams (server.mjs's body gate refuses a larger declared length first).
  const body = await readBodyText(request, MAX_BODY);
  if (!body.ok) throw new AgeCheckError('bad_answer', 'answer too large or unreadable');
  const text = body.value;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      throw new AgeCheckError('bad_answer', 'answer is not JSON');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const home = '<p><a href="/">Home</a></p>';

/**
 * /age/return/: where the provider sends the visitor back. The answer is checked against the
 * check's nonce (once only) and dropped; an over-18 result becomes the pass (over 18, method,
 * expiry, nothing else) and the visitor goes back to the page they came from. Only the outcome's
 * code is ever logged: never the answer, which may hold personal data.
 */
async function handle(request: NextRequest): Promise<NextResponse> {
  const c = getConfig();
  const provider = ageProvider(c);
  if (!provider) return plainPageResponse(404, 'No age check here', `<p>This site does not check ages.</p>${home}`);
  const check = readCheckCookie(request.cookies.get(AGE_CHECK_COOKIE)?.value);
  let response: NextResponse;
  try {
    if (!check) throw new AgeCheckError('wrong_nonce', 'no check under way in this browser');
    if (!spendNonce(check.nonce)) throw new AgeCheckError('wrong_nonce', 'this check was answered already');
    const result = await provider.finish({ nonce: check.nonce, answer: await answerOf(request) });
    if (result.over18) {
      response = seeOther(check.returnPath);
      setPassCookies(response, result, c);
    } else {
      response = plainPageResponse(403, 'Not available', `<p>The check did not confirm that you are 18 or older, so this site cannot show you its videos.</p>`);
    }
  } catch (err) {
    const code = err instanceof AgeCheckError ? err.code : 'provider_error';
    if (!(err instanceof AgeCheckError)) console.error(`tubefront: age check failed (${code})`);
    response = plainPageResponse(
      400,
      'The age check did not succeed',
      `<p>The answer could not be accepted (${escapeHtml(code)}). Please start again.</p><p><a href="/age/verify/?return=${encodeURIComponent(check?.returnPath ?? '/')}">Check my age again</a></p>`,
      { 'x-age-check': code },
    );
  }
  clearCheckCookie(response);
  return response;
}

export const GET = handle;
export const POST = handle;
