/**
 * The wallet's answer as it reaches the site: either the JSON a browser posted from the Digital
 * Credentials API (`{ protocol, data: { vp_token } }`), or the form fields a wallet posted to the
 * response URI (`vp_token`, `state`, or `error`). vp_token is OpenID4VP 1.0's object keyed by the
 * DCQL query id, each holding base64url DeviceResponses; a bare string is taken as one.
 */

import { AgeCheckError } from '../../provider';

// A Proof of Age DeviceResponse is 2 to 4 KiB; anything far larger is not one.
const MAX_PRESENTATION_CHARS = 64 * 1024;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const DC_API_PROTOCOL = 'openid4vp-v1-unsigned';
/** The DCQL credential query's id: the key of the answer's vp_token. */
export const CREDENTIAL_QUERY_ID = 'age';

export type WalletAnswer = { via: 'dc-api'; deviceResponse: Uint8Array } | { via: 'redirect'; deviceResponse: Uint8Array; state: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(message: string): AgeCheckError {
  return new AgeCheckError('bad_answer', message);
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
  if (typeof token !== 'string' || token.length > MAX_PRESENTATION_CHARS || !BASE64URL.test(token)) {
    throw bad('vp_token holds no base64url presentation.');
  }
  return Buffer.from(token, 'base64url');
}

export function readWalletAnswer(answer: unknown): WalletAnswer {
  if (!isRecord(answer)) throw bad('The answer is not an object.');
  if (typeof answer.error === 'string') {
    // The wallet's own words are not shown or kept: they may name the visitor's credentials.
    throw new AgeCheckError('provider_error', 'The wallet declined or failed the request.');
  }
  if ('protocol' in answer) {
    if (answer.protocol !== DC_API_PROTOCOL) throw bad('The answer is for another protocol.');
    const data = typeof answer.data === 'string' ? safeJson(answer.data) : answer.data;
    if (!isRecord(data)) throw bad('The answer has no data.');
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
