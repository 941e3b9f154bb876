/**
 * The mdoc session transcripts of OpenID4VP 1.0 (Appendix B.2.6): what the wallet's device key
 * signs, so a presentation is bound to one nonce and one verifier. No response encryption is
 * used, so the JWK thumbprint is null.
 */

import { createHash } from 'node:crypto';
import { encodeCbor, type CborInput } from './cbor';

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}

/** Redirect flow (response_mode direct_post): bound to the client id, the nonce and the response URI. */
export function redirectSessionTranscript(input: { clientId: string; nonce: string; responseUri: string }): CborInput {
  const info = encodeCbor([input.clientId, input.nonce, null, input.responseUri]);
  return [null, null, ['OpenID4VPHandover', sha256(info)]];
}

/** Digital Credentials API: bound to the nonce and the origin the browser itself vouches for. */
export function dcApiSessionTranscript(input: { origin: string; nonce: string }): CborInput {
  const info = encodeCbor([input.origin, input.nonce, null]);
  return [null, null, ['OpenID4VPDCAPIHandover', sha256(info)]];
}
