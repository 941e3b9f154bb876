/**
 * The pass (signed, expiring, holding nothing personal), the test provider's tokens (forged,
 * expired, replayed and other-site ones refused) and the check's routes around them.
 */
import { NextRequest } from 'next/server';
import { readPass, signPass } from '@/lib/age/pass';
import { AgeCheckError } from '@/lib/age/provider';
import { createTestProvider, encodeTestToken, testClaims, testProviderKey } from '@/lib/age/providers/test';
import { safeReturnPath } from '@/lib/age/check-flow';

const SECRET = 's'.repeat(40);
const SITE = 'http://site.example';
process.env.AGE_POLICY = 'GB=verify';
process.env.AGE_PROVIDER = 'test';
process.env.AGE_PROVIDER_TEST = '1';
process.env.AGE_PASS_SECRET = SECRET;
process.env.SITE_URL = SITE;
process.env.AGE_PASS_DAYS = '30';

const NOW = 1_800_000_000;

describe('the pass', () => {
  it('holds over-18, the method and the expiry, signed', () => {
    const value = signPass(SECRET, { method: 'test', expiresAt: NOW + 60 });
    expect(value).toMatch(/^1\.test\.1800000060\.[A-Za-z0-9_-]{43}$/);
    expect(readPass(SECRET, value, NOW)).toEqual({ method: 'test', expiresAt: NOW + 60 });
  });

  it('refuses an expired, altered or foreign pass', () => {
    const value = signPass(SECRET, { method: 'test', expiresAt: NOW + 60 });
    expect(readPass(SECRET, value, NOW + 60)).toBeNull();
    expect(readPass('x'.repeat(40), value, NOW)).toBeNull();
    expect(readPass(SECRET, value.replace('1800000060', '1900000060'), NOW)).toBeNull();
    expect(readPass(SECRET, value.replace('.test.', '.oidc.'), NOW)).toBeNull();
    expect(readPass(SECRET, `0${value.slice(1)}`, NOW)).toBeNull();
    expect(readPass(SECRET, 'garbage', NOW)).toBeNull();
    expect(readPass('', value, NOW)).toBeNull();
  });
});

describe('the test provider', () => {
  const key = testProviderKey(SECRET);
  const options = { key, audience: SITE };
  const provider = createTestProvider(options, () => NOW);
  const token = (over: Partial<ReturnType<typeof testClaims>> = {}, k = key) =>
    encodeTestToken(k, { ...testClaims(options, { nonce: 'n'.repeat(32), over18: true, name: 'Ada Example', sub: 'subject-1' }, NOW), ...over });
  const refusal = async (answer: unknown, nonce = 'n'.repeat(32)) => {
    try {
      await provider.finish({ nonce, answer });
    } catch (err) {
      expect(err).toBeInstanceOf(AgeCheckError);
      return (err as AgeCheckError).code;
    }
    return 'accepted';
  };

  it('sends the visitor to its page on the site with the nonce', async () => {
    const start = await provider.begin({ nonce: 'abc', returnUrl: `${SITE}/age/return/` });
    expect(start).toEqual({ kind: 'redirect', url: '/age/test-provider/?nonce=abc' });
  });

  it('returns over-18, method and expiry only: none of the personal fields', async () => {
    const result = await provider.finish({ nonce: 'n'.repeat(32), answer: { token: token() } });
    expect(result).toEqual({ over18: true, method: 'test', expiresAt: expect.any(Number) });
    expect(JSON.stringify(result)).not.toMatch(/Ada|subject-1/);
    expect((await provider.finish({ nonce: 'n'.repeat(32), answer: { token: token({ over18: false }) } })).over18).toBe(false);
  });

  it('refuses forged, expired, other-check and other-site tokens', async () => {
    expect(await refusal({ token: token({}, testProviderKey('another secret of the same length!!!!!')) })).toBe('bad_signature');
    const [body, mac] = token().split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), over18: true, exp: NOW + 9999 })).toString('base64url');
    expect(await refusal({ token: `${forgedBody}.${mac}` })).toBe('bad_signature');
    expect(await refusal({ token: token({ exp: NOW }) })).toBe('expired');
    expect(await refusal({ token: token({ validUntil: NOW - 1 }) })).toBe('expired');
    expect(await refusal({ token: token() }, 'm'.repeat(32))).toBe('wrong_nonce');
    expect(await refusal({ token: token({ aud: 'https://other.example' }) })).toBe('wrong_audience');
    expect(await refusal({ token: token({ iss: 'someone-else' }) })).toBe('untrusted_issuer');
    expect(await refusal({})).toBe('bad_answer');
    expect(await refusal({ token: 'a.b.c' })).toBe('bad_answer');
    expect(await refusal(null)).toBe('bad_answer');
  });
});

describe('the check routes', () => {
  it('keeps the return path on this site', () => {
    expect(safeReturnPath('/video/1/x/?a=1')).toBe('/video/1/x/?a=1');
    for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'video/', '/age/verify/', '/x\n', null, '']) expect(safeReturnPath(bad)).toBe('/');
  });

  async function begin(returnPath = '/videos/'): Promise<{ cookie: string; nonce: string }> {
    const { GET } = await import('@/app/age/verify/route');
    const res = await GET(new NextRequest(`${SITE}/age/verify/?return=${encodeURIComponent(returnPath)}`));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, SITE);
    expect(location.pathname).toBe('/age/test-provider/');
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/tf_age_check=[^;]+; Path=\/age\/; .*HttpOnly/i);
    expect(set).toMatch(/SameSite=lax/i);
    return { cookie: set.split(';')[0]!, nonce: location.searchParams.get('nonce')! };
  }

  async function answer(cookie: string, token: string) {
    const { POST } = await import('@/app/age/return/route');
    return POST(
      new NextRequest(`${SITE}/age/return/`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      }),
    );
  }

  const options = { key: testProviderKey(SECRET), audience: SITE };
  const tokenFor = (nonce: string, over18 = true) => encodeTestToken(options.key, testClaims(options, { nonce, over18, name: 'Ada Example' }));

  it('turns an over-18 answer into the pass and goes back; the same answer again is refused', async () => {
    const { cookie, nonce } = await begin('/video/7/seven/');
    const token = tokenFor(nonce);
    const res = await answer(cookie, token);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/video/7/seven/');
    const cookies = res.headers.getSetCookie();
    const pass = cookies.find((c) => c.startsWith('tf_age_pass='))!;
    expect(pass).toMatch(/HttpOnly/i);
    expect(pass).toMatch(/SameSite=lax/i);
    expect(pass).not.toMatch(/Secure/i); // http:// here; https:// adds it
    const value = decodeURIComponent(pass.split(';')[0]!.slice('tf_age_pass='.length));
    const read = readPass(SECRET, value);
    expect(read?.method).toBe('test');
    // Never longer than AGE_PASS_DAYS.
    expect(read!.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(30 * 86_400 + 1);
    expect(cookies.find((c) => c.startsWith('tf_age_until='))).not.toMatch(/HttpOnly/i);
    expect(cookies.join('\n')).not.toMatch(/Ada/);
    // The check's cookie is spent; replaying the answer with it is refused too.
    expect(cookies.find((c) => c.startsWith('tf_age_check='))).toMatch(/Max-Age=0/i);
    const replay = await answer(cookie, token);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('x-age-check')).toBe('wrong_nonce');
    expect(replay.headers.getSetCookie().some((c) => c.startsWith('tf_age_pass='))).toBe(false);
  });

  it('gives no pass for under 18, another check or no check', async () => {
    const a = await begin();
    const under = await answer(a.cookie, tokenFor(a.nonce, false));
    expect(under.status).toBe(403);
    expect(under.headers.getSetCookie().some((c) => c.startsWith('tf_age_pass='))).toBe(false);
    const b = await begin();
    const c = await begin();
    const crossed = await answer(b.cookie, tokenFor(c.nonce));
    expect(crossed.headers.get('x-age-check')).toBe('wrong_nonce');
    const none = await answer('', tokenFor(c.nonce));
    expect(none.headers.get('x-age-check')).toBe('wrong_nonce');
  });
});
