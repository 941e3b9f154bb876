/**
 * A test issuer and wallet for the EU Proof of Age attestation, built from the specifications
 * with node:crypto only: X.509 certificates (DER written here, signed with generated keys), an
 * mdoc issued under them, and a DeviceResponse presented for a session transcript computed as
 * OpenID4VP 1.0 describes it (independently of the verifier's own code).
 */

import { createCipheriv, createECDH, createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { decodeCbor, embed, encodeCbor, Tagged, type CborInput } from '@/lib/age/providers/eudi/cbor';
import { kemSharedSecret, keySchedule } from '@/lib/age/providers/eudi/hpke';

// --- DER, just enough for a certificate ---------------------------------------------------------

function tlv(tag: number, content: Uint8Array): Buffer {
  const length = content.length;
  const header =
    length < 0x80 ? [length] : length < 0x100 ? [0x81, length] : [0x82, length >> 8, length & 0xff];
  return Buffer.concat([Uint8Array.of(tag, ...header), content]);
}
const seq = (...parts: Uint8Array[]) => tlv(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(bytes));
};
const name = (cn: string) => seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));
const time = (date: Date) => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2))) : tlv(0x18, Buffer.from(iso));
};
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export interface TestCertificate {
  der: Buffer;
  pem: string;
  key: KeyObject;
}

export function ecKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** A certificate for `subject`'s key, signed by `issuer` (itself when omitted: a root). */
export function makeCertificate(input: {
  subject: string;
  ca: boolean;
  notBefore?: Date;
  notAfter?: Date;
  issuer?: { name: string; key: KeyObject };
}): TestCertificate {
  const { privateKey, publicKey } = ecKeyPair();
  const issuer = input.issuer ?? { name: input.subject, key: privateKey };
  const basicConstraints = input.ca ? seq(tlv(0x01, Uint8Array.of(0xff))) : seq();
  const extensions = tlv(0xa3, seq(seq(oid('2.5.29.19'), tlv(0x01, Uint8Array.of(0xff)), tlv(0x04, basicConstraints))));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Uint8Array.of(2))),
    tlv(0x02, Buffer.concat([Uint8Array.of(0x01), randomBytes(8)])),
    ECDSA_SHA256,
    name(issuer.name),
    seq(time(input.notBefore ?? new Date(Date.now() - 86_400_000)), time(input.notAfter ?? new Date(Date.now() + 365 * 86_400_000))),
    name(input.subject),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, issuer.key);
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.concat([Uint8Array.of(0), signature])));
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
  return { der, pem, key: privateKey };
}

/** An IACA root and a document signer certificate under it: how a member state's issuer is set up. */
export function makeIssuer(subject = 'Test Age Issuer'): { root: TestCertificate; signer: TestCertificate; rootName: string } {
  const rootName = `${subject} IACA`;
  const root = makeCertificate({ subject: rootName, ca: true });
  const signer = makeCertificate({ subject: `${subject} DS`, ca: false, issuer: { name: rootName, key: root.key } });
  return { root, signer, rootName };
}

// --- mdoc --------------------------------------------------------------------------------------

const DOCTYPE = 'eu.europa.ec.av.1';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
const es256 = (data: Uint8Array, key: KeyObject) => sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
const PROTECTED_ES256 = encodeCbor(new Map([[1, -7]]));

export function redirectTranscript(clientId: string, nonce: string, responseUri: string): CborInput {
  return [null, null, ['OpenID4VPHandover', sha256(encodeCbor([clientId, nonce, null, responseUri]))]];
}

export function dcApiTranscript(origin: string, nonce: string): CborInput {
  return [null, null, ['OpenID4VPDCAPIHandover', sha256(encodeCbor([origin, nonce, null]))]];
}

/** ISO 18013-7 Annex C: the transcript binds the request's exact encryptionInfo string and the origin. */
export function isoMdocTranscript(encryptionInfo: string, origin: string): CborInput {
  return [null, null, ['dcapi', sha256(encodeCbor([encryptionInfo, origin]))]];
}

/** HPKE base-mode seal (RFC 9180) of one message to a P-256 key given as an uncompressed point. */
export function hpkeSeal(recipientPublicKey: Uint8Array, info: Uint8Array, plaintext: Uint8Array): { enc: Buffer; cipherText: Buffer } {
  const ephemeral = createECDH('prime256v1');
  const enc = ephemeral.generateKeys();
  const { key, baseNonce } = keySchedule(kemSharedSecret(ephemeral.computeSecret(recipientPublicKey), enc, recipientPublicKey), info);
  const cipher = createCipheriv('aes-128-gcm', key, baseNonce);
  cipher.setAAD(new Uint8Array(0));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { enc, cipherText: Buffer.concat([body, cipher.getAuthTag()]) };
}

export interface Attestation {
  ageOver18?: boolean;
  validFrom?: Date;
  validUntil?: Date;
  /** Disclose this value instead of the one the issuer signed (a tampered element). */
  disclosedValue?: boolean;
  /** Sign the MSO with this key instead of the signer certificate's (a forged issuer signature). */
  issuerKey?: KeyObject;
}

/** A wallet holding one Proof of Age attestation from `issuer`, presenting it for a session transcript. */
export function makeWallet(issuer: { signer: TestCertificate; chain: Buffer[] }, attestation: Attestation = {}) {
  const device = ecKeyPair();
  const jwk = device.publicKey.export({ format: 'jwk' });
  const signedItem = (value: boolean) =>
    embed({ digestID: 7, random: new Uint8Array(randomBytes(16)), elementIdentifier: 'age_over_18', elementValue: value });
  const ageOver18 = attestation.ageOver18 ?? true;
  const item = signedItem(ageOver18);
  const validFrom = attestation.validFrom ?? new Date(Date.now() - 3_600_000);
  const validUntil = attestation.validUntil ?? new Date(Date.now() + 30 * 86_400_000);
  const tdate = (date: Date) => new Tagged(0, date.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  const mso = {
    version: '1.0',
    digestAlgorithm: 'SHA-256',
    valueDigests: { [DOCTYPE]: new Map([[7, sha256(item.raw)]]) },
    deviceKeyInfo: {
      deviceKey: new Map<number, CborInput>([
        [1, 2],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    },
    docType: DOCTYPE,
    validityInfo: { signed: tdate(validFrom), validFrom: tdate(validFrom), validUntil: tdate(validUntil) },
  };
  const msoPayload = encodeCbor(embed(mso));
  const issuerAuth = [
    PROTECTED_ES256,
    new Map([[33, issuer.chain.length === 1 ? issuer.chain[0]! : issuer.chain]]),
    msoPayload,
    es256(encodeCbor(['Signature1', PROTECTED_ES256, new Uint8Array(0), msoPayload]), attestation.issuerKey ?? issuer.signer.key),
  ];
  const disclosed = attestation.disclosedValue === undefined ? item : signedItem(attestation.disclosedValue);

  return {
    /** The DeviceResponse, base64url, as a vp_token carries it. */
    present(sessionTranscript: CborInput): string {
      const deviceNameSpaces = embed(new Map());
      const deviceAuthentication = embed(['DeviceAuthentication', sessionTranscript, DOCTYPE, deviceNameSpaces]).raw;
      const deviceSignature = [
        PROTECTED_ES256,
        new Map(),
        null,
        es256(encodeCbor(['Signature1', PROTECTED_ES256, new Uint8Array(0), deviceAuthentication]), device.privateKey),
      ];
      const response = {
        version: '1.0',
        documents: [
          {
            docType: DOCTYPE,
            issuerSigned: { nameSpaces: { [DOCTYPE]: [disclosed] }, issuerAuth },
            deviceSigned: { nameSpaces: deviceNameSpaces, deviceAuth: { deviceSignature } },
          },
        ],
        status: 0,
      };
      return Buffer.from(encodeCbor(response)).toString('base64url');
    },
    /** The answer to an org-iso-mdoc request, as the browser hands it back, for the page's `origin`. */
    presentIsoMdoc(request: { encryptionInfo: string }, origin: string): { protocol: string; data: { response: string } } {
      const info = decodeCbor(Buffer.from(request.encryptionInfo, 'base64url'));
      const coseKey = Array.isArray(info) && info[1] instanceof Map ? info[1].get('recipientPublicKey') : undefined;
      if (!(coseKey instanceof Map)) throw new Error('no recipient key in encryptionInfo');
      const recipient = Buffer.concat([Uint8Array.of(4), coseKey.get(-2) as Uint8Array, coseKey.get(-3) as Uint8Array]);
      const transcript = isoMdocTranscript(request.encryptionInfo, origin);
      const sealed = hpkeSeal(recipient, encodeCbor(transcript), Buffer.from(this.present(transcript), 'base64url'));
      return { protocol: 'org-iso-mdoc', data: { response: Buffer.from(encodeCbor(['dcapi', sealed])).toString('base64url') } };
    },
  };
}
