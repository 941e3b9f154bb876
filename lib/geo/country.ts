/**
 * The visitor's country, for the age gate. /api/country/ calls detectCountry() and passes the
 * answer to the browser in the COUNTRY_COOKIE cookie; pages never read it (they stay cacheable).
 *
 * Order: a country header set by a proxy TRUST_PROXY trusts (a CDN's), else an offline GeoIP
 * lookup of the client address (as TRUST_PROXY lets it be told) in the public-domain mmdb of
 * @ip-location-db/geo-whois-asn-country-mmdb, read with maxmind. A country header that did not
 * come through a trusted proxy is the client's own word and is ignored: a visitor in a gated
 * country could otherwise name another and never meet the gate. Everything is validated to two
 * letters A-Z; anything else (XX, T1, garbage) means unknown.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import type { NextRequest } from 'next/server';
import { getConfig } from '@/lib/config';
import { cleanAddress, clientAddress, fromTrustedProxy, type TrustProxy } from '@/lib/net/client-address';

export { cleanAddress };

export { COUNTRY_COOKIE } from '@/lib/web/cookies';

/**
 * Headers set by CDNs in front of the site, believed from a trusted proxy only (COUNTRY_HEADER,
 * when set, names the one header believed instead). The proxy must set or strip them: the
 * shipped edge strips all three, and sets COUNTRY_HEADER's (EDGE_COUNTRY_HEADER).
 */
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

/**
 * Sent by the shipped nginx edge: the name of the country header it sets itself (COUNTRY_HEADER as
 * of its last `npm run edge:headers`), empty when none. The edge blanks the CDNs' three, but it
 * can only set the operator's own header by its name: a header of another name passes through it
 * as the client wrote it.
 */
export const EDGE_COUNTRY_HEADER = 'x-tubefront-edge-country-header';

/**
 * The country headers believed from a trusted proxy: the operator's one, else the CDNs'. Through
 * the shipped edge, the operator's one only when the edge says it sets that header: an edge
 * generated for another COUNTRY_HEADER (or none) lets a client's own value through.
 */
function countryHeaders(headers: Headers): readonly string[] {
  const named = extraHeader();
  if (!named) return CDN_COUNTRY_HEADERS;
  const edgeSets = headers.get(EDGE_COUNTRY_HEADER);
  return edgeSets === null || edgeSets.trim().toLowerCase() === named ? [named] : [];
}

/** The visitor's country (two upper-case letters) or null when it cannot be told. */
export function detectCountry(request: Pick<NextRequest, 'headers'>): string | null {
  const { headers } = request;
  const trust = trustProxy();
  if (fromTrustedProxy(headers, trust)) {
    for (const name of countryHeaders(headers)) {
      const country = normalizeCountry(headers.get(name));
      if (country) return country;
    }
  }
  return lookupCountry(clientAddress(headers, trust));
}
