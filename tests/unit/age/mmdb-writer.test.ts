/** The test mmdb writer (tests/support/mmdb-writer.ts), read back with the real maxmind Reader. */
import { Reader, type Response } from 'maxmind';
import { cityRecord, writeMmdb } from '../../support/mmdb-writer';

describe('writeMmdb', () => {
  const db = writeMmdb(
    [
      { network: '203.0.113.0/25', data: cityRecord('US', ['TX']) },
      { network: '203.0.113.128/26', data: cityRecord('US', ['CA']) },
      { network: '198.51.100.7/32', data: { n: 70_000, big: 2n ** 40n, list: ['a', 'é', 'x'.repeat(300)] } },
      { network: '2001:db8:1::/48', data: cityRecord('DE', ['BY']) },
    ],
    { databaseType: 'Test-City', buildEpoch: 1_700_000_000, description: 'written by a test' },
  );
  const reader = new Reader<Response>(db);

  it('writes metadata the reader accepts', () => {
    expect(reader.metadata).toMatchObject({
      binaryFormatMajorVersion: 2,
      binaryFormatMinorVersion: 0,
      databaseType: 'Test-City',
      ipVersion: 6,
      recordSize: 24,
      languages: ['en'],
      description: { en: 'written by a test' },
    });
    expect(Number(reader.metadata.buildEpoch.getTime() / 1000)).toBe(1_700_000_000);
  });

  it('finds each network and nothing outside them', () => {
    expect(reader.get('203.0.113.5')).toEqual({ country: { iso_code: 'US', names: { en: 'US' } }, subdivisions: [{ iso_code: 'TX' }] });
    expect(reader.get('203.0.113.127')).toMatchObject({ subdivisions: [{ iso_code: 'TX' }] });
    expect(reader.get('203.0.113.130')).toMatchObject({ subdivisions: [{ iso_code: 'CA' }] });
    expect(reader.get('203.0.113.200')).toBeNull();
    expect(reader.get('198.51.100.7')).toEqual({ n: 70_000, big: 2n ** 40n, list: ['a', 'é', 'x'.repeat(300)] });
    expect(reader.get('198.51.100.8')).toBeNull();
    expect(reader.get('2001:db8:1:ffff::1')).toMatchObject({ country: { iso_code: 'DE' } });
    expect(reader.get('2001:db8:2::1')).toBeNull();
    expect(reader.getWithPrefixLength('203.0.113.130')[1]).toBe(26);
  });

  it('refuses overlapping networks', () => {
    expect(() => writeMmdb([{ network: '10.0.0.0/8', data: 'a' }, { network: '10.1.0.0/16', data: 'b' }], { databaseType: 'x' })).toThrow(/overlaps/);
  });
});
