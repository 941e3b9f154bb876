/**
 * The EU age-verification blueprint's verifier (AGE_PROVIDER=eudi): the visitor's age-verification
 * app or EU Digital Identity Wallet presents the Proof of Age attestation (ISO 18013-5 mdoc,
 * doctype `eu.europa.ec.av.1`, element `age_over_18`) over OpenID4VP 1.0, through the browser's
 * Digital Credentials API where it has one, else by a redirect to the wallet that posts its
 * answer back (response_mode direct_post).
 *
 * Why our own verifier (./eudi/) rather than a package: @auth0/mdl drags in jose 4, cose-kit,
 * @peculiar/x509, @noble/curves and a Buffer polyfill for what node:crypto does; @animo-id/mdoc wants every crypto primitive passed in and is pre-1.0;
 * @openid4vc/openid4vp handles requests and responses but leaves the mdoc itself to one of those.
 * The checks this site needs (one doctype, one element, ECDSA, one chain walk) are a few hundred
 * lines over node:crypto with nothing to keep up to date.
 *
 * The blueprint (Annex A.5) names the Digital Credentials API as ISO 18013-7 Annex C (`org-iso-mdoc`,
 * an HPKE-encrypted answer; Safari's only protocol, Chrome's too) and OpenID4VP as the fallback
 * (av://, direct_post, a `redirect_uri:` client id, DCQL). The browser is offered both
 * `org-iso-mdoc` (when the operator set the secret its per-check keys derive from) and OpenID4VP's
 * own `openid4vp-v1-unsigned` (Chrome and Edge), and uses one its wallet speaks; a browser without
 * the API takes the redirect.
 */

import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { AgeCheckError, type AgeCheckStart, type AgeProvider, type AgeResult } from '../provider';
import { AGE_DOCTYPE, AGE_ELEMENT, AGE_NAMESPACE, verifyAgeDeviceResponse } from './eudi/device-response';
import { encodeCbor } from './eudi/cbor';
import { COSE_ALGORITHM_IDS } from './eudi/cose';
import { hpkeOpen } from './eudi/hpke';
import { isoMdocRequest, isoMdocSession } from './eudi/iso-mdoc-request';
import { dcApiSessionTranscript, redirectSessionTranscript } from './eudi/session-transcript';
import { CREDENTIAL_QUERY_ID, DC_API_PROTOCOL, readWalletAnswer } from './eudi/wallet-answer';
import { invalidSetting, siteOrigin } from './provider-settings';
import { returnState, returnUrlFromState, returnUrlOnSite } from './return-url';

export interface EudiOptions {
  /** Certificates (roots or document signers) whose attestations the operator accepts. */
  trustedCertificates: X509Certificate[];
  /** The site's origin (SITE_URL): the Digital Credentials API binds the presentation to it, and return URLs must be on it. */
  origin: string;
  /** A client id the wallet ecosystem registered for this site; '' to use `redirect_uri:<return URL>` (unsigned, needs no registration). */
  clientId: string;
  /** Where the redirect sends the visitor's device: the wallet's OpenID4VP authorisation endpoint. */
  walletUrl: string;
  /** Offer the browser's Digital Credentials API first (the redirect stays the fallback). */
  digitalCredentialsApi: boolean;
  /** Secret the per-check encryption keys of `org-iso-mdoc` derive from; '' leaves that protocol out. */
  encryptionSecret: string;
}

// The algorithms the verifier checks (COSE ES256/384/512), so a wallet does not present one it cannot.
const CLIENT_METADATA = {
  vp_formats_supported: { mso_mdoc: { issuerauth_alg_values: COSE_ALGORITHM_IDS, deviceauth_alg_values: COSE_ALGORITHM_IDS } },
};

const DCQL_QUERY = {
  credentials: [
    {
      id: CREDENTIAL_QUERY_ID,
      format: 'mso_mdoc',
      meta: { doctype_value: AGE_DOCTYPE },
      claims: [{ path: [AGE_NAMESPACE, AGE_ELEMENT], intent_to_retain: false }],
    },
  ],
};

export function createEudiProvider(options: EudiOptions): AgeProvider {
  const clientIdFor = (responseUri: string) => options.clientId || `redirect_uri:${responseUri}`;

  return {
    id: 'eudi',
    directPost: true,
    description:
      'Your EU age-verification app or digital identity wallet shows this site a proof, signed by its issuer, that you are 18 or older; the site learns nothing else, and the issuer does not learn which site asked.',

    async begin({ nonce, returnUrl }): Promise<AgeCheckStart> {
      const responseUri = returnUrlOnSite(returnUrl, options.origin);
      const query = new URLSearchParams({
        client_id: clientIdFor(responseUri.href),
        response_type: 'vp_token',
        response_mode: 'direct_post',
        response_uri: responseUri.href,
        nonce,
        // The wallet posts from outside the browser and echoes state: finish rebuilds the response URI from it.
        state: returnState(responseUri),
        dcql_query: JSON.stringify(DCQL_QUERY),
        client_metadata: JSON.stringify(CLIENT_METADATA),
      });
      const url = `${options.walletUrl}?${query}`;
      if (!options.digitalCredentialsApi) return { kind: 'redirect', url };
      const request = { response_type: 'vp_token', response_mode: 'dc_api', nonce, dcql_query: DCQL_QUERY, client_metadata: CLIENT_METADATA };
      const requests: unknown[] = [{ protocol: DC_API_PROTOCOL, data: request }];
      if (options.encryptionSecret) requests.unshift(isoMdocRequest(options.encryptionSecret, nonce));
      return { kind: 'digital-credentials', requests, fallbackUrl: url };
    },

    async finish({ nonce, answer }): Promise<AgeResult> {
      const wallet = readWalletAnswer(answer);
      let sessionTranscript;
      let deviceResponse: Uint8Array;
      if (wallet.via === 'iso-mdoc') {
        if (!options.encryptionSecret) throw new AgeCheckError('bad_answer', 'The org-iso-mdoc protocol is not offered here.');
        const session = isoMdocSession(options.encryptionSecret, nonce, options.origin);
        sessionTranscript = session.sessionTranscript;
        const opened = hpkeOpen({
          recipientPrivateKey: session.privateKey,
          enc: wallet.enc,
          info: encodeCbor(sessionTranscript),
          aad: new Uint8Array(0),
          ciphertext: wallet.cipherText,
        });
        // Encrypted to another check's key, or for another origin: either way not this check's.
        if (!opened) throw new AgeCheckError('wrong_nonce', 'The presentation was not made for this check (nonce or origin).');
        deviceResponse = opened;
      } else if (wallet.via === 'dc-api') {
        deviceResponse = wallet.deviceResponse;
        sessionTranscript = dcApiSessionTranscript({ origin: options.origin, nonce });
      } else {
        const responseUri = returnUrlFromState(wallet.state, options.origin);
        sessionTranscript = redirectSessionTranscript({ clientId: clientIdFor(responseUri.href), nonce, responseUri: responseUri.href });
        deviceResponse = wallet.deviceResponse;
      }
      const nowMs = Date.now();
      const attestation = verifyAgeDeviceResponse(deviceResponse, { sessionTranscript, trusted: options.trustedCertificates, nowMs });
      return { over18: attestation.over18, method: 'eudi-mdoc', expiresAt: attestation.validUntil };
    },
  };
}

type Env = Record<string, string | undefined>;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function readTrustedCertificates(value: string, errors: string[]): X509Certificate[] {
  const name = 'AGE_EUDI_TRUSTED_CERTS';
  const accepts = 'PEM certificates (the issuers’ IACA roots or document signer certificates), inline or as the path of a PEM file';
  if (!value) {
    errors.push(`${name} is required when AGE_PROVIDER=eudi: it accepts ${accepts}.`);
    return [];
  }
  let pem = value;
  if (!value.includes('-----BEGIN')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch {
      errors.push(invalidSetting(name, value, `${accepts} (the file cannot be read)`));
      return [];
    }
  }
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      errors.push(invalidSetting(name, value, `${accepts} (a certificate in it cannot be read)`));
      return [];
    }
  }
  if (certificates.length === 0) errors.push(invalidSetting(name, value, `${accepts} (none found)`));
  return certificates;
}

/** AGE_EUDI_* settings (docs/age-providers.md), validated as at start: options, or one line per wrong setting. */
export function readEudiOptions(env: Env): { options: EudiOptions } | { errors: string[] } {
  const errors: string[] = [];
  const trustedCertificates = readTrustedCertificates(env.AGE_EUDI_TRUSTED_CERTS?.trim() ?? '', errors);

  const origin = siteOrigin(env, errors);

  const clientId = env.AGE_EUDI_CLIENT_ID?.trim() ?? '';
  // A prefixed client id (x509_san_dns:, verifier_attestation:…) needs signed requests, which are not built.
  if (clientId && !/^[\x21-\x7e]{1,200}$/.test(clientId)) errors.push(invalidSetting('AGE_EUDI_CLIENT_ID', clientId, 'printable ASCII without spaces, up to 200 characters'));
  else if (clientId.includes(':')) errors.push(invalidSetting('AGE_EUDI_CLIENT_ID', clientId, 'a pre-registered client id without a prefix (signed requests are not supported)'));

  // The blueprint's age-verification apps answer av:// (Annex A.5); EUDI wallets generally openid4vp://.
  const walletUrl = env.AGE_EUDI_WALLET_URL?.trim() || 'av://';
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s?#]*$/i.test(walletUrl) || /^http:/i.test(walletUrl)) {
    errors.push(invalidSetting('AGE_EUDI_WALLET_URL', walletUrl, "a wallet's authorisation endpoint without a query: av:// (the default), openid4vp://, another app scheme, or an https URL"));
  }

  const dcApi = env.AGE_EUDI_DC_API?.trim() || '1';
  if (dcApi !== '0' && dcApi !== '1') errors.push(invalidSetting('AGE_EUDI_DC_API', dcApi, '1 (offer the Digital Credentials API, the default) or 0'));

  const encryptionSecret = env.AGE_EUDI_ENCRYPTION_SECRET ?? '';
  // The secret itself is never echoed in the message.
  if (encryptionSecret && encryptionSecret.length < 32) errors.push('Invalid AGE_EUDI_ENCRYPTION_SECRET: AGE_EUDI_ENCRYPTION_SECRET accepts a random secret of 32 characters or more, the same on every server.');

  if (errors.length > 0) return { errors };
  return { options: { trustedCertificates, origin, clientId, walletUrl, digitalCredentialsApi: dcApi === '1', encryptionSecret } };
}
