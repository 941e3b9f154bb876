/**
 * Whether an issuer's certificate chain ends at a certificate the operator trusts.
 *
 * ISO 18013-5 issuers sign with a short-lived document signer certificate issued by their
 * long-lived root (IACA); the operator lists the roots (or, to pin one signer, the signer itself).
 * Every certificate on the way must be within its validity now, each must be signed by the next,
 * and every issuing certificate must be a CA.
 */

import { X509Certificate } from 'node:crypto';

const MAX_CHAIN = 4;

export type TrustVerdict = { ok: true; signer: X509Certificate } | { ok: false; reason: 'untrusted' | 'expired' | 'malformed' };

function withinValidity(cert: X509Certificate, nowMs: number): boolean {
  return Date.parse(cert.validFrom) <= nowMs && nowMs <= Date.parse(cert.validTo);
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return issuer.ca && cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

export function checkIssuerChain(chainDer: Uint8Array[], trusted: readonly X509Certificate[], nowMs: number): TrustVerdict {
  let chain: X509Certificate[];
  try {
    chain = chainDer.slice(0, MAX_CHAIN).map((der) => new X509Certificate(der));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const signer = chain[0]!;
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    if (!withinValidity(cert, nowMs)) return { ok: false, reason: 'expired' };
    if (trusted.some((anchor) => anchor.fingerprint256 === cert.fingerprint256)) return { ok: true, signer };
    const anchor = trusted.find((candidate) => issuedBy(cert, candidate));
    if (anchor) return withinValidity(anchor, nowMs) ? { ok: true, signer } : { ok: false, reason: 'expired' };
    const next = chain[i + 1];
    if (!next || !issuedBy(cert, next)) return { ok: false, reason: 'untrusted' };
  }
  return { ok: false, reason: 'untrusted' };
}
