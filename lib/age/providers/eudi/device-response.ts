/**
 * Verification of an ISO 18013-5 DeviceResponse holding the EU Proof of Age attestation
 * (doctype and namespace `eu.europa.ec.av.1`, element `age_over_18`).
 *
 * In order: the issuer's COSE_Sign1 over the MSO, by a certificate chaining to one the operator
 * trusts; the MSO's doctype and validity; the disclosed element against its digest in the MSO;
 * the device key's signature over this session's transcript (which binds the nonce and the
 * site), so a presentation made for another check or another site fails. Only the element's
 * boolean and the MSO's validUntil come out.
 */

import { createHash, timingSafeEqual, type X509Certificate } from 'node:crypto';
import { AgeCheckError } from '../../provider';
import { CborError, decodeCbor, embed, Embedded, Tagged, type CborInput, type CborValue } from './cbor';
import { coseKeyToPublicKey, readCoseSign1, verifyCoseSign1, x5chain } from './cose';
import { checkIssuerChain } from './issuer-trust';

export const AGE_DOCTYPE = 'eu.europa.ec.av.1';
export const AGE_NAMESPACE = 'eu.europa.ec.av.1';
export const AGE_ELEMENT = 'age_over_18';

const DIGESTS: ReadonlyMap<string, string> = new Map([
  ['SHA-256', 'sha256'],
  ['SHA-384', 'sha384'],
  ['SHA-512', 'sha512'],
]);

export interface AgeAttestation {
  over18: boolean;
  /** Epoch seconds: the MSO's validUntil. */
  validUntil: number;
}

function field(map: CborValue, key: string): CborValue {
  if (!(map instanceof Map)) throw new CborError(`expected a map holding ${key}`);
  return map.get(key);
}

function embedded(value: CborValue, what: string): CborValue {
  if (!(value instanceof Embedded)) throw new CborError(`${what} must be an embedded CBOR item (tag 24)`);
  return decodeCbor(value.bytes);
}

function dateSeconds(value: CborValue, what: string): number {
  if (value instanceof Tagged && value.tag === 0 && typeof value.value === 'string') {
    const ms = Date.parse(value.value);
    if (Number.isFinite(ms)) return Math.floor(ms / 1000);
  }
  if (value instanceof Tagged && value.tag === 1 && typeof value.value === 'number') return Math.floor(value.value);
  throw new CborError(`${what} is not a date`);
}

/** The Proof of Age document of a DeviceResponse, checked against the session transcript this check expects. */
export function verifyAgeDeviceResponse(
  deviceResponse: Uint8Array,
  options: { sessionTranscript: CborInput; trusted: readonly X509Certificate[]; nowMs: number },
): AgeAttestation {
  try {
    return verifyDocument(deviceResponse, options);
  } catch (error) {
    if (error instanceof CborError) throw new AgeCheckError('bad_answer', `The wallet's answer is not a valid presentation: ${error.message}.`);
    throw error;
  }
}

function verifyDocument(
  deviceResponse: Uint8Array,
  { sessionTranscript, trusted, nowMs }: { sessionTranscript: CborInput; trusted: readonly X509Certificate[]; nowMs: number },
): AgeAttestation {
  const response = decodeCbor(deviceResponse);
  const documents = field(response, 'documents');
  const document = Array.isArray(documents) ? documents.find((doc) => field(doc, 'docType') === AGE_DOCTYPE) : undefined;
  if (!document) throw new AgeCheckError('bad_answer', `The presentation holds no ${AGE_DOCTYPE} document.`);

  const issuerSigned = field(document, 'issuerSigned');
  const issuerAuth = readCoseSign1(field(issuerSigned, 'issuerAuth'));
  const trust = checkIssuerChain(x5chain(issuerAuth), trusted, nowMs);
  if (!trust.ok) {
    if (trust.reason === 'expired') throw new AgeCheckError('expired', "The issuer's certificate is out of its validity.");
    if (trust.reason === 'malformed') throw new CborError("the issuer's certificate cannot be read");
    throw new AgeCheckError('untrusted_issuer', 'The attestation is not issued by a certificate the operator trusts.');
  }
  if (!verifyCoseSign1(issuerAuth, trust.signer.publicKey)) {
    throw new AgeCheckError('bad_signature', "The issuer's signature over the attestation does not verify.");
  }
  if (!issuerAuth.payload) throw new CborError('the issuer signature carries no MSO');
  const mso = embedded(decodeCbor(issuerAuth.payload), 'the MSO');
  if (field(mso, 'docType') !== AGE_DOCTYPE) throw new AgeCheckError('bad_answer', `The attestation is not a ${AGE_DOCTYPE}.`);

  const validity = field(mso, 'validityInfo');
  const validFrom = dateSeconds(field(validity, 'validFrom'), 'validFrom');
  const validUntil = dateSeconds(field(validity, 'validUntil'), 'validUntil');
  const now = Math.floor(nowMs / 1000);
  if (now < validFrom || now > validUntil) throw new AgeCheckError('expired', 'The attestation is out of its validity.');

  const over18 = disclosedAgeOver18(issuerSigned, mso);

  const deviceSigned = field(document, 'deviceSigned');
  const deviceNameSpaces = field(deviceSigned, 'nameSpaces');
  if (!(deviceNameSpaces instanceof Embedded)) throw new CborError('deviceSigned.nameSpaces must be tag 24');
  const deviceSignature = field(field(deviceSigned, 'deviceAuth'), 'deviceSignature');
  if (deviceSignature === undefined) throw new AgeCheckError('bad_answer', 'The presentation has no device signature (a MAC cannot be checked here).');
  const deviceKey = coseKeyToPublicKey(field(field(mso, 'deviceKeyInfo'), 'deviceKey'));
  const deviceAuthentication = embed(['DeviceAuthentication', sessionTranscript, AGE_DOCTYPE, deviceNameSpaces]).raw;
  if (!verifyCoseSign1(readCoseSign1(deviceSignature), deviceKey, deviceAuthentication)) {
    // The transcript is not sent, only signed: a wrong nonce, client id or origin all look the same here.
    throw new AgeCheckError('wrong_nonce', 'The presentation was not made for this check (nonce, client id or origin).');
  }
  return { over18, validUntil };
}

function disclosedAgeOver18(issuerSigned: CborValue, mso: CborValue): boolean {
  const algorithm = DIGESTS.get(field(mso, 'digestAlgorithm') as string);
  if (!algorithm) throw new CborError('unsupported digest algorithm');
  const digests = field(field(mso, 'valueDigests'), AGE_NAMESPACE);
  const items = field(field(issuerSigned, 'nameSpaces'), AGE_NAMESPACE);
  if (!Array.isArray(items) || !(digests instanceof Map)) throw new AgeCheckError('bad_answer', `The presentation discloses nothing of ${AGE_NAMESPACE}.`);
  for (const item of items) {
    if (!(item instanceof Embedded)) throw new CborError('an issuer-signed item must be tag 24');
    const decoded = decodeCbor(item.bytes);
    if (field(decoded, 'elementIdentifier') !== AGE_ELEMENT) continue;
    const expected = digests.get(field(decoded, 'digestID'));
    const actual = createHash(algorithm).update(item.raw).digest();
    if (!(expected instanceof Uint8Array) || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw new AgeCheckError('bad_signature', `The disclosed ${AGE_ELEMENT} does not match the issuer's digest.`);
    }
    const value = field(decoded, 'elementValue');
    if (typeof value !== 'boolean') throw new AgeCheckError('bad_answer', `${AGE_ELEMENT} is not a boolean.`);
    return value;
  }
  throw new AgeCheckError('bad_answer', `The presentation does not disclose ${AGE_ELEMENT}.`);
}
