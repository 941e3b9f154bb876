/**
 * COSE_Sign1 (RFC 9052) verification and COSE_Key import, as ISO 18013-5 uses them: the issuer
 * signs the MSO (with its certificate chain in the unprotected header, label 33), and the wallet's
 * device key signs the session with a detached payload.
 */

import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { CborError, encodeCbor, decodeCbor, type CborValue } from './cbor';

const HEADER_ALG = 1;
const HEADER_X5CHAIN = 33;

// ECDSA only: ISO 18013-5 issuers and wallets sign with P-256/384/521 keys (the EU blueprint with
// P-256), and a fixed list keeps an attacker from choosing the algorithm.
const ALGORITHMS: ReadonlyMap<number, { hash: string; curve: string }> = new Map([
  [-7, { hash: 'sha256', curve: 'P-256' }],
  [-35, { hash: 'sha384', curve: 'P-384' }],
  [-36, { hash: 'sha512', curve: 'P-521' }],
]);

/** The COSE algorithm ids accepted, for the request's client metadata. */
export const COSE_ALGORITHM_IDS = [...ALGORITHMS.keys()];

const CURVES: ReadonlyMap<number, string> = new Map([
  [1, 'P-256'],
  [2, 'P-384'],
  [3, 'P-521'],
]);

export interface CoseSign1 {
  protectedBytes: Uint8Array;
  protectedHeader: Map<CborValue, CborValue>;
  unprotectedHeader: Map<CborValue, CborValue>;
  payload: Uint8Array | null;
  signature: Uint8Array;
}

export function readCoseSign1(value: CborValue): CoseSign1 {
  if (!Array.isArray(value) || value.length !== 4) throw new CborError('COSE_Sign1 must be an array of four');
  const [protectedBytes, unprotectedHeader, payload, signature] = value;
  if (!(protectedBytes instanceof Uint8Array) || !(unprotectedHeader instanceof Map) || !(signature instanceof Uint8Array)) {
    throw new CborError('COSE_Sign1 of the wrong shape');
  }
  if (payload !== null && !(payload instanceof Uint8Array)) throw new CborError('COSE_Sign1 payload must be bytes or null');
  const protectedHeader = protectedBytes.length === 0 ? new Map() : decodeCbor(protectedBytes);
  if (!(protectedHeader instanceof Map)) throw new CborError('COSE protected header must be a map');
  return { protectedBytes, protectedHeader, unprotectedHeader, payload, signature };
}

/** The X.509 chain (DER, leaf first) the issuer put in the header. */
export function x5chain(sign1: CoseSign1): Uint8Array[] {
  const chain = sign1.unprotectedHeader.get(HEADER_X5CHAIN) ?? sign1.protectedHeader.get(HEADER_X5CHAIN);
  if (chain instanceof Uint8Array) return [chain];
  if (Array.isArray(chain) && chain.length > 0 && chain.every((cert) => cert instanceof Uint8Array)) return chain as Uint8Array[];
  throw new CborError('no x5chain in the issuer signature');
}

/**
 * Whether `key` signed `sign1` over `payload` (the attached one unless a detached one is given).
 * The algorithm must be in the protected header, be ECDSA and fit the key's curve.
 */
export function verifyCoseSign1(sign1: CoseSign1, key: KeyObject, detachedPayload?: Uint8Array): boolean {
  const alg = sign1.protectedHeader.get(HEADER_ALG);
  const algorithm = typeof alg === 'number' ? ALGORITHMS.get(alg) : undefined;
  if (!algorithm || key.asymmetricKeyType !== 'ec') return false;
  if (key.export({ format: 'jwk' }).crv !== algorithm.curve) return false;
  const payload = detachedPayload ?? sign1.payload;
  if (!payload) return false;
  const toBeSigned = encodeCbor(['Signature1', sign1.protectedBytes, new Uint8Array(0), payload]);
  return verify(algorithm.hash, toBeSigned, { key, dsaEncoding: 'ieee-p1363' }, sign1.signature);
}

/** An EC2 COSE_Key (the MSO's device key) as a Node public key. */
export function coseKeyToPublicKey(value: CborValue): KeyObject {
  if (!(value instanceof Map) || value.get(1) !== 2) throw new CborError('the device key must be an EC2 COSE_Key');
  const crv = CURVES.get(value.get(-1) as number);
  const x = value.get(-2);
  const y = value.get(-3);
  if (!crv || !(x instanceof Uint8Array) || !(y instanceof Uint8Array)) throw new CborError('the device key lacks its curve or point');
  try {
    return createPublicKey({ key: { kty: 'EC', crv, x: Buffer.from(x).toString('base64url'), y: Buffer.from(y).toString('base64url') }, format: 'jwk' });
  } catch {
    throw new CborError('the device key is not a point on its curve');
  }
}
