/**
 * The contract between the site and an age-verification provider (issue: age assurance per region).
 *
 * A provider proves one thing: the visitor is 18 or older. The site keeps nothing else of the proof:
 * no name, birth date, document, image or provider subject id is returned here, so none can be
 * stored or logged by mistake further along. The result becomes the signed pass cookie (over-18,
 * method, expiry) and the proof itself is dropped.
 *
 * A check is two steps around the visitor's browser:
 *   1. `begin` with a fresh single-use nonce (the site keeps it in a short-lived, HttpOnly cookie
 *      bound to this check) and the URL the provider must send the visitor back to;
 *   2. `finish` with that nonce and whatever came back (query or form fields of the return URL,
 *      or the JSON a browser posted from the Digital Credentials API).
 * `finish` throws AgeCheckError for anything it cannot accept; a valid proof of "under 18"
 * is not an error: it returns `over18: false`.
 */

/** How the browser is taken to the provider. */
export type AgeCheckStart =
  /** Send the visitor to this URL (an OpenID Connect authorisation, an OpenID4VP request URI, the test provider's page). */
  | { kind: 'redirect'; url: string }
  /**
   * Ask the browser itself (W3C Digital Credentials API, `navigator.credentials.get({ digital: { requests } })`)
   * and post the result to the return URL; `fallbackUrl` is the redirect for a browser without the API.
   */
  | { kind: 'digital-credentials'; requests: unknown[]; fallbackUrl: string };

/** What a check proves, and nothing more. */
export interface AgeResult {
  over18: boolean;
  /** A short, non-personal name of the method, shown on the public page and kept in the pass: 'eudi-mdoc', 'oidc', 'test'. */
  method: string;
  /** Epoch seconds after which the proof itself no longer holds (a token's `exp`, an attestation's validUntil); the pass never outlives it. */
  expiresAt: number;
}

export type AgeCheckErrorCode =
  | 'bad_answer' // malformed, missing fields, wrong format
  | 'bad_signature' // not signed by a key the operator trusts
  | 'untrusted_issuer' // signed, but by an issuer not on the operator's list
  | 'wrong_nonce' // made for another check (a replay, or another site's request)
  | 'wrong_audience' // made for another site or client id
  | 'expired' // the proof or its attestation is out of its validity
  | 'provider_error'; // the provider said it failed, or could not be reached

export class AgeCheckError extends Error {
  constructor(
    readonly code: AgeCheckErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AgeCheckError';
  }
}

export interface AgeProvider {
  /** The value of AGE_PROVIDER that selects it: 'test', 'eudi', 'oidc'. */
  readonly id: string;
  /** One sentence for the public page on age assurance: what the visitor is asked to do, and what the site learns. */
  readonly description: string;
  /**
   * The answer may come from the visitor's wallet itself (OpenID4VP direct_post), without the
   * browser's cookie: the return URL given to `begin` then carries the check's handle, which the
   * answer must echo in `state`.
   */
  readonly directPost?: boolean;
  begin(input: { nonce: string; returnUrl: string }): Promise<AgeCheckStart>;
  /** `answer`: the return URL's query or form fields as a record, or the JSON a browser posted. */
  finish(input: { nonce: string; answer: unknown }): Promise<AgeResult>;
}
