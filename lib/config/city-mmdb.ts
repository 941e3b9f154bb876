/**
 * The operator's city-level mmdb (AGE_REGION_MMDB), opened once per process: the configuration
 * check opens it at start (a wrong file stops start-up) and the region lookup reuses that copy,
 * so a GeoLite2 City file of tens of MiB is read once.
 */
import { readFileSync } from 'node:fs';
import { Reader, type Response } from 'maxmind';

/**
 * A database type with subdivisions: MaxMind's GeoIP2/GeoLite2 City and Enterprise, and the
 * City layouts of other vendors (DB-IP's DBIP-City-Lite). A country or ASN database has none.
 */
const WITH_SUBDIVISIONS = /city|enterprise/i;

export type CityDb = { reader: Reader<Response> } | { problem: string };

let opened: { path: string; db: CityDb } | undefined;

function open(path: string): CityDb {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})` };
  }
  let reader: Reader<Response>;
  try {
    reader = new Reader<Response>(bytes);
  } catch {
    return { problem: 'not a MaxMind DB file' };
  }
  const type = String(reader.metadata.databaseType ?? '');
  if (!WITH_SUBDIVISIONS.test(type)) return { problem: `its database type "${type}" has no subdivisions` };
  return { reader };
}

export function openCityDb(path: string): CityDb {
  if (opened?.path !== path) opened = { path, db: open(path) };
  return opened.db;
}
