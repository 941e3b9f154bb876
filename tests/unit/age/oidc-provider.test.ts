import { generateKeyPair, SignJWT, base64url } from 'jose';
import { createOidcProvider, readOidcOptions, type OidcOptions } from '@/lib/age/providers/oidc';
import type { AgeProvider } from '@/lib/age/provider';
import { refusal, writtenDuring } from './eudi-oidc-checks';
import { CLIENT_ID, CLIENT_SECRET, startTestProvider, type TestProvider } from './oidc-test-provider';

const ORIGIN = 'https://tube.example';
const RETURN_URL = `${ORIGIN}/age/return/?next=%2Fvideos%2F1%2F`;
const NONCE = 'Qm9uY2UtZm9yLXRlc3Rz';

let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider();
});
afterAll(() => idp.close());

function provider(overrides: Partial<OidcOptions> = {}): AgeProvider {
  return createOidcProvider({
    origin: ORIGIN,
    issuer: idp.issuer,
    authorizationUrl: idp.authorizationUrl,
    jwksUrl: idp.jwksUrl,
    clientId: CLIENT_ID,
    flow: 'code',
    tokenUrl: idp.tokenUrl,
    clientSecret: CLIENT_SECRET,
    scope: 'openid',
    claim: 'age_over_18',
    claimValue: true,
    algorithms: ['RS256', 'PS256', 'ES256'],
    proofSeconds: 86_400,
    ...overrides,
  });
}

const now = () => Math.floor(Date.now() / 1000);

/** Claims of a good token for this check; `overrides` change or (undefined) drop some. */
function claims(overrides: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = { iss: idp.issuer, aud: CLIENT_ID, sub: 'user-8f14e45f', iat: now(), exp: now() + 300, nonce: NONCE, age_over_18: true };
  return Object.fromEntries(Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined));
}

/** The id_token flow's answer: the token as the provider's form_post brings it. */
async function viaIdToken(token: string | Promise<string>) {
  return provider({ flow: 'id_token' }).finish({ nonce: NONCE, answer: { id_token: await token, state: '/age/return/' } });
}

describe('OIDC age provider: the flows', () => {
  it('sends the visitor to the provider with client id, redirect URI, scope, nonce and the return path', async () => {
    const start = await provider().begin({ nonce: NONCE, returnUrl: RETURN_URL });
    expect(start.kind).toBe('redirect');
    if (start.kind !== 'redirect') return;
    const url = new URL(start.url);
    expect(url.origin + url.pathname).toBe(idp.authorizationUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: RETURN_URL,
      scope: 'openid',
      nonce: NONCE,
      state: '/age/return/?next=%2Fvideos%2F1%2F',
    });
    const implicit = await provider({ flow: 'id_token' }).begin({ nonce: NONCE, returnUrl: RETURN_URL });
    expect(implicit.kind === 'redirect' && new URL(implicit.url).searchParams.get('response_mode')).toBe('form_post');
    await expect(provider().begin({ nonce: NONCE, returnUrl: 'https://elsewhere.example/age/return/' })).rejects.toThrow('not on');
  });

  it('code flow: redeems the code with the client secret and keeps only over-18, method and expiry', async () => {
    const start = await provider().begin({ nonce: NONCE, returnUrl: RETURN_URL });
    const code = idp.authorize(start.kind === 'redirect' ? start.url : '', claims({ nonce: undefined, name: 'Jane Roe' }));
    const before = idp.tokenRequests;
    const result = await provider().finish({ nonce: NONCE, answer: { code, state: '/age/return/?next=%2Fvideos%2F1%2F' } });
    expect(idp.tokenRequests).toBe(before + 1);
    expect(Object.keys(result).sort()).toEqual(['expiresAt', 'method', 'over18']);
    expect(result.over18).toBe(true);
    expect(result.method).toBe('oidc');
    expect(Math.abs(result.expiresAt - (now() + 86_400))).toBeLessThanOrEqual(2);
    // The code was spent: the same answer again is refused by the provider.
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { code, state: '/age/return/?next=%2Fvideos%2F1%2F' } }))).toBe('bad_answer');
  });

  it('code flow: a code redeemed for another return path, or a state naming another site, is refused', async () => {
    const start = await provider().begin({ nonce: NONCE, returnUrl: RETURN_URL });
    const url = start.kind === 'redirect' ? start.url : '';
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { code: idp.authorize(url, claims()), state: '/elsewhere/' } }))).toBe('bad_answer');
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { code: idp.authorize(url, claims()), state: '//evil.example/age/return/' } }))).toBe('wrong_audience');
  });

  it('id_token flow: accepts the posted token', async () => {
    expect(await viaIdToken(idp.sign(claims()))).toMatchObject({ over18: true, method: 'oidc' });
  });
});

describe('OIDC age provider: refusals', () => {
  it('refuses a forged signature: another key under the provider’s key id', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expect(await refusal(viaIdToken(idp.sign(claims(), { key: privateKey })))).toBe('bad_signature');
    const tampered = (await idp.sign(claims({ age_over_18: false }))).split('.');
    tampered[1] = base64url.encode(JSON.stringify(claims()));
    expect(await refusal(viaIdToken(tampered.join('.')))).toBe('bad_signature');
  });

  it('refuses alg none, and an HMAC token keyed with the published key', async () => {
    const none = `${base64url.encode('{"alg":"none","typ":"JWT"}')}.${base64url.encode(JSON.stringify(claims()))}.`;
    expect(await refusal(viaIdToken(none))).toBe('bad_signature');
    const jwks = await (await fetch(idp.jwksUrl)).text();
    const hs256 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(new TextEncoder().encode(jwks));
    expect(await refusal(viaIdToken(hs256))).toBe('bad_signature');
  });

  it('refuses an expired token, and one issued too long ago whatever its exp', async () => {
    expect(await refusal(viaIdToken(idp.sign(claims({ iat: now() - 900, exp: now() - 600 }))))).toBe('expired');
    expect(await refusal(viaIdToken(idp.sign(claims({ iat: now() - 3600, exp: now() + 3600 }))))).toBe('expired');
  });

  it('refuses a token for another check (a replay), or without a nonce', async () => {
    expect(await refusal(viaIdToken(idp.sign(claims({ nonce: 'an-earlier-nonce' }))))).toBe('wrong_nonce');
    expect(await refusal(viaIdToken(idp.sign(claims({ nonce: undefined }))))).toBe('bad_answer');
  });

  it('refuses a token for another site: another audience, or several without this site as azp', async () => {
    expect(await refusal(viaIdToken(idp.sign(claims({ aud: 'other-site' }))))).toBe('wrong_audience');
    expect(await refusal(viaIdToken(idp.sign(claims({ aud: [CLIENT_ID, 'other-site'], azp: 'other-site' }))))).toBe('wrong_audience');
    expect(await viaIdToken(idp.sign(claims({ aud: [CLIENT_ID, 'other-site'], azp: CLIENT_ID })))).toMatchObject({ over18: true });
  });

  it('refuses a token from another issuer', async () => {
    expect(await refusal(viaIdToken(idp.sign(claims({ iss: 'https://other-provider.example' }))))).toBe('untrusted_issuer');
  });

  it('answers over18 false for a false claim, and refuses a token without it', async () => {
    expect((await viaIdToken(idp.sign(claims({ age_over_18: false })))).over18).toBe(false);
    expect((await viaIdToken(idp.sign(claims({ age_over_18: 'true' })))).over18).toBe(false);
    expect(await refusal(viaIdToken(idp.sign(claims({ age_over_18: undefined }))))).toBe('bad_answer');
  });

  it('reads a configured claim and value, nested', async () => {
    const custom = provider({ flow: 'id_token', claim: 'age_verification.status', claimValue: 'verified' });
    const check = async (extra: Record<string, unknown>) =>
      custom.finish({ nonce: NONCE, answer: { id_token: await idp.sign(claims({ age_over_18: undefined, ...extra })) } });
    expect((await check({ age_verification: { status: 'verified' } })).over18).toBe(true);
    expect((await check({ age_verification: { status: 'failed' } })).over18).toBe(false);
    expect(await refusal(check({ age_verification: 'verified' }))).toBe('bad_answer');
  });

  it('answers provider_error when the provider fails or cannot be reached, bad_answer to junk', async () => {
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { error: 'access_denied', error_description: 'Jane Roe is 16' } }))).toBe('provider_error');
    const unreachable = provider({ flow: 'id_token', jwksUrl: 'http://127.0.0.1:9/jwks' });
    expect(await refusal(unreachable.finish({ nonce: NONCE, answer: { id_token: await idp.sign(claims()) } }))).toBe('provider_error');
    const noTokenEndpoint = provider({ tokenUrl: 'http://127.0.0.1:9/token' });
    expect(await refusal(noTokenEndpoint.finish({ nonce: NONCE, answer: { code: 'abc', state: '/age/return/' } }))).toBe('provider_error');
    for (const answer of [null, 'x', {}, { id_token: 'not.a.jwt' }, { id_token: 42 }]) {
      expect(await refusal(provider({ flow: 'id_token' }).finish({ nonce: NONCE, answer }))).toBe('bad_answer');
    }
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { code: 'abc' } }))).toBe('bad_answer');
  });
});

describe('OIDC age provider: nothing personal leaves it', () => {
  it('writes none of the token’s values to the console or the output streams during a check', async () => {
    const personal = { sub: 'subject-7d1a54127b', name: 'Jane Roe', birthdate: '1990-04-12', email: 'jane.roe@example.org' };
    let result: Awaited<ReturnType<AgeProvider['finish']>> | undefined;
    const written = await writtenDuring(async () => {
      result = await viaIdToken(idp.sign(claims(personal)));
      await refusal(viaIdToken(idp.sign(claims({ ...personal, nonce: 'another' }))));
      await refusal(provider().finish({ nonce: NONCE, answer: { error: 'access_denied', error_description: personal.name } }));
    });
    expect(result?.over18).toBe(true);
    const everything = written.join('\n') + JSON.stringify(result);
    for (const value of Object.values(personal)) expect(everything).not.toContain(value);
  });

  it('keeps no claim value in the error it throws', async () => {
    const error = await viaIdToken(idp.sign(claims({ name: 'Jane Roe', aud: 'other-site' }))).catch((caught: unknown) => caught);
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).not.toMatch(/Jane Roe|other-site|user-8f14e45f/);
  });
});

describe('OIDC age provider: settings', () => {
  const minimal = {
    SITE_URL: 'https://tube.example',
    AGE_OIDC_ISSUER: 'https://id.provider.example',
    AGE_OIDC_AUTHORIZATION_URL: 'https://id.provider.example/authorize',
    AGE_OIDC_JWKS_URL: 'https://id.provider.example/jwks',
    AGE_OIDC_TOKEN_URL: 'https://id.provider.example/token',
    AGE_OIDC_CLIENT_ID: 'tube-example',
    AGE_OIDC_CLIENT_SECRET: 'xyz',
  };

  it('reads the settings with their defaults', () => {
    const result = readOidcOptions(minimal);
    expect('options' in result && result.options).toMatchObject({
      origin: 'https://tube.example',
      flow: 'code',
      scope: 'openid',
      claim: 'age_over_18',
      claimValue: true,
      algorithms: ['RS256', 'PS256', 'ES256'],
      proofSeconds: 2_592_000,
    });
    const implicit = readOidcOptions({
      ...minimal,
      AGE_OIDC_TOKEN_URL: undefined,
      AGE_OIDC_CLIENT_SECRET: undefined,
      AGE_OIDC_FLOW: 'id_token',
      AGE_OIDC_CLAIM: 'age_verification.status',
      AGE_OIDC_CLAIM_VALUE: '"verified"',
      AGE_OIDC_ALGORITHMS: 'ES256, EdDSA',
      AGE_OIDC_PROOF_SECONDS: '3600',
    });
    expect('options' in implicit && implicit.options).toMatchObject({ flow: 'id_token', claimValue: 'verified', algorithms: ['ES256', 'EdDSA'], proofSeconds: 3600 });
  });

  it('names every wrong setting, and never echoes the client secret', () => {
    const result = readOidcOptions({
      ...minimal,
      AGE_OIDC_ISSUER: 'http://id.provider.example',
      AGE_OIDC_FLOW: 'implicit',
      AGE_OIDC_SCOPE: 'profile',
      AGE_OIDC_CLAIM: 'age over 18',
      AGE_OIDC_CLAIM_VALUE: 'yes',
      AGE_OIDC_ALGORITHMS: 'RS256,none',
      AGE_OIDC_PROOF_SECONDS: '10',
    });
    expect('errors' in result && result.errors.map((line) => line.split('=')[0])).toEqual([
      'Invalid AGE_OIDC_ISSUER',
      'Invalid AGE_OIDC_FLOW',
      'Invalid AGE_OIDC_SCOPE',
      'Invalid AGE_OIDC_CLAIM',
      'Invalid AGE_OIDC_CLAIM_VALUE',
      'Invalid AGE_OIDC_ALGORITHMS',
      'Invalid AGE_OIDC_PROOF_SECONDS',
    ]);
    const missing = readOidcOptions({ AGE_OIDC_CLIENT_SECRET: 'xyz' });
    expect('errors' in missing && missing.errors.length).toBe(5);
    expect(JSON.stringify(missing)).not.toContain('xyz');
    expect(readOidcOptions({ ...minimal, AGE_OIDC_ALGORITHMS: 'HS256' })).toEqual({ errors: [expect.stringContaining('AGE_OIDC_ALGORITHMS')] });
  });
});
