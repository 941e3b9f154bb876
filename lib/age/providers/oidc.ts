/**
 * A commercial age-verification provider speaking OpenID Connect (AGE_PROVIDER=oidc): the visitor
 * is sent to the provider's authorisation endpoint, proves their age there (the provider's own
 * method: face estimation, an ID document, a bank, a wallet), and comes back with a signed ID
 * token carrying an over-18 claim. The site checks the token against the provider's published
 * keys (JWKS) and keeps the claim's yes or no: never the subject, a name or anything else in it.
 *
 * Two flows, both what such vendors offer: the authorisation code flow (the default; the site
 * redeems the code with its client secret, server to server) and the id_token flow posted back
 * with response_mode=form_post, for a provider that issues tokens to the browser and keeps no
 * secret with the site. The ID token's nonce binds it to this visitor's check, so neither flow
 * needs server-side state; `state` carries only the return path, so the code can be redeemed
 * with the same redirect_uri.
 *
 * jose 5 rather than 6: the same API, and its CommonJS build loads in the Jest unit tests.
 */

import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AgeCheckError, type AgeCheckErrorCode, type AgeCheckStart, type AgeProvider, type AgeResult } from '../provider';
import { invalidSetting, isProviderUrl, siteOrigin } from './provider-settings';
import { returnState, returnUrlFromState, returnUrlOnSite } from './return-url';

export const OIDC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
type OidcAlgorithm = (typeof OIDC_ALGORITHMS)[number];

export interface OidcOptions {
  /** The site's origin (SITE_URL): return paths carried in `state` resolve against it only. */
  origin: string;
  /** The provider's issuer identifier: the token's `iss` must be exactly this. */
  issuer: string;
  authorizationUrl: string;
  jwksUrl: string;
  /** This site's client id at the provider: the token's `aud`. */
  clientId: string;
  flow: 'code' | 'id_token';
  /** The code flow only. */
  tokenUrl: string;
  clientSecret: string;
  scope: string;
  /** Where the over-18 answer sits in the token: a claim name, or a dotted path into an object claim. */
  claim: string;
  /** The value that means 18 or older (`true`, `"verified"`, …); any other present value means under 18. */
  claimValue: string | number | boolean;
  /** The token signature algorithms accepted; never `none` nor a shared-secret HMAC. */
  algorithms: OidcAlgorithm[];
  /** Seconds an over-18 answer holds after the check (the ID token's own exp only says how long the token may be redeemed). */
  proofSeconds: number;
}

// A provider's token is accepted for its lifetime, but never one issued longer ago than this:
// a token lifted from a log or a history cannot be replayed later, whatever exp it carries.
const MAX_TOKEN_AGE_SECONDS = 600;
const CLOCK_TOLERANCE_SECONDS = 30;
const PROVIDER_TIMEOUT_MS = 5000;
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

function claimAt(payload: JWTPayload, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function codeOf(error: unknown): AgeCheckErrorCode {
  if (error instanceof joseErrors.JWTExpired) return 'expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'untrusted_issuer';
    if (error.claim === 'aud') return 'wrong_audience';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'expired';
    return 'bad_answer';
  }
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return 'provider_error';
  if (error instanceof joseErrors.JOSEError) {
    return error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid ? 'bad_answer' : 'bad_signature';
  }
  // Anything else is the JWKS fetch failing (a refused connection, a non-200).
  return 'provider_error';
}

export function createOidcProvider(options: OidcOptions): AgeProvider {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });

  async function redeem(code: string, redirectUri: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
        redirect: 'error',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch {
      throw new AgeCheckError('provider_error', 'The provider’s token endpoint cannot be reached.');
    }
    const text = await response.text().catch(() => '');
    if (!response.ok || text.length > MAX_TOKEN_RESPONSE_BYTES) {
      // A refused code is the visitor's (a reload, a code used twice), not an outage.
      throw new AgeCheckError(response.status === 400 ? 'bad_answer' : 'provider_error', `The provider refused the code (HTTP ${response.status}).`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AgeCheckError('provider_error', 'The provider’s token answer is not JSON.');
    }
    const idToken = (body as { id_token?: unknown } | null)?.id_token;
    if (typeof idToken !== 'string') throw new AgeCheckError('provider_error', 'The provider’s token answer holds no ID token.');
    return idToken;
  }

  return {
    id: 'oidc',
    description:
      'You prove your age with our age-verification provider, on its own pages; it tells this site only whether you are 18 or older, and the site keeps only that answer.',

    async begin({ nonce, returnUrl }): Promise<AgeCheckStart> {
      const redirectUri = returnUrlOnSite(returnUrl, options.origin);
      const url = new URL(options.authorizationUrl);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('response_type', options.flow);
      if (options.flow === 'id_token') url.searchParams.set('response_mode', 'form_post');
      url.searchParams.set('redirect_uri', redirectUri.href);
      url.searchParams.set('scope', options.scope);
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('state', returnState(redirectUri));
      return { kind: 'redirect', url: url.href };
    },

    async finish({ nonce, answer }): Promise<AgeResult> {
      const fields = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
      // The provider's error text is not kept or shown: it may describe the visitor's attempt.
      if (typeof fields.error === 'string') throw new AgeCheckError('provider_error', 'The provider reported that the check failed.');
      let idToken: string;
      if (options.flow === 'code') {
        const { code, state } = fields;
        if (typeof code !== 'string' || !code || code.length > 2048) throw new AgeCheckError('bad_answer', 'The answer carries no code.');
        if (typeof state !== 'string' || !state.startsWith('/')) throw new AgeCheckError('bad_answer', 'The answer carries no state.');
        idToken = await redeem(code, returnUrlFromState(state, options.origin).href);
      } else {
        if (typeof fields.id_token !== 'string' || !fields.id_token) throw new AgeCheckError('bad_answer', 'The answer carries no ID token.');
        idToken = fields.id_token;
      }

      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: options.issuer,
          audience: options.clientId,
          algorithms: options.algorithms,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          maxTokenAge: MAX_TOKEN_AGE_SECONDS,
          requiredClaims: ['exp', 'iat', 'nonce'],
        }));
      } catch (error) {
        throw new AgeCheckError(codeOf(error), 'The provider’s token was refused.');
      }
      if (payload.nonce !== nonce) throw new AgeCheckError('wrong_nonce', 'The token was issued for another check.');
      // OpenID Connect: a token for several audiences must name this site as the party it was issued to.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) {
        throw new AgeCheckError('wrong_audience', 'The token was issued to another party.');
      }
      const value = claimAt(payload, options.claim);
      if (value === undefined || value === null) throw new AgeCheckError('bad_answer', 'The token carries no age answer.');
      return { over18: value === options.claimValue, method: 'oidc', expiresAt: Math.floor(Date.now() / 1000) + options.proofSeconds };
    },
  };
}

type Env = Record<string, string | undefined>;

function requiredUrl(env: Env, name: string, errors: string[]): string {
  const value = env[name]?.trim() ?? '';
  if (!value) errors.push(`${name} is required when AGE_PROVIDER=oidc: it accepts the provider's https URL.`);
  else if (!isProviderUrl(value)) errors.push(invalidSetting(name, value, 'an https URL (http only on localhost)'));
  return value;
}

function parseClaimValue(text: string): string | number | boolean | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** AGE_OIDC_* settings (docs/age-providers.md), validated as at start: options, or one line per wrong setting. */
export function readOidcOptions(env: Env): { options: OidcOptions } | { errors: string[] } {
  const errors: string[] = [];
  const origin = siteOrigin(env, errors);
  const issuer = requiredUrl(env, 'AGE_OIDC_ISSUER', errors);
  const authorizationUrl = requiredUrl(env, 'AGE_OIDC_AUTHORIZATION_URL', errors);
  const jwksUrl = requiredUrl(env, 'AGE_OIDC_JWKS_URL', errors);

  const clientId = env.AGE_OIDC_CLIENT_ID?.trim() ?? '';
  if (!clientId) errors.push('AGE_OIDC_CLIENT_ID is required when AGE_PROVIDER=oidc: it accepts the client id the provider gave this site.');
  else if (!/^[\x21-\x7e]{1,255}$/.test(clientId)) errors.push(invalidSetting('AGE_OIDC_CLIENT_ID', clientId, 'printable ASCII without spaces, up to 255 characters'));

  const flow = env.AGE_OIDC_FLOW?.trim() || 'code';
  if (flow !== 'code' && flow !== 'id_token') errors.push(invalidSetting('AGE_OIDC_FLOW', flow, 'code (the default) or id_token'));
  let tokenUrl = '';
  let clientSecret = '';
  if (flow === 'code') {
    tokenUrl = requiredUrl(env, 'AGE_OIDC_TOKEN_URL', errors);
    clientSecret = env.AGE_OIDC_CLIENT_SECRET ?? '';
    // The secret itself is never echoed in the message.
    if (!clientSecret) errors.push('AGE_OIDC_CLIENT_SECRET is required when AGE_OIDC_FLOW=code: it accepts the client secret the provider gave this site.');
  }

  const scope = env.AGE_OIDC_SCOPE?.trim() || 'openid';
  if (!scope.split(/\s+/).includes('openid') || !/^[\x21-\x7e ]+$/.test(scope)) errors.push(invalidSetting('AGE_OIDC_SCOPE', scope, 'space-separated scopes that include openid'));

  const claim = env.AGE_OIDC_CLAIM?.trim() || 'age_over_18';
  if (!/^[A-Za-z0-9_:-]+(\.[A-Za-z0-9_:-]+)*$/.test(claim)) errors.push(invalidSetting('AGE_OIDC_CLAIM', claim, 'a claim name, or a dotted path into an object claim (age_over_18, age_verification.over_18)'));
  const claimText = env.AGE_OIDC_CLAIM_VALUE?.trim() || 'true';
  const claimValue = parseClaimValue(claimText);
  if (claimValue === undefined) errors.push(invalidSetting('AGE_OIDC_CLAIM_VALUE', claimText, 'a JSON true, number or "quoted string" (true by default)'));

  const algorithmText = env.AGE_OIDC_ALGORITHMS?.trim() || 'RS256,PS256,ES256';
  const algorithms = algorithmText.split(',').map((alg) => alg.trim());
  if (!algorithms.every((alg): alg is OidcAlgorithm => (OIDC_ALGORITHMS as readonly string[]).includes(alg))) {
    errors.push(invalidSetting('AGE_OIDC_ALGORITHMS', algorithmText, `a comma-separated list of ${OIDC_ALGORITHMS.join(', ')}`));
  }

  const proofText = env.AGE_OIDC_PROOF_SECONDS?.trim() || '2592000';
  const proofSeconds = Number(proofText);
  if (!/^\d+$/.test(proofText) || proofSeconds < 60 || proofSeconds > 31_536_000) {
    errors.push(invalidSetting('AGE_OIDC_PROOF_SECONDS', proofText, 'whole seconds from 60 to 31536000 (a year); 2592000 (30 days) by default'));
  }

  if (errors.length > 0) return { errors };
  return {
    options: {
      origin,
      issuer,
      authorizationUrl,
      jwksUrl,
      clientId,
      flow: flow as OidcOptions['flow'],
      tokenUrl,
      clientSecret,
      scope,
      claim,
      claimValue: claimValue!,
      algorithms: algorithms as OidcAlgorithm[],
      proofSeconds,
    },
  };
}
