/**
 * The wallet's answer as it reaches the site: the JSON a browser posted from the Digital
 * Credentials API (`{ protocol, data: { vp_token } }` for OpenID4VP, `{ protocol, data: { response } }`
 * for ISO 18013-7 Annex C, whose response is the HPKE-encrypted DeviceResponse), or the form fields a wallet posted to the
 * response URI (`vp_token`, `state`, or `error`). vp_token is OpenID4VP 1.0's object keyed by the
 * DCQL query id, each holding base64url DeviceResponses; a bare string is taken as one.
 */

import { AgeCheckError } from '../../provider';
import { decodeCbor, type CborValue } from './cbor';
import { ISO_MDOC_PROTOCOL } from './iso-mdoc-request';

// A Proof of Age DeviceResponse is 2 to 4 KiB; anything far larger is not one.
const MAX_PRESENTATION_CHARS = 64 * 1024;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const DC_API_PROTOCOL = 'openid4vp-v1-unsigned';
/** The DCQL credential query's id: the key of the answer's vp_token. */
export const CREDENTIAL_QUERY_ID = 'age';

export type WalletAnswer =
  | { via: 'dc-api'; deviceResponse: Uint8Array }
  | { via: 'iso-mdoc'; enc: Uint8Array; cipherText: Uint8Array }
  | { via: 'redirect'; deviceResponse: Uint8Array; state: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(message: string): AgeCheckError {
  return new AgeCheckError('bad_answer', message);
}

function base64url(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length > MAX_PRESENTATION_CHARS || !BASE64URL.test(value)) throw bad(`${what} is not base64url.`);
  return Buffer.from(value, 'base64url');
}

/** Annex C's EncryptedResponse: ["dcapi", { enc, cipherText }]. */
function encryptedResponse(response: unknown): { via: 'iso-mdoc'; enc: Uint8Array; cipherText: Uint8Array } {
  let value: CborValue;
  try {
    value = decodeCbor(base64url(response, 'The response'));
  } catch (error) {
    if (error instanceof AgeCheckError) throw error;
    throw bad('The response is not CBOR.');
  }
  const parameters = Array.isArray(value) && value[0] === 'dcapi' ? value[1] : undefined;
  const enc = parameters instanceof Map ? parameters.get('enc') : undefined;
  const cipherText = parameters instanceof Map ? parameters.get('cipherText') : undefined;
  if (!(enc instanceof Uint8Array) || !(cipherText instanceof Uint8Array)) throw bad('The response is not an encrypted DeviceResponse.');
  return { via: 'iso-mdoc', enc, cipherText };
}

function presentation(vpToken: unknown): Uint8Array {
  let token = vpToken;
  if (typeof token === 'string' && token.trimStart().startsWith('{')) {
    try {
      token = JSON.parse(token);
    } catch {
      throw bad('vp_token is not JSON.');
    }
  }
  if (isRecord(token)) {
    const entry = token[CREDENTIAL_QUERY_ID];
    token = Array.isArray(entry) ? entry[0] : entry;
  }
  return base64url(token, 'vp_token');
}

export function readWalletAnswer(answer: unknown): WalletAnswer {
  if (!isRecord(answer)) throw bad('The answer is not an object.');
  if (typeof answer.error === 'string') {
    // The wallet's own words are not shown or kept: they may name the visitor's credentials.
    throw new AgeCheckError('provider_error', 'The wallet declined or failed the request.');
  }
  if ('protocol' in answer) {
    const data = typeof answer.data === 'string' ? safeJson(answer.data) : answer.data;
    if (!isRecord(data)) throw bad('The answer has no data.');
    if (answer.protocol === ISO_MDOC_PROTOCOL) return encryptedResponse(data.response);
    if (answer.protocol !== DC_API_PROTOCOL) throw bad('The answer is for another protocol.');
    return { via: 'dc-api', deviceResponse: presentation(data.vp_token) };
  }
  if (typeof answer.state !== 'string' || !answer.state.startsWith('/')) throw bad('The answer has no state.');
  return { via: 'redirect', deviceResponse: presentation(answer.vp_token), state: answer.state };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
