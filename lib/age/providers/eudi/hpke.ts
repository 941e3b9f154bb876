/**
 * HPKE (RFC 9180), base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM: the one suite
 * ISO 18013-7 Annex C encrypts a wallet's answer to the Digital Credentials API with. Only what a
 * recipient needs (decapsulation, the key schedule, open) is here, on node:crypto.
 */

import { createDecipheriv, createECDH, createHmac } from 'node:crypto';

const KEM_SUITE = Buffer.from([0x4b, 0x45, 0x4d, 0x00, 0x10]); // "KEM" || kem_id 0x0010
const HPKE_SUITE = Buffer.from([0x48, 0x50, 0x4b, 0x45, 0x00, 0x10, 0x00, 0x01, 0x00, 0x01]); // "HPKE" || kem || kdf || aead
const VERSION = Buffer.from('HPKE-v1');
const TAG_BYTES = 16;

function extract(salt: Uint8Array, ikm: Uint8Array): Buffer {
  return createHmac('sha256', salt).update(ikm).digest();
}

function expand(prk: Uint8Array, info: Uint8Array, length: number): Buffer {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  for (let i = 1; blocks.length * 32 < length; i++) {
    previous = createHmac('sha256', prk).update(previous).update(info).update(Uint8Array.of(i)).digest();
    blocks.push(previous);
  }
  return Buffer.concat(blocks).subarray(0, length);
}

function labeledExtract(suite: Buffer, salt: Uint8Array, label: string, ikm: Uint8Array): Buffer {
  return extract(salt, Buffer.concat([VERSION, suite, Buffer.from(label), ikm]));
}

function labeledExpand(suite: Buffer, prk: Uint8Array, label: string, info: Uint8Array, length: number): Buffer {
  const size = Buffer.from([length >> 8, length & 0xff]);
  return expand(prk, Buffer.concat([size, VERSION, suite, Buffer.from(label), info]), length);
}

/** The KEM's shared secret from the Diffie-Hellman value and both public keys (uncompressed points). */
export function kemSharedSecret(dh: Uint8Array, enc: Uint8Array, recipientPublicKey: Uint8Array): Buffer {
  const prk = labeledExtract(KEM_SUITE, new Uint8Array(0), 'eae_prk', dh);
  return labeledExpand(KEM_SUITE, prk, 'shared_secret', Buffer.concat([enc, recipientPublicKey]), 32);
}

/** The base-mode key schedule: the AEAD key and base nonce for `info`. */
export function keySchedule(sharedSecret: Uint8Array, info: Uint8Array): { key: Buffer; baseNonce: Buffer } {
  const empty = new Uint8Array(0);
  const context = Buffer.concat([
    Uint8Array.of(0),
    labeledExtract(HPKE_SUITE, empty, 'psk_id_hash', empty),
    labeledExtract(HPKE_SUITE, empty, 'info_hash', info),
  ]);
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, 'secret', empty);
  return { key: labeledExpand(HPKE_SUITE, secret, 'key', context, 16), baseNonce: labeledExpand(HPKE_SUITE, secret, 'base_nonce', context, 12) };
}

/** Opens the first (and here only) message sealed to the recipient's P-256 key; null when it does not open. */
export function hpkeOpen(input: {
  recipientPrivateKey: Uint8Array;
  enc: Uint8Array;
  info: Uint8Array;
  aad: Uint8Array;
  ciphertext: Uint8Array;
}): Buffer | null {
  if (input.ciphertext.length < TAG_BYTES) return null;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(input.recipientPrivateKey);
  let dh: Buffer;
  try {
    dh = ecdh.computeSecret(input.enc);
  } catch {
    return null;
  }
  const { key, baseNonce } = keySchedule(kemSharedSecret(dh, input.enc, ecdh.getPublicKey()), input.info);
  const decipher = createDecipheriv('aes-128-gcm', key, baseNonce);
  decipher.setAAD(input.aad);
  decipher.setAuthTag(input.ciphertext.subarray(input.ciphertext.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(input.ciphertext.subarray(0, input.ciphertext.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
