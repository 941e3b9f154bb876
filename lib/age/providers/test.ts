/**
 * The test provider (AGE_PROVIDER=test, only with AGE_PROVIDER_TEST=1): a page of the site itself
 * (app/age/test-provider) where a tester says "over 18" or "under 18". It stands in for a real
 * provider in development and CI, and behaves like one: its answer is a signed token bound to the
 * check's nonce and to this site, short-lived, and it carries the kind of personal fields a real
 * provider sends (a subject id, a name, a birth date) so that the tests can show the site drops them.
 *
 * The token is `base64url(JSON).base64url(HMAC-SHA256)`, keyed by a secret derived from the pass
 * secret: nobody without the site's configuration can mint one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AgeCheckError, type AgeCheckStart, type AgeProvider, type AgeResult } from '../provider';

export const TEST_PROVIDER_ID = 'test';
/** The test provider's page, on this site. */
export const TEST_PROVIDER_PATH = '/age/test-provider/';
/** How long a token may take from the test page to the return route. */
export const TEST_TOKEN_TTL_S = 600;
/** How long the age the tester declared holds (as a real attestation's validity would). */
export const TEST_PROOF_TTL_S = 365 * 86_400;
const ISSUER = 'tubefront-test-provider';

export interface TestProviderOptions {
  /** Signs and checks the tokens. */
  key: Buffer;
  /** The site's origin: a token is accepted only by the site it was made for. */
  audience: string;
}

/** What the test page puts in a token: the answer, and personal fields a real provider would add. */
export interface TestTokenClaims {
  iss: string;
  aud: string;
  nonce: string;
  over18: boolean;
  iat: number;
  exp: number;
  /** Epoch seconds until which the declared age holds. */
  validUntil: number;
  sub?: string;
  name?: string;
  birthdate?: string;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

export function encodeTestToken(key: Buffer, claims: TestTokenClaims): string {
  const body = b64(JSON.stringify(claims));
  return `${body}.${b64(sign(key, body))}`;
}

/** The claims of a token the test page makes for `nonce` now. */
export function testClaims(
  options: TestProviderOptions,
  input: { nonce: string; over18: boolean; sub?: string; name?: string; birthdate?: string },
  now = Math.floor(Date.now() / 1000),
): TestTokenClaims {
  return { iss: ISSUER, aud: options.audience, iat: now, exp: now + TEST_TOKEN_TTL_S, validUntil: now + TEST_PROOF_TTL_S, ...input };
}

function decode(key: Buffer, token: unknown): TestTokenClaims {
  if (typeof token !== 'string' || token.length > 4096) throw new AgeCheckError('bad_answer', 'no token');
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw new AgeCheckError('bad_answer', 'not a token');
  const expected = sign(key, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AgeCheckError('bad_signature', 'token not signed by the test provider');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new AgeCheckError('bad_answer', 'token body is not JSON');
  }
  const c = claims as Partial<TestTokenClaims> | null;
  if (!c || typeof c !== 'object' || typeof c.over18 !== 'boolean' || typeof c.exp !== 'number' || typeof c.validUntil !== 'number') {
    throw new AgeCheckError('bad_answer', 'token lacks its claims');
  }
  return c as TestTokenClaims;
}

export function createTestProvider(options: TestProviderOptions, now: () => number = () => Math.floor(Date.now() / 1000)): AgeProvider {
  return {
    id: TEST_PROVIDER_ID,
    description: 'A test page of this site where the tester states "over 18" or "under 18" (development and CI only: it proves nothing).',
    async begin({ nonce }): Promise<AgeCheckStart> {
      // A page of this site: a path, on whichever origin the visitor uses (the check's cookie is that origin's).
      return { kind: 'redirect', url: `${TEST_PROVIDER_PATH}?${new URLSearchParams({ nonce })}` };
    },
    async finish({ nonce, answer }): Promise<AgeResult> {
      const token = answer && typeof answer === 'object' ? (answer as Record<string, unknown>).token : undefined;
      const claims = decode(options.key, token);
      if (claims.iss !== ISSUER) throw new AgeCheckError('untrusted_issuer', 'another issuer');
      if (claims.aud !== options.audience) throw new AgeCheckError('wrong_audience', 'token made for another site');
      if (typeof claims.nonce !== 'string' || claims.nonce !== nonce) throw new AgeCheckError('wrong_nonce', 'token made for another check');
      const t = now();
      if (claims.exp <= t || claims.validUntil <= t) throw new AgeCheckError('expired', 'token expired');
      // Only these three leave the provider: the subject, name and birth date stay in the token.
      return { over18: claims.over18, method: TEST_PROVIDER_ID, expiresAt: claims.validUntil };
    },
  };
}

/** The test provider's key, derived from the pass secret (one secret to configure, two uses kept apart). */
export function testProviderKey(passSecret: string): Buffer {
  return createHmac('sha256', passSecret).update('tubefront age test provider').digest();
}

/** AGE_PROVIDER=test is refused without AGE_PROVIDER_TEST=1: it must never be on in production by accident. */
export function readTestOptions(env: Record<string, string | undefined>): { options: TestProviderOptions } | { errors: string[] } {
  const errors: string[] = [];
  if ((env.AGE_PROVIDER_TEST ?? '').trim() !== '1') {
    errors.push('AGE_PROVIDER=test is the test provider, which proves nothing: it needs AGE_PROVIDER_TEST=1 as well, and never belongs in production');
  }
  const secret = (env.AGE_PASS_SECRET ?? '').trim();
  if (!secret) errors.push('AGE_PROVIDER=test signs its tokens with a key derived from AGE_PASS_SECRET, which is not set');
  const port = (env.PORT ?? '').trim() || '3000';
  const audience = ((env.SITE_URL ?? '').trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  return errors.length ? { errors } : { options: { key: testProviderKey(secret), audience } };
}
