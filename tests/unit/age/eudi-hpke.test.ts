import { hpkeOpen, kemSharedSecret, keySchedule } from '@/lib/age/providers/eudi/hpke';

// RFC 9180, Appendix A.3.1: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM, base mode, sequence 0.
const hex = (text: string) => Buffer.from(text, 'hex');
const VECTOR = {
  info: hex('4f6465206f6e2061204772656369616e2055726e'),
  skRm: hex('f3ce7fdae57e1a310d87f1ebbde6f328be0a99cdbcadf4d6589cf29de4b8ffd2'),
  pkRm: hex('04fe8c19ce0905191ebc298a9245792531f26f0cece2460639e8bc39cb7f706a826a779b4cf969b8a0e539c7f62fb3d30ad6aa8f80e30f1d128aafd68a2ce72ea0'),
  enc: hex('04a92719c6195d5085104f469a8b9814d5838ff72b60501e2c4466e5e67b325ac98536d7b61a1af4b78e5b7f951c0900be863c403ce65c9bfcb9382657222d18c4'),
  sharedSecret: 'c0d26aeab536609a572b07695d933b589dcf363ff9d93c93adea537aeabb8cb8',
  key: '868c066ef58aae6dc589b6cfdd18f97e',
  baseNonce: '4e0bc5018beba4bf004cca59',
  aad: hex('436f756e742d30'),
  pt: hex('4265617574792069732074727574682c20747275746820626561757479'),
  ct: hex('5ad590bb8baa577f8619db35a36311226a896e7342a6d836d8b7bcd2f20b6c7f9076ac232e3ab2523f39513434'),
};

describe('HPKE (the org-iso-mdoc answer encryption), against RFC 9180 A.3.1', () => {
  it('derives the vector’s shared secret, key and nonce', async () => {
    const { createECDH } = await import('node:crypto');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(VECTOR.skRm);
    const shared = kemSharedSecret(ecdh.computeSecret(VECTOR.enc), VECTOR.enc, VECTOR.pkRm);
    expect(shared.toString('hex')).toBe(VECTOR.sharedSecret);
    const schedule = keySchedule(shared, VECTOR.info);
    expect([schedule.key.toString('hex'), schedule.baseNonce.toString('hex')]).toEqual([VECTOR.key, VECTOR.baseNonce]);
  });

  it('opens the vector’s ciphertext, and nothing altered', () => {
    const open = (changes: Partial<Parameters<typeof hpkeOpen>[0]>) =>
      hpkeOpen({ recipientPrivateKey: VECTOR.skRm, enc: VECTOR.enc, info: VECTOR.info, aad: VECTOR.aad, ciphertext: VECTOR.ct, ...changes });
    expect(open({})?.toString('hex')).toBe(VECTOR.pt.toString('hex'));
    const flipped = Buffer.from(VECTOR.ct);
    flipped[3]! ^= 1;
    expect(open({ ciphertext: flipped })).toBeNull();
    expect(open({ info: Buffer.from('another transcript') })).toBeNull();
    expect(open({ aad: new Uint8Array(0) })).toBeNull();
    expect(open({ enc: VECTOR.pkRm.subarray(0, 20) })).toBeNull();
    expect(open({ ciphertext: VECTOR.ct.subarray(0, 8) })).toBeNull();
  });
});
