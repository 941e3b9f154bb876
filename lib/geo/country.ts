/**
 * The visitor's country, for the age gate. proxy.ts calls detectCountry() and passes the
 * answer to the browser in the COUNTRY_COOKIE cookie; pages never read it (they stay cacheable).
 *
 * Order: a trusted CDN header, else an offline GeoIP lookup of the client address in the
 * public-domain mmdb of @ip-location-db/geo-whois-asn-country-mmdb, read with maxmind.
 * Everything is validated to two letters A-Z; anything else (XX, T1, garbage) means unknown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { cleanAddress, clientAddress, type TrustProxy } from '@/lib/net/client-address';

export { cleanAddress };

export { COUNTRY_COOKIE } from '@/lib/cookies';

/** Headers set by CDNs in front of the site; a client cannot forge them when the CDN is the only way in. */
export const CDN_COUNTRY_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'] as const;

export const GEOIP_DATABASE = join(
  'node_modules',
  '@ip-location-db',
  'geo-whois-asn-country-mmdb',
  'geo-whois-asn-country.mmdb',
);

/** 'de' -> 'DE'; null for anything but two letters (Cloudflare's XX and T1 included). */
export function normalizeCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(v) && v !== 'XX' ? v : null;
}

/** The records of this database are { country_code }, not MaxMind's own shape. */
type CountryRecord = { country_code?: unknown };
let reader: Reader<Response> | null | undefined;

/** Opened once, on first use; a missing or broken file leaves the lookup off (null) for the process. */
function getReader(): Reader<Response> | null {
  if (reader !== undefined) return reader;
  try {
    reader = new Reader<Response>(readFileSync(join(process.cwd(), GEOIP_DATABASE)));
  } catch {
    reader = null;
  }
  return reader;
}

/** For tests: forget the opened database (undefined) or replace it (null = unavailable). */
export function resetGeoReader(value?: null): void {
  reader = value;
}

/** The country of an address in the offline database, or null (private, unknown, invalid, no database). */
export function lookupCountry(address: string | null | undefined): string | null {
  const ip = cleanAddress(address);
  if (!ip) return null;
  const db = getReader();
  if (!db) return null;
  try {
    const record = db.get(ip) as CountryRecord | null;
    return normalizeCountry(record?.country_code);
  } catch {
    return null;
  }
}


/** The visitor's address as TRUST_PROXY allows it to be told (lib/net/client-address.ts). */
function trustProxy(): TrustProxy {
  try {
    return getConfig().trustProxy;
  } catch {
    return { kind: 'none' };
  }
}

function extraHeader(): string {
  try {
    return getConfig().countryHeader;
  } catch {
    return '';
  }
}

/** The visitor's country (two upper-case letters) or null when it cannot be told. */
export function detectCountry(request: Pick<NextRequest, 'headers'>): string | null {
  const { headers } = request;
  const names = [...CDN_COUNTRY_HEADERS, extraHeader()].filter(Boolean);
  for (const name of names) {
    const country = normalizeCountry(headers.get(name));
    if (country) return country;
  }
  return lookupCountry(clientAddress(headers, trustProxy()));
}
