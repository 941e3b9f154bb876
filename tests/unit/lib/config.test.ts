import { ConfigError, DEFAULT_AGE_GATE_COUNTRIES, DEFAULT_UPSTREAM_CACHE_MB, parseConfig, publicConfig } from '@/lib/config';
import { answerStoreOptions } from '@/lib/server/answer-store.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GEOIP_DATABASE } from '@/lib/geo/country';
import { cityRecord, writeMmdb } from '../../support/mmdb-writer';

describe('parseConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = parseConfig({});
    expect(c.apiOrigin).toBe('');
    expect(c.siteUrl).toBe('http://localhost:3000');
    expect(c.databasePath).toBe('data/catalog.db');
    expect(c.ageGateCountries).toEqual(DEFAULT_AGE_GATE_COUNTRIES);
    expect(c.apiTimeoutMs).toBe(8000);
    expect(c.pageCacheMb).toBe(64);
    expect(c.upstreamCacheMb).toBe(DEFAULT_UPSTREAM_CACHE_MB);
    expect(parseConfig({ UPSTREAM_CACHE_MB: '48' }).upstreamCacheMb).toBe(48);
    // No public default: the catalogue keeps a random secret of its own (voter-key.ts in lib/catalog/sqlite and lib/catalog/postgres).
    expect(c.voteSalt).toBe('');
    expect(parseConfig({ VOTE_SALT: 's3cret' }).voteSalt).toBe('s3cret');
  });

  it('follows PORT for the default site URL', () => {
    expect(parseConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('normalises origins and country lists', () => {
    const c = parseConfig({ API_ORIGIN: 'https://api.example.com/', AGE_GATE_COUNTRIES: 'de, fr,de', SITE_URL: 'https://tube.example/' });
    expect(c.apiOrigin).toBe('https://api.example.com');
    expect(c.siteUrl).toBe('https://tube.example');
    expect(c.ageGateCountries).toEqual(['DE', 'FR']);
    expect(parseConfig({ AGE_GATE_COUNTRIES: 'none' }).ageGateCountries).toEqual([]);
  });

  it.each([
    ['API_ORIGIN', 'ftp://example.com'],
    ['API_ORIGIN', 'not a url'],
    ['API_TIMEOUT_MS', '5s'],
    ['API_TIMEOUT_MS', '50'],
    ['ANSWER_STORE_MB', 'lots'],
    ['ANSWER_STORE_MB', '5000'],
    ['PORT', '70000'],
    ['PAGE_CACHE_MB', '1'],
    ['UPSTREAM_CACHE_MB', '0'],
    ['UPSTREAM_CACHE_MB', '16MB'],
    ['AGE_GATE_COUNTRIES', 'Germany'],
    ['COUNTRY_HEADER', 'x bad header'],
    ['ANALYTICS_GA_ID', 'UA-1234'],
    ['ANALYTICS_AFTER_CONSENT', 'maybe'],
    ['WEBMASTERS_URL', 'javascript:alert(1)'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    try {
      parseConfig({ [name]: value });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain(name);
      expect(message).toContain('accepts');
      expect(message).not.toContain('\n');
    }
  });

  it('checks ANSWER_STORE_MB at start with the bounds server.mjs\'s store reads it with', () => {
    const warn = jest.fn();
    for (const v of ['', '0', '8', '4096']) {
      expect(parseConfig({ ANSWER_STORE_MB: v }).answerStoreMb * 1024 * 1024).toBe(answerStoreOptions({ ANSWER_STORE_MB: v }, warn).maxBytes);
    }
    expect(warn).not.toHaveBeenCalled();
    for (const v of ['lots', '5000', '-1']) {
      expect(() => parseConfig({ ANSWER_STORE_MB: v })).toThrow(ConfigError);
      answerStoreOptions({ ANSWER_STORE_MB: v }, warn);
    }
    expect(warn).toHaveBeenCalledTimes(3);
  });

  describe('AGE_REGION_MMDB', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-mmdb-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = (name: string, bytes: Buffer | string) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    const rejection = (path: string) => {
      try {
        parseConfig({ AGE_REGION_MMDB: path });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`${path} was accepted`);
    };

    it('accepts a city-level mmdb', () => {
      const city = file('city.mmdb', writeMmdb([{ network: '203.0.113.0/24', data: cityRecord('US', ['TX']) }], { databaseType: 'GeoLite2-City' }));
      expect(parseConfig({ AGE_REGION_MMDB: city }).ageRegionMmdb).toBe(city);
      expect(parseConfig({}).ageRegionMmdb).toBe('');
    });

    it.each([
      ['a missing file', () => join(dir, 'absent.mmdb'), /no such file/],
      ['a file that is not an mmdb', () => file('notes.mmdb', 'GeoLite2-City, to download later\n'), /not a MaxMind DB file/],
      ['a country database', () => GEOIP_DATABASE, /database type "country ipvAll" has no subdivisions/],
      ['an mmdb of another type', () => file('asn.mmdb', writeMmdb([{ network: '203.0.113.0/24', data: { autonomous_system_number: 64500 } }], { databaseType: 'GeoLite2-ASN' })), /"GeoLite2-ASN" has no subdivisions/],
    ])('stops start-up on %s with one line saying why', (_what, path, why) => {
      const message = rejection(path());
      expect(message).toContain('AGE_REGION_MMDB');
      expect(message).toMatch(why);
      expect(message).not.toContain('\n');
    });
  });

  it('reports analytics from the first page by default (the spec), after the notice\'s Accept when asked', () => {
    expect(parseConfig({}).analyticsAfterConsent).toBe(false);
    expect(parseConfig({ ANALYTICS_AFTER_CONSENT: '1' }).analyticsAfterConsent).toBe(true);
    expect(parseConfig({ ANALYTICS_AFTER_CONSENT: 'true' }).analyticsAfterConsent).toBe(true);
    expect(parseConfig({ ANALYTICS_AFTER_CONSENT: '0' }).analyticsAfterConsent).toBe(false);
    expect(publicConfig(parseConfig({ ANALYTICS_AFTER_CONSENT: '1' })).analyticsAfterConsent).toBe(true);
  });
});
