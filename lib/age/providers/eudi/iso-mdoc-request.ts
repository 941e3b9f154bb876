/**
 * The Digital Credentials API's `org-iso-mdoc` protocol (ISO 18013-7 Annex C), the blueprint's
 * default presentation and Safari's only one: an ISO DeviceRequest for age_over_18 and an
 * `encryptionInfo` naming a P-256 key the wallet encrypts its DeviceResponse to (HPKE).
 *
 * The site keeps nothing between begin and finish but the check's nonce, so the key of a check is
 * derived from the operator's secret and that nonce: finish derives it again, and a presentation
 * encrypted for another check does not open. The session transcript binds the encryptionInfo
 * (so the nonce) and the origin the browser vouches for.
 */

import { createECDH, createHash, hkdfSync } from 'node:crypto';
import { embed, encodeCbor, type CborInput } from './cbor';
import { AGE_DOCTYPE, AGE_ELEMENT, AGE_NAMESPACE } from './device-response';

export const ISO_MDOC_PROTOCOL = 'org-iso-mdoc';

// The order of the P-256 group: a derived private key must lie in [1, n-1].
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

function recipientKey(secret: string, nonce: string): { privateKey: Buffer; publicKey: Buffer } {
  // 48 bytes reduced mod n-1 keeps the scalar uniform to within 2^-128.
  const wide = Buffer.from(hkdfSync('sha256', secret, 'tubefront-age-eudi', `org-iso-mdoc recipient ${nonce}`, 48));
  const scalar = (BigInt(`0x${wide.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const privateKey = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { privateKey, publicKey: ecdh.getPublicKey() };
}

/** The exact base64url encryptionInfo of a check: the transcript binds this string, so finish must rebuild it byte for byte. */
function encryptionInfo(publicKey: Buffer, nonce: string): string {
  const coseKey = new Map<number, CborInput>([
    [1, 2],
    [-1, 1],
    [-2, publicKey.subarray(1, 33)],
    [-3, publicKey.subarray(33, 65)],
  ]);
  return Buffer.from(encodeCbor(['dcapi', { nonce: Buffer.from(nonce), recipientPublicKey: coseKey }])).toString('base64url');
}

export function isoMdocRequest(secret: string, nonce: string): { protocol: string; data: { deviceRequest: string; encryptionInfo: string } } {
  const itemsRequest = embed({ docType: AGE_DOCTYPE, nameSpaces: { [AGE_NAMESPACE]: { [AGE_ELEMENT]: false } } });
  const deviceRequest = Buffer.from(encodeCbor({ version: '1.0', docRequests: [{ itemsRequest }] })).toString('base64url');
  return { protocol: ISO_MDOC_PROTOCOL, data: { deviceRequest, encryptionInfo: encryptionInfo(recipientKey(secret, nonce).publicKey, nonce) } };
}

/** What finish needs to open and check an answer: the recipient key and the session transcript of this check and origin. */
export function isoMdocSession(secret: string, nonce: string, origin: string): { privateKey: Buffer; sessionTranscript: CborInput } {
  const { privateKey, publicKey } = recipientKey(secret, nonce);
  const dcapiInfo = encodeCbor([encryptionInfo(publicKey, nonce), origin]);
  return { privateKey, sessionTranscript: [null, null, ['dcapi', createHash('sha256').update(dcapiInfo).digest()]] };
}
