import { anyRegion, parseAgePolicy, policyFor, policyEntries } from '@/lib/age/policy.mjs';
import { ConfigError, DEFAULT_AGE_GATE_COUNTRIES, parseConfig } from '@/lib/config';

const SECRET = 'k'.repeat(40);

describe('AGE_POLICY', () => {
  it('reads countries, subdivisions and the unknown region', () => {
    const p = parseAgePolicy(' de=confirm, FR=verify,GB=verify ,US-TX=block,us-ca=none,XX=verify');
    expect(p.regions).toEqual({ DE: 'confirm', FR: 'verify', GB: 'verify', 'US-TX': 'block', 'US-CA': 'none' });
    expect(p.unknown).toBe('verify');
    expect(policyEntries(p)).toEqual([['DE', 'confirm'], ['FR', 'verify'], ['GB', 'verify'], ['US-CA', 'none'], ['US-TX', 'block'], ['XX', 'verify']]);
  });

  it('lets a subdivision override its country, a country cover its subdivisions, others none', () => {
    const p = parseAgePolicy('US=confirm,US-TX=block,US-CA=none');
    expect(policyFor(p, 'US', 'TX')).toBe('block');
    expect(policyFor(p, 'US', 'US-TX')).toBe('block');
    expect(policyFor(p, 'US', 'CA')).toBe('none');
    expect(policyFor(p, 'US', 'NY')).toBe('confirm');
    expect(policyFor(p, 'US', null)).toBe('confirm');
    expect(policyFor(p, 'DE', null)).toBe('none');
    // Unknown region: none unless XX says otherwise.
    expect(policyFor(p, null, null)).toBe('none');
    expect(policyFor(parseAgePolicy('XX=block'), null, 'TX')).toBe('block');
    expect(anyRegion(p, 'block')).toBe(true);
    expect(anyRegion(p, 'verify')).toBe(false);
  });

  it.each([
    ['DE', 'has no "="'],
    ['DEU=confirm', 'not a country or subdivision code'],
    ['D1=confirm', 'not a country or subdivision code'],
    ['US-TEXAS=block', 'not a country or subdivision code'],
    ['US_TX=block', 'not a country or subdivision code'],
    ['XX-1=block', 'not a region'],
    ['DE=allow', 'not a policy'],
    ['DE=', 'not a policy'],
    ['XX=', 'not a policy'],
    ['DE=confirm,de=verify', 'DE is given twice'],
    ['XX=none,XX=block', 'XX is given twice'],
  ])('refuses %s', (raw, why) => {
    expect(() => parseAgePolicy(raw)).toThrow(why);
    expect(() => parseConfig({ AGE_POLICY: raw })).toThrow(ConfigError);
    expect(() => parseConfig({ AGE_POLICY: raw })).toThrow(/^Invalid AGE_POLICY=/);
  });

  it("keeps today's gate without it: the gated countries confirm, the rest none", () => {
    const c = parseConfig({});
    expect(Object.keys(c.agePolicy.regions)).toEqual(DEFAULT_AGE_GATE_COUNTRIES);
    expect(new Set(Object.values(c.agePolicy.regions))).toEqual(new Set(['confirm']));
    expect(c.agePolicy.unknown).toBe('none');
    expect(c.ageGateCountries).toEqual(DEFAULT_AGE_GATE_COUNTRIES);
    expect(parseConfig({ AGE_GATE_COUNTRIES: 'at,ch' }).agePolicy).toEqual({ regions: { AT: 'confirm', CH: 'confirm' }, unknown: 'none' });
    expect(c.ageProvider).toBe('');
  });

  it('gates from the country cookie every country with a policy, not a subdivision alone', () => {
    const c = parseConfig({ AGE_POLICY: 'DE=confirm,FR=verify,US-TX=block,IT=none', AGE_PROVIDER: 'test', AGE_PROVIDER_TEST: '1', AGE_PASS_SECRET: SECRET });
    expect(c.ageGateCountries).toEqual(['DE', 'FR']);
  });

  it('refuses AGE_POLICY beside AGE_GATE_COUNTRIES', () => {
    expect(() => parseConfig({ AGE_POLICY: 'DE=confirm', AGE_GATE_COUNTRIES: 'DE' })).toThrow(/replaces AGE_GATE_COUNTRIES/);
  });

  it('needs a provider and a pass secret for a verify region', () => {
    expect(() => parseConfig({ AGE_POLICY: 'GB=verify' })).toThrow(/^Invalid AGE_PROVIDER="".*required while AGE_POLICY has a verify region/);
    expect(() => parseConfig({ AGE_POLICY: 'XX=verify' })).toThrow(/AGE_PROVIDER/);
    expect(() => parseConfig({ AGE_POLICY: 'GB=verify', AGE_PROVIDER: 'test', AGE_PROVIDER_TEST: '1' })).toThrow(/^Invalid AGE_PASS_SECRET=""/);
    expect(() => parseConfig({ AGE_POLICY: 'GB=verify', AGE_PROVIDER: 'test', AGE_PROVIDER_TEST: '1', AGE_PASS_SECRET: 'short' })).toThrow(/AGE_PASS_SECRET/);
    expect(() => parseConfig({ AGE_POLICY: 'GB=verify', AGE_PROVIDER: 'nope', AGE_PASS_SECRET: SECRET })).toThrow(/^Invalid AGE_PROVIDER="nope": AGE_PROVIDER accepts one of test/);
    const c = parseConfig({ AGE_POLICY: 'GB=verify', AGE_PROVIDER: 'test', AGE_PROVIDER_TEST: '1', AGE_PASS_SECRET: SECRET, AGE_PASS_DAYS: '7' });
    expect(c.ageProvider).toBe('test');
    expect(c.agePassMaxAgeS).toBe(7 * 86_400);
    // block and confirm need no provider.
    expect(parseConfig({ AGE_POLICY: 'US-TX=block,DE=confirm' }).ageProvider).toBe('');
  });

  it('refuses the test provider without AGE_PROVIDER_TEST=1', () => {
    expect(() => parseConfig({ AGE_POLICY: 'GB=verify', AGE_PROVIDER: 'test', AGE_PASS_SECRET: SECRET })).toThrow(/needs AGE_PROVIDER_TEST=1/);
    expect(() => parseConfig({ AGE_PROVIDER: 'test', AGE_PROVIDER_TEST: '0', AGE_PASS_SECRET: SECRET })).toThrow(/needs AGE_PROVIDER_TEST=1/);
  });

  it('checks the region settings', () => {
    expect(parseConfig({ AGE_REGION_HEADER: 'Fastly-Geo-Region' }).ageRegionHeader).toBe('fastly-geo-region');
    expect(() => parseConfig({ AGE_REGION_HEADER: 'bad header' })).toThrow(/^Invalid AGE_REGION_HEADER=/);
    expect(() => parseConfig({ AGE_PASS_DAYS: '0' })).toThrow(/^Invalid AGE_PASS_DAYS=/);
  });
});
