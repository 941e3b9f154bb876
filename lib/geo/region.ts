/**
 * The visitor's region for the age policy: the country (lib/geo/country.ts) and, where it can be
 * told, the subdivision (ISO 3166-2, a US state). The shipped GeoIP data is by country only; a
 * subdivision comes from a CDN's visitor-location header, believed from a proxy TRUST_PROXY
 * trusts only (as the country header is), or from a city-level mmdb the operator supplies
 * (AGE_REGION_MMDB, MaxMind's GeoIP2/GeoLite2 City layout).
 */
import type { NextRequest } from 'next/server';
import { getConfig, type Config } from '@/lib/config';
import { openCityDb } from '@/lib/config/city-mmdb';
import { policyFor, type AgePolicyKind } from '@/lib/age/policy.mjs';
import { clientAddress, fromTrustedProxy } from '@/lib/net/client-address';
import { detectCountry } from './country';

/**
 * The CDNs' subdivision headers: Cloudflare's `cf-region-code` (a visitor-location Managed
 * Transform), CloudFront's `CloudFront-Viewer-Country-Region` (an origin request policy). Fastly
 * has no header of its own: the operator sets one from `client.geo.region` and names it in
 * AGE_REGION_HEADER, which is then the only one believed.
 */
export const CDN_REGION_HEADERS = ['cf-region-code', 'cloudfront-viewer-country-region'] as const;

export interface Region {
  /** Two upper-case letters, or null when unknown. */
  country: string | null;
  /** The subdivision's code after the dash (TX for US-TX), or null. */
  subdivision: string | null;
}

/** 'tx' -> 'TX', 'US-TX' -> 'TX' (for `country` US); null for anything else. */
export function normalizeSubdivision(value: unknown, country: string): string | null {
  if (typeof value !== 'string') return null;
  let v = value.trim().toUpperCase();
  if (v.startsWith(`${country}-`)) v = v.slice(country.length + 1);
  return /^[A-Z0-9]{1,3}$/.test(v) ? v : null;
}

type CityRecord = { country?: { iso_code?: unknown }; subdivisions?: { iso_code?: unknown }[] };

/** The subdivision of an address in the operator's city mmdb, when it is in `country`. */
function lookupSubdivision(path: string, address: string | null, country: string): string | null {
  if (!path || !address) return null;
  const opened = openCityDb(path);
  if (!('reader' in opened)) return null;
  try {
    const record = opened.reader.get(address) as CityRecord | null;
    if (String(record?.country?.iso_code ?? '').toUpperCase() !== country) return null;
    return normalizeSubdivision(record?.subdivisions?.[0]?.iso_code, country);
  } catch {
    return null;
  }
}

type RegionConfig = Pick<Config, 'trustProxy' | 'ageRegionHeader' | 'ageRegionMmdb'>;

export function detectRegion(request: Pick<NextRequest, 'headers'>, c: RegionConfig = getConfig()): Region {
  const country = detectCountry(request);
  if (!country) return { country: null, subdivision: null };
  const { headers } = request;
  if (fromTrustedProxy(headers, c.trustProxy)) {
    const names = c.ageRegionHeader ? [c.ageRegionHeader] : CDN_REGION_HEADERS;
    for (const name of names) {
      const sub = normalizeSubdivision(headers.get(name), country);
      if (sub) return { country, subdivision: sub };
    }
  }
  return { country, subdivision: lookupSubdivision(c.ageRegionMmdb, clientAddress(headers, c.trustProxy), country) };
}

/** The visitor's policy (AGE_POLICY for their region). */
export function visitorPolicy(request: Pick<NextRequest, 'headers'>, c: Config = getConfig()): AgePolicyKind {
  const { country, subdivision } = detectRegion(request, c);
  return policyFor(c.agePolicy, country, subdivision);
}
