import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { RETURN_PATH } from '@/lib/age/check-flow';
import { escapeHtml, plainPageResponse } from '@/lib/age/plain-page';
import { readBodyText } from '@/lib/kvs/request-body';
import { encodeTestToken, TEST_PROVIDER_ID, TEST_PROVIDER_PATH, testClaims, type TestProviderOptions } from '@/lib/age/providers/test';

export const dynamic = 'force-dynamic';

/** The test provider's options, or null when it is not the configured provider (a 404 then). */
function testOptions(): TestProviderOptions | null {
  const c = getConfig();
  return c.ageProvider === TEST_PROVIDER_ID ? (c.ageProviderOptions as TestProviderOptions) : null;
}

const notHere = () => plainPageResponse(404, 'Not found', '<p>There is no test provider on this site.</p>');
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The test provider's page (AGE_PROVIDER=test, AGE_PROVIDER_TEST=1 only): the tester states an age
 * and, as a real provider's form would, may fill in personal fields; they go into the signed
 * token, which the site must read only the answer of.
 */
export function GET(request: NextRequest) {
  if (!testOptions()) return notHere();
  const nonce = request.nextUrl.searchParams.get('nonce') ?? '';
  if (!NONCE.test(nonce)) return plainPageResponse(400, 'Bad request', '<p>No check to answer.</p>');
  const field = (name: string, label: string, value: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(value)}" autocomplete="off"></label>`;
  return plainPageResponse(
    200,
    'Test age provider',
    '<p>This page stands in for an age-verification provider in development and tests. It proves nothing.</p>' +
      `<form method="post" action="${TEST_PROVIDER_PATH}"><input type="hidden" name="nonce" value="${escapeHtml(nonce)}">` +
      field('name', 'Name', '') +
      field('birthdate', 'Birth date', '') +
      field('sub', 'Subject id', '') +
      '<button type="submit" name="over18" value="1" data-testid="test-provider-over18">I am over 18</button>' +
      '<button type="submit" name="over18" value="0" data-testid="test-provider-under18">I am under 18</button></form>',
  );
}

/** The form's answer: a token for the nonce, sent back to the site's return route. */
export async function POST(request: NextRequest) {
  const options = testOptions();
  if (!options) return notHere();
  // At most 8 KB, counted while it streams (lib/server/body-gate.mjs has the same cap).
  const body = await readBodyText(request, 8192);
  if (!body.ok) return body.response;
  const form = new URLSearchParams(body.value);
  const nonce = form.get('nonce') ?? '';
  if (!NONCE.test(nonce)) return plainPageResponse(400, 'Bad request', '<p>No check to answer.</p>');
  const optional = (name: string) => form.get(name)?.slice(0, 200) || undefined;
  const token = encodeTestToken(
    options.key,
    testClaims(options, { nonce, over18: form.get('over18') === '1', sub: optional('sub'), name: optional('name'), birthdate: optional('birthdate') }),
  );
  // Posted back, as OpenID's form_post does: a token in a URL would end up in access logs.
  return plainPageResponse(
    200,
    'Back to the site',
    `<form method="post" action="${RETURN_PATH}" id="answer"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      '<button type="submit" data-testid="test-provider-continue">Continue</button></form>' +
      '<script>document.getElementById("answer").submit()</script>',
  );
}
