import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { createEudiProvider, readEudiOptions, type EudiOptions } from '@/lib/age/providers/eudi';
import fc from 'fast-check';
import { AgeCheckError, type AgeProvider } from '@/lib/age/provider';
import { refusal, writtenDuring } from './eudi-oidc-checks';
import { decodeCbor, encodeCbor, type Embedded } from '@/lib/age/providers/eudi/cbor';
import { dcApiTranscript, makeCertificate, makeIssuer, makeWallet, redirectTranscript, type Attestation } from './eudi-test-wallet';

const ORIGIN = 'https://tube.example';
const RETURN_URL = `${ORIGIN}/age/return/?next=%2Fvideos%2F1%2F`;
const NONCE = 'n-0S6_WzA2Mj';

const issuer = makeIssuer();
const trusted = [new X509Certificate(issuer.root.der)];

function provider(overrides: Partial<EudiOptions> = {}): AgeProvider {
  return createEudiProvider({ trustedCertificates: trusted, origin: ORIGIN, clientId: '', walletUrl: 'openid4vp://', digitalCredentialsApi: true, encryptionSecret: '', ...overrides });
}

function wallet(attestation: Attestation = {}, from = issuer) {
  return makeWallet({ signer: from.signer, chain: [from.signer.der] }, attestation);
}

/** What a browser posts after navigator.credentials.get() answered. */
function dcAnswer(presentation: string) {
  return { protocol: 'openid4vp-v1-unsigned', data: { vp_token: { age: [presentation] } } };
}

/** The form fields a wallet posts to the response URI (direct_post). */
function redirectAnswer(presentation: string) {
  return { vp_token: JSON.stringify({ age: [presentation] }), state: '/age/return/?next=%2Fvideos%2F1%2F' };
}

describe('EU age-verification provider: the request', () => {
  it('asks the Digital Credentials API for age_over_18 of the Proof of Age, with the redirect as fallback', async () => {
    const start = await provider().begin({ nonce: NONCE, returnUrl: RETURN_URL });
    expect(start.kind).toBe('digital-credentials');
    if (start.kind !== 'digital-credentials') return;
    expect(start.requests).toEqual([
      {
        protocol: 'openid4vp-v1-unsigned',
        data: {
          response_type: 'vp_token',
          response_mode: 'dc_api',
          nonce: NONCE,
          dcql_query: {
            credentials: [
              {
                id: 'age',
                format: 'mso_mdoc',
                meta: { doctype_value: 'eu.europa.ec.av.1' },
                claims: [{ path: ['eu.europa.ec.av.1', 'age_over_18'], intent_to_retain: false }],
              },
            ],
          },
          client_metadata: { vp_formats_supported: { mso_mdoc: { issuerauth_alg_values: [-7, -35, -36], deviceauth_alg_values: [-7, -35, -36] } } },
        },
      },
    ]);
    const fallback = new URL(start.fallbackUrl);
    expect(fallback.protocol).toBe('openid4vp:');
    const query = fallback.searchParams;
    expect(query.get('client_id')).toBe(`redirect_uri:${RETURN_URL}`);
    expect(query.get('response_mode')).toBe('direct_post');
    expect(query.get('response_uri')).toBe(RETURN_URL);
    expect(query.get('nonce')).toBe(NONCE);
    expect(JSON.parse(query.get('dcql_query')!).credentials[0].meta.doctype_value).toBe('eu.europa.ec.av.1');
  });

  it('redirects only when the Digital Credentials API is turned off, and refuses a return URL on another site', async () => {
    expect((await provider({ digitalCredentialsApi: false }).begin({ nonce: NONCE, returnUrl: RETURN_URL })).kind).toBe('redirect');
    await expect(provider().begin({ nonce: NONCE, returnUrl: 'https://elsewhere.example/age/return/' })).rejects.toThrow('not on');
  });
});

describe('EU age-verification provider: the presentation', () => {
  it('accepts a presentation through the Digital Credentials API and keeps only over-18, method and expiry', async () => {
    const validUntil = new Date(Date.now() + 10 * 86_400_000);
    const result = await provider().finish({ nonce: NONCE, answer: dcAnswer(wallet({ validUntil }).present(dcApiTranscript(ORIGIN, NONCE))) });
    expect(result).toEqual({ over18: true, method: 'eudi-mdoc', expiresAt: Math.floor(validUntil.getTime() / 1000) });
    expect(Object.keys(result).sort()).toEqual(['expiresAt', 'method', 'over18']);
  });

  it('accepts a presentation posted by the wallet (direct_post), bound to the client id and response URI', async () => {
    const presentation = wallet().present(redirectTranscript(`redirect_uri:${RETURN_URL}`, NONCE, RETURN_URL));
    expect((await provider().finish({ nonce: NONCE, answer: redirectAnswer(presentation) })).over18).toBe(true);
    const registered = wallet().present(redirectTranscript('tube-example', NONCE, RETURN_URL));
    expect((await provider({ clientId: 'tube-example' }).finish({ nonce: NONCE, answer: redirectAnswer(registered) })).over18).toBe(true);
  });

  it('accepts a document signer pinned directly, and a chain through an intermediate', async () => {
    const pinned = provider({ trustedCertificates: [new X509Certificate(issuer.signer.der)] });
    expect((await pinned.finish({ nonce: NONCE, answer: dcAnswer(wallet().present(dcApiTranscript(ORIGIN, NONCE))) })).over18).toBe(true);

    const intermediate = makeCertificate({ subject: 'Regional CA', ca: true, issuer: { name: issuer.rootName, key: issuer.root.key } });
    const signer = makeCertificate({ subject: 'Regional DS', ca: false, issuer: { name: 'Regional CA', key: intermediate.key } });
    const chained = makeWallet({ signer, chain: [signer.der, intermediate.der] });
    expect((await provider().finish({ nonce: NONCE, answer: dcAnswer(chained.present(dcApiTranscript(ORIGIN, NONCE))) })).over18).toBe(true);
  });

  it('returns over18 false for age_over_18: false', async () => {
    const result = await provider().finish({ nonce: NONCE, answer: dcAnswer(wallet({ ageOver18: false }).present(dcApiTranscript(ORIGIN, NONCE))) });
    expect(result.over18).toBe(false);
  });

  it('refuses an issuer the operator does not trust', async () => {
    const stranger = makeIssuer('Unlisted Issuer');
    const presentation = wallet({}, stranger).present(dcApiTranscript(ORIGIN, NONCE));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(presentation) }))).toBe('untrusted_issuer');
  });

  it('refuses a signer certificate that claims a trusted root but was signed by another key', async () => {
    const forger = makeCertificate({ subject: 'Forger', ca: true });
    const signer = makeCertificate({ subject: 'Test Age Issuer DS', ca: false, issuer: { name: issuer.rootName, key: forger.key } });
    const presentation = makeWallet({ signer, chain: [signer.der] }).present(dcApiTranscript(ORIGIN, NONCE));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(presentation) }))).toBe('untrusted_issuer');
  });

  it("refuses an MSO whose signature is not the signer certificate's", async () => {
    const forged = wallet({ issuerKey: makeIssuer('Forger').signer.key }).present(dcApiTranscript(ORIGIN, NONCE));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(forged) }))).toBe('bad_signature');
  });

  it("refuses a document signer certificate out of its validity", async () => {
    const old = makeCertificate({
      subject: 'Old DS',
      ca: false,
      notBefore: new Date(Date.now() - 400 * 86_400_000),
      notAfter: new Date(Date.now() - 35 * 86_400_000),
      issuer: { name: issuer.rootName, key: issuer.root.key },
    });
    const presentation = makeWallet({ signer: old, chain: [old.der] }).present(dcApiTranscript(ORIGIN, NONCE));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(presentation) }))).toBe('expired');
  });

  it('refuses a presentation made for another nonce (a replay)', async () => {
    const presentation = wallet().present(dcApiTranscript(ORIGIN, 'an-earlier-nonce'));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(presentation) }))).toBe('wrong_nonce');
  });

  it('refuses a presentation made for another site: another origin, another client id', async () => {
    const otherOrigin = wallet().present(dcApiTranscript('https://other-site.example', NONCE));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(otherOrigin) }))).toBe('wrong_nonce');
    const otherUri = 'https://other-site.example/age/return/';
    const otherClient = wallet().present(redirectTranscript(`redirect_uri:${otherUri}`, NONCE, otherUri));
    expect(await refusal(provider().finish({ nonce: NONCE, answer: redirectAnswer(otherClient) }))).toBe('wrong_nonce');
    const relayed = { ...redirectAnswer(otherClient), state: '//other-site.example/age/return/' };
    expect(await refusal(provider().finish({ nonce: NONCE, answer: relayed }))).toBe('wrong_audience');
  });

  it('refuses an expired attestation, and one not yet valid', async () => {
    const expired = wallet({ validFrom: new Date(Date.now() - 40 * 86_400_000), validUntil: new Date(Date.now() - 86_400_000) });
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(expired.present(dcApiTranscript(ORIGIN, NONCE))) }))).toBe('expired');
    const early = wallet({ validFrom: new Date(Date.now() + 86_400_000) });
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(early.present(dcApiTranscript(ORIGIN, NONCE))) }))).toBe('expired');
  });

  it('refuses a tampered element (its digest does not match the MSO)', async () => {
    const tampered = wallet({ ageOver18: false, disclosedValue: true });
    expect(await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(tampered.present(dcApiTranscript(ORIGIN, NONCE))) }))).toBe('bad_signature');
  });

  it('answers every corruption of a real presentation with an AgeCheckError, never anything else', async () => {
    const valid = Buffer.from(wallet().present(dcApiTranscript(ORIGIN, NONCE)), 'base64url');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.option(fc.nat({ max: valid.length - 1 })),
        async (flips, cut) => {
          const bytes = Buffer.from(valid);
          for (const [at, xor] of flips) bytes[at]! ^= xor;
          const answer = dcAnswer(bytes.subarray(0, cut ?? bytes.length).toString('base64url'));
          const outcome = await provider().finish({ nonce: NONCE, answer }).then(
            () => 'accepted',
            (error: unknown) => (error instanceof AgeCheckError ? 'refused' : error),
          );
          // Bytes nothing signs (the response's version, its status) may change and still pass; what must never come
          // out is another kind of error, which the route would answer with a 500.
          expect(['accepted', 'refused']).toContain(outcome);
        },
      ),
      { numRuns: 400, seed: 4242 },
    );
  });

  it('answers bad_answer or provider_error to malformed answers, never a crash', async () => {
    const garbage = [
      null,
      'vp_token',
      {},
      { protocol: 'org-iso-mdoc', data: {} },
      { protocol: 'openid4vp-v1-unsigned', data: { vp_token: { age: ['not base64!'] } } },
      dcAnswer(Buffer.from([0xa1, 0x61]).toString('base64url')),
      dcAnswer(Buffer.from('{"documents":[]}').toString('base64url')),
      dcAnswer(Buffer.alloc(300, 0x9f).toString('base64url')),
      { vp_token: '{"age":', state: '/age/return/' },
      { vp_token: 'AAAA' },
    ];
    for (const answer of garbage) expect(await refusal(provider().finish({ nonce: NONCE, answer }))).toBe('bad_answer');
    expect(await refusal(provider().finish({ nonce: NONCE, answer: { error: 'access_denied', state: '/age/return/' } }))).toBe('provider_error');
  });
});

describe('EU age-verification provider: ISO 18013-7 Annex C (org-iso-mdoc)', () => {
  const SECRET = 'an-operator-secret-of-forty-characters!!';
  const annexC = () => provider({ encryptionSecret: SECRET });

  async function isoRequest(nonce = NONCE): Promise<{ deviceRequest: string; encryptionInfo: string }> {
    const start = await annexC().begin({ nonce, returnUrl: RETURN_URL });
    if (start.kind !== 'digital-credentials') throw new Error('no Digital Credentials API request');
    const request = start.requests[0] as { protocol: string; data: { deviceRequest: string; encryptionInfo: string } };
    expect(request.protocol).toBe('org-iso-mdoc');
    expect((start.requests[1] as { protocol: string }).protocol).toBe('openid4vp-v1-unsigned');
    return request.data;
  }

  it('asks for age_over_18 with a DeviceRequest and a key of this check', async () => {
    const request = await isoRequest();
    const deviceRequest = decodeCbor(Buffer.from(request.deviceRequest, 'base64url')) as Map<string, unknown>;
    const [docRequest] = deviceRequest.get('docRequests') as Map<string, unknown>[];
    const items = decodeCbor((docRequest!.get('itemsRequest') as Embedded).bytes) as Map<string, unknown>;
    expect(items.get('docType')).toBe('eu.europa.ec.av.1');
    expect((items.get('nameSpaces') as Map<string, Map<string, unknown>>).get('eu.europa.ec.av.1')).toEqual(new Map([['age_over_18', false]]));
    // The same check gets the same key back (finish derives it again); another check another key.
    expect((await isoRequest()).encryptionInfo).toBe(request.encryptionInfo);
    const recipient = (info: string) => ((decodeCbor(Buffer.from(info, 'base64url')) as [string, Map<string, Map<number, Uint8Array>>])[1].get('recipientPublicKey')!.get(-2));
    expect(recipient((await isoRequest('another-nonce')).encryptionInfo)).not.toEqual(recipient(request.encryptionInfo));
    const plain = await provider().begin({ nonce: NONCE, returnUrl: RETURN_URL });
    expect(plain.kind === 'digital-credentials' && plain.requests.map((r) => (r as { protocol: string }).protocol)).toEqual(['openid4vp-v1-unsigned']);
  });

  it('accepts the encrypted DeviceResponse of a wallet that answered this check on this origin', async () => {
    const validUntil = new Date(Date.now() + 5 * 86_400_000);
    const answer = wallet({ validUntil }).presentIsoMdoc(await isoRequest(), ORIGIN);
    expect(await annexC().finish({ nonce: NONCE, answer })).toEqual({ over18: true, method: 'eudi-mdoc', expiresAt: Math.floor(validUntil.getTime() / 1000) });
  });

  it('refuses an answer for another check, another origin, or an untrusted issuer, and one the site did not offer', async () => {
    const otherCheck = wallet().presentIsoMdoc(await isoRequest('an-earlier-nonce'), ORIGIN);
    expect(await refusal(annexC().finish({ nonce: NONCE, answer: otherCheck }))).toBe('wrong_nonce');
    const otherOrigin = wallet().presentIsoMdoc(await isoRequest(), 'https://other-site.example');
    expect(await refusal(annexC().finish({ nonce: NONCE, answer: otherOrigin }))).toBe('wrong_nonce');
    const stranger = wallet({}, makeIssuer('Unlisted Issuer')).presentIsoMdoc(await isoRequest(), ORIGIN);
    expect(await refusal(annexC().finish({ nonce: NONCE, answer: stranger }))).toBe('untrusted_issuer');
    const good = wallet().presentIsoMdoc(await isoRequest(), ORIGIN);
    expect(await refusal(provider().finish({ nonce: NONCE, answer: good }))).toBe('bad_answer');
    for (const response of ['', 'AAAA', Buffer.from(encodeCbor(['dcapi', { enc: 1 }])).toString('base64url')]) {
      expect(await refusal(annexC().finish({ nonce: NONCE, answer: { protocol: 'org-iso-mdoc', data: { response } } }))).toBe('bad_answer');
    }
  });
});

describe('EU age-verification provider: nothing personal leaves it', () => {
  it('writes nothing to the console or the output streams while it checks', async () => {
    const written = await writtenDuring(async () => {
      await provider().finish({ nonce: NONCE, answer: dcAnswer(wallet().present(dcApiTranscript(ORIGIN, NONCE))) });
      await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(wallet().present(dcApiTranscript(ORIGIN, 'other'))) }));
      await refusal(provider().finish({ nonce: NONCE, answer: dcAnswer(wallet({}, makeIssuer('Unlisted Issuer')).present(dcApiTranscript(ORIGIN, NONCE))) }));
    });
    expect(written).toEqual([]);
  });
});

describe('EU age-verification provider: settings', () => {
  const pem = issuer.root.pem;

  it('reads trusted certificates inline or from a file', () => {
    const inline = readEudiOptions({ AGE_EUDI_TRUSTED_CERTS: pem + makeIssuer('Second').root.pem, SITE_URL: 'https://tube.example/' });
    expect('options' in inline && inline.options.trustedCertificates.length).toBe(2);
    expect('options' in inline && inline.options.origin).toBe('https://tube.example');
    expect('options' in inline && inline.options).toMatchObject({ clientId: '', walletUrl: 'av://', digitalCredentialsApi: true, encryptionSecret: '' });
    const folder = mkdtempSync(join(tmpdir(), 'eudi-'));
    try {
      writeFileSync(join(folder, 'issuers.pem'), pem);
      const fromFile = readEudiOptions({ AGE_EUDI_TRUSTED_CERTS: join(folder, 'issuers.pem'), AGE_EUDI_DC_API: '0', AGE_EUDI_CLIENT_ID: 'tube-example' });
      expect('options' in fromFile && fromFile.options).toMatchObject({ origin: 'http://localhost:3000', digitalCredentialsApi: false, clientId: 'tube-example' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names every wrong setting', () => {
    const result = readEudiOptions({
      AGE_EUDI_TRUSTED_CERTS: '/no/such/file.pem',
      AGE_EUDI_CLIENT_ID: 'x509_san_dns:tube.example',
      AGE_EUDI_WALLET_URL: 'http://wallet.example/authorize',
      AGE_EUDI_DC_API: 'yes',
      AGE_EUDI_ENCRYPTION_SECRET: 'short',
    });
    expect('errors' in result && result.errors.map((line) => line.split('=')[0])).toEqual([
      'Invalid AGE_EUDI_TRUSTED_CERTS',
      'Invalid AGE_EUDI_CLIENT_ID',
      'Invalid AGE_EUDI_WALLET_URL',
      'Invalid AGE_EUDI_DC_API',
      'Invalid AGE_EUDI_ENCRYPTION_SECRET: AGE_EUDI_ENCRYPTION_SECRET accepts a random secret of 32 characters or more, the same on every server.',
    ]);
    expect(JSON.stringify(result)).not.toContain('short');
    expect(readEudiOptions({})).toEqual({ errors: [expect.stringContaining('AGE_EUDI_TRUSTED_CERTS is required')] });
    const broken = readEudiOptions({ AGE_EUDI_TRUSTED_CERTS: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' });
    expect('errors' in broken && broken.errors[0]).toContain('cannot be read');
  });
});
