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

export const COUNTRY_COOKIE = 'tf_country';

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

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d{1,3}(\.\d{1,3}){3})?$/i;

/** A plain IPv4 or IPv6 address from a header value ('::ffff:1.2.3.4' and '[::1]:80' forms too), or null. */
export function cleanAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  let v = value.trim();
  if (v.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed?.[1]) v = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':')); // IPv4 with a port
  v = v.replace(/%.*$/, ''); // zone index
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v);
  if (mapped?.[1]) v = mapped[1];
  if (IPV4.test(v)) return v;
  if (v.includes(':') && IPV6.test(v) && (v.match(/::/g)?.length ?? 0) <= 1) return v.toLowerCase();
  return null;
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

/**
 * The client address: the first x-forwarded-for entry (`next start` fills that header from
 * the socket when no proxy in front set it), else x-real-ip.
 */
export function clientAddress(headers: Headers): string | null {
  const forwarded = headers.get('x-forwarded-for');
  const first = forwarded?.split(',')[0];
  return cleanAddress(first) ?? cleanAddress(headers.get('x-real-ip'));
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
  return lookupCountry(clientAddress(headers));
}
