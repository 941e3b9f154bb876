import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { ageProvider, clearCheckCookie, readCheckCookie, RETURN_PATH, setPassCookies, spendNonce } from '@/lib/age/check-flow';
import { AGE_CHECK_COOKIE } from '@/lib/age/cookies';
import { collectOutcome, isHandle, storeOutcome, takePendingNonce, type CheckOutcome } from '@/lib/age/pending-checks';
import { escapeHtml, plainPageResponse, PRIVATE_HEADERS, seeOther } from '@/lib/age/plain-page';
import { AgeCheckError, type AgeProvider } from '@/lib/age/provider';
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

/** The check's handle a wallet's direct_post echoes in `state` (the return URL's path and query), if any. */
function handleInState(answer: unknown): string | null {
  const state = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>).state : undefined;
  if (typeof state !== 'string' || !state.startsWith(`${RETURN_PATH}?`)) return null;
  const handle = new URLSearchParams(state.slice(RETURN_PATH.length + 1)).get('handle');
  return isHandle(handle) ? handle : null;
}

const codeOf = (err: unknown) => (err instanceof AgeCheckError ? err.code : 'provider_error');

/** The provider's verdict on `answer`, as an outcome: only the error's code is ever logged, never the answer. */
async function verdict(provider: AgeProvider, nonce: string, answer: unknown): Promise<CheckOutcome> {
  try {
    return { ok: true, result: await provider.finish({ nonce, answer }) };
  } catch (err) {
    const code = codeOf(err);
    if (!(err instanceof AgeCheckError)) console.error(`tubefront: age check failed (${code})`);
    return { ok: false, code };
  }
}

const home = '<p><a href="/">Home</a></p>';

function refusedPage(code: string, returnPath: string): NextResponse {
  return plainPageResponse(
    400,
    'The age check did not succeed',
    `<p>The answer could not be accepted (${escapeHtml(code)}). Please start again.</p><p><a href="/age/verify/?return=${encodeURIComponent(returnPath)}">Check my age again</a></p>`,
    { 'x-age-check': code },
  );
}

/** The visitor's page for an outcome: back where they came from with the pass, or why not. */
function outcomePage(outcome: CheckOutcome, returnPath: string): NextResponse {
  if (!outcome.ok) return refusedPage(outcome.code, returnPath);
  if (!outcome.result.over18) return plainPageResponse(403, 'Not available', `<p>The check did not confirm that you are 18 or older, so this site cannot show you its videos.</p>`);
  const response = seeOther(returnPath);
  setPassCookies(response, outcome.result);
  return response;
}

const walletJson = (status: number, body: Record<string, string>) => NextResponse.json(body, { status, headers: PRIVATE_HEADERS });

/**
 * The wallet's own post (direct_post, no cookie): verified here against the nonce of the check its
 * `state` names, once only; the outcome waits under the handle for the visitor's browser, which the
 * wallet sends to the `redirect_uri` of the reply.
 */
async function walletAnswer(provider: AgeProvider, handle: string, answer: unknown): Promise<NextResponse> {
  const nonce = takePendingNonce(handle);
  if (!nonce || !spendNonce(nonce)) return walletJson(400, { error: 'invalid_request', error_description: 'No check under way has this state, or it was answered already.' });
  storeOutcome(handle, nonce, await verdict(provider, nonce, answer));
  return walletJson(200, { redirect_uri: `${getConfig().siteUrl}${RETURN_PATH}?handle=${handle}` });
}

/**
 * /age/return/: where the provider sends the visitor back, or where the wallet posts its answer.
 * The answer is checked against the check's nonce (once only) and dropped; an over-18 result
 * becomes the pass (over 18, method, expiry, nothing else) and the visitor goes back to the page
 * they came from. Only the outcome's code is ever logged: never the answer, which may hold personal data.
 */
async function handle(request: NextRequest): Promise<NextResponse> {
  const c = getConfig();
  const provider = ageProvider(c);
  if (!provider) return plainPageResponse(404, 'No age check here', `<p>This site does not check ages.</p>${home}`);
  const check = readCheckCookie(request.cookies.get(AGE_CHECK_COOKIE)?.value);
  const returnPath = check?.returnPath ?? '/';
  let answer: unknown;
  try {
    answer = await answerOf(request);
  } catch (err) {
    const response = refusedPage(codeOf(err), returnPath);
    clearCheckCookie(response);
    return response;
  }

  const walletHandle = provider.directPost && request.method === 'POST' ? handleInState(answer) : null;
  if (walletHandle) return walletAnswer(provider, walletHandle, answer);

  const collect = request.method === 'GET' ? request.nextUrl.searchParams.get('handle') : null;
  if (collect !== null) {
    const outcome = isHandle(collect) && check ? collectOutcome(collect, check.nonce) : null;
    // Not this browser's check (or not answered yet): its own cookie, if any, stays for its own answer.
    if (!outcome) return refusedPage('wrong_nonce', returnPath);
    const response = outcomePage(outcome, returnPath);
    clearCheckCookie(response);
    return response;
  }

  let outcome: CheckOutcome;
  if (!check) outcome = { ok: false, code: 'wrong_nonce' };
  else if (!spendNonce(check.nonce)) outcome = { ok: false, code: 'wrong_nonce' };
  else outcome = await verdict(provider, check.nonce, answer);
  const response = outcomePage(outcome, returnPath);
  clearCheckCookie(response);
  return response;
}

export const GET = handle;
export const POST = handle;
