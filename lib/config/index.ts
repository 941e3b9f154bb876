/**
 * Configuration, read once from the environment and validated. A wrong value stops
 * start-up with one line that names the variable and what it accepts (see instrumentation.ts).
 * Every variable is documented in docs/configuration.md.
 */

export interface Config {
  /** '' for the embedded catalogue, else the origin of a KVS-compatible API. */
  apiOrigin: string;
  apiTimeoutMs: number;
  /** Absolute origin of this site, for canonical links, JSON-LD and the sitemap. */
  siteUrl: string;
  siteName: string;
  databasePath: string;
  seedVideos: number;
  /** ISO 3166-1 alpha-2 codes, upper case. */
  ageGateCountries: string[];
  /** The age policy per region (AGE_POLICY; without it, AGE_GATE_COUNTRIES confirm): lib/age/policy.mjs. */
  agePolicy: AgePolicy;
  /** AGE_PROVIDER: the id of the provider a `verify` region is sent to (lib/age/providers); '' for none. */
  ageProvider: string;
  /** What that provider's entry read from the environment (its own settings). */
  ageProviderOptions: unknown;
  /** Signs the age pass (HMAC); required as soon as a region is `verify`. */
  agePassSecret: string;
  /** The longest a pass lasts, in seconds (the provider's proof may end it sooner). */
  agePassMaxAgeS: number;
  /** The one header believed to carry the visitor's subdivision (from a trusted proxy only), lower case; '' for the CDNs' usual ones. */
  ageRegionHeader: string;
  /** A city-level mmdb (MaxMind GeoIP2/GeoLite2 City layout) for subdivisions; '' for none. */
  ageRegionMmdb: string;
  /** The one header believed to carry the visitor's country (from a trusted proxy only), lower case; '' for the CDNs' usual ones. */
  countryHeader: string;
  webmastersUrl: string;
  workWithUsUrl: string;
  adBannerHtml: string;
  adNativeHtml: string;
  analyticsGaId: string;
  analyticsYmId: string;
  /** Analytics load and report only once the visitor accepted the cookie notice (ePrivacy); off by default, as the spec has it. */
  analyticsAfterConsent: boolean;
  /** Size of the in-memory page cache (ISR and upstream data), in MiB. */
  pageCacheMb: number;
  /** Bytes of upstream answers (as fetched) kept in memory for their lifetime and as stale-if-error, in MiB. */
  upstreamCacheMb: number;
  /**
   * Bound of each server's store of finished answers, in MiB (0: off). server.mjs builds the store
   * before Next runs (lib/server/answer-store.mjs reads it there); this is the check that stops
   * start-up on a wrong value, as for every other setting.
   */
  answerStoreMb: number;
  /**
   * Secret of the keyed, daily-rotating hash a catalogue stores votes under (voter-key.ts in
   * lib/catalog/sqlite and lib/catalog/postgres);
   * '' means the catalogue keeps a random one of its own (meta table).
   */
  voteSalt: string;
  /** Which proxies in front may tell the visitor's address (lib/net/client-address.ts). */
  trustProxy: TrustProxy;
  /** Statistics posts (views, votes) one visitor may send a minute before answers are 429. */
  inputRatePerMinute: number;
  /** Hosts (and their subdomains) an imported video's player iframe may come from, lower case. */
  embedHosts: string[];
  /** Hosts (lower case) of thumbnails and previews besides this origin and the upstream's: the CSP's img-src and media-src. */
  imgHosts: string[];
  /** Bytes and seconds an import reads of a feed URL at most (lib/import/open-input.ts). */
  importUrlMaxBytes: number;
  importUrlTimeoutMs: number;
  /** Whether a feed URL may lead to a loopback, private or reserved address (lib/import/private-address.ts). */
  importAllowPrivate: boolean;
  /** Origins of the running site's servers that catalogue tools tell about a change (import, takedown). */
  revalidateUrls: string[];
  /** Shared secret of the internal revalidation endpoint; '' means the catalogue keeps one (meta table). */
  revalidateSecret: string;
  /** Origins of the nginx edges (deploy/nginx) that catalogue tools empty after a change; none by default. */
  edgePurgeUrls: string[];
  /** Sent with every purge of those edges (X-Tubefront-Purge); the shipped edge refuses a purge without it. */
  edgePurgeSecret: string;
  /** Shared with the nginx edge: its requests may leave the security headers to it (lib/server/edge-headers.mjs). */
  edgeSecret: string;
  /** redis:// or rediss:// URL of the page cache shared by several servers; '' for the in-memory cache only. */
  redisUrl: string;
  /**
   * postgres:// or postgresql:// URL of a PostgreSQL catalogue (lib/catalog/postgres); '' for the
   * SQLite file at databasePath. API_ORIGIN wins when both are set (DATABASE_URL is then only
   * validated).
   */
  databaseUrl: string;
}

import { parseTrustProxy, type TrustProxy } from '../net/client-address';
import { sourceKind, type SourceSettings } from './source-kind';
import { AGE_POLICY_ACCEPTS, anyRegion, confirmPolicy, parseAgePolicy, type AgePolicy } from '../age/policy.mjs';
import { AGE_PROVIDERS, providerEntry } from '../age/providers';
import { openCityDb } from './city-mmdb';

export class ConfigError extends Error {
  constructor(variable: string, accepts: string, value: string) {
    super(`Invalid ${variable}=${JSON.stringify(value)}: ${variable} accepts ${accepts}.`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `a whole number from ${min} to ${max}`, raw);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(name, `a whole number from ${min} to ${max}`, raw);
  return n;
}

function origin(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, 'an absolute http:// or https:// origin, such as https://example.com', raw);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ConfigError(name, 'an absolute http:// or https:// origin, such as https://example.com', raw);
  }
  // An origin may carry a path prefix; keep it without the trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const u = new URL(v);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // fall through to the error below
  }
  throw new ConfigError(name, 'an http(s) URL or a path starting with /', raw);
}

function countries(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (raw.trim() === '' || raw.trim().toLowerCase() === 'none') return [];
  const list = raw.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
  for (const c of list) {
    if (!/^[A-Z]{2}$/.test(c)) throw new ConfigError(name, 'a comma-separated list of two-letter country codes, or "none"', raw);
  }
  return [...new Set(list)];
}

function headerName(env: Env, name: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return '';
  const v = raw.trim().toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(v)) throw new ConfigError(name, 'an HTTP header name (letters, digits and dashes)', raw);
  return v;
}

function pattern(env: Env, name: string, re: RegExp, accepts: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return '';
  if (!re.test(raw.trim())) throw new ConfigError(name, accepts, raw);
  return raw.trim();
}

/** Opened here, at start: a wrong file would otherwise leave every visitor without a subdivision, silently. */
function cityMmdb(env: Env, name: string): string {
  const path = str(env, name, '');
  if (!path) return '';
  const db = openCityDb(path);
  if ('problem' in db) throw new ConfigError(name, `the path of a city-level MaxMind DB file, such as GeoLite2-City.mmdb (${db.problem})`, env[name] ?? '');
  return path;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
  if (v === '1' || v === 'true' || v === 'yes') return true;
  throw new ConfigError(name, '1 (on) or 0 (off)', raw ?? '');
}

function trustProxy(env: Env, name: string): TrustProxy {
  try {
    return parseTrustProxy(env[name]);
  } catch (err) {
    throw new ConfigError(name, `"none", ${(err as Error).message}`, env[name] ?? '');
  }
}

/** The big tubes' embed players; a placeholder host of ours can be added by the operator. */
export const DEFAULT_EMBED_HOSTS = ['pornhub.com', 'xvideos.com', 'xhamster.com', 'redtube.com', 'youporn.com', 'xnxx.com', 'spankbang.com'];

/**
 * `subdomains`: the hosts are matched with their subdomains (EMBED_HOSTS), so a leading `www.` is
 * dropped; IMG_HOSTS are the CSP's exact host-sources, where `www.cdn.example` must stay itself.
 */
function hostList(env: Env, name: string, fallback: string[], subdomains = true): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const host = (h: string) => (subdomains ? h.replace(/^www\./, '') : h);
  const list = raw.split(',').map((h) => host(h.trim().toLowerCase())).filter(Boolean);
  for (const h of list) {
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/.test(h)) {
      throw new ConfigError(name, 'a comma-separated list of host names such as example.com,player.example.net', raw);
    }
  }
  return [...new Set(list)];
}

function originList(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (raw.trim().toLowerCase() === 'none') return [];
  return raw.split(',').map((o) => o.trim()).filter(Boolean).map((o) => origin({ [name]: o }, name, ''));
}

function redisUrl(env: Env, name: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return '';
  const accepts = 'a redis:// or rediss:// URL such as redis://127.0.0.1:6379/0';
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, accepts, raw);
  }
  if ((u.protocol !== 'redis:' && u.protocol !== 'rediss:') || !u.hostname || u.search || u.hash || !/^(\/\d{0,2})?$/.test(u.pathname)) {
    throw new ConfigError(name, accepts, raw);
  }
  return raw.trim();
}

/** A PostgreSQL connection URL; its password never appears in the error. */
function databaseUrl(env: Env, name: string): string {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return '';
  const v = raw.trim();
  const accepts = 'a postgres:// or postgresql:// URL such as postgres://user:password@127.0.0.1:5432/tubefront';
  let u: URL | null = null;
  try {
    u = new URL(v);
  } catch {
    // reported below
  }
  const shown = u?.password ? v.replace(`:${u.password}@`, ':***@') : u ? v : v.replace(/:[^:@/]*@/, ':***@');
  if (!u || (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') || u.hash) throw new ConfigError(name, accepts, shown);
  // A unix socket is named by ?host=/path with an empty host part.
  if (!u.hostname && !u.searchParams.get('host')) throw new ConfigError(name, accepts, shown);
  if (!/^\/?[^/]*$/.test(u.pathname)) throw new ConfigError(name, accepts, shown);
  return v;
}

/**
 * UPSTREAM_CACHE_MB's default. The heap cap (scripts/lib/node-memory.mjs) is the page cache plus
 * HEAP_BASE_MB for everything else, and this cache is one of those other stores. Its parsed answers
 * take somewhat more heap than their bytes as fetched (scripts/bench-upstream-cache.ts
 * measures it), so the default is a small share of that base: enough for the listings and videos
 * visitors keep asking for, leaving the rest to the code and the renders under way. A host with a
 * larger heap cap (MAX_HEAP_MB) can raise it.
 */
export const DEFAULT_UPSTREAM_CACHE_MB = 16;

export const DEFAULT_AGE_GATE_COUNTRIES = ['DE', 'FR', 'RU', 'GB', 'IT', 'ES', 'PL', 'US'];

/** Written into nginx.conf between double quotes: no quote, backslash, $ or space. */
const NGINX_SECRET = /^[A-Za-z0-9._~+/=-]{16,256}$/;
const NGINX_SECRET_ACCEPTS = 'a secret of 16 to 256 letters, digits and . _ ~ + / = -';

/** EDGE_PURGE_SECRET: required as soon as there is an edge to purge, which refuses purges without it. */
function edgePurgeSecret(env: Env, edges: string[]): string {
  const secret = pattern(env, 'EDGE_PURGE_SECRET', NGINX_SECRET, NGINX_SECRET_ACCEPTS);
  if (!secret && edges.length > 0) {
    throw new ConfigError('EDGE_PURGE_SECRET', `${NGINX_SECRET_ACCEPTS}, and is required while EDGE_PURGE_URLS names an edge (the shipped edge refuses a purge without it)`, '');
  }
  return secret;
}

/** AGE_POLICY, or today's gate (AGE_GATE_COUNTRIES confirm) without it; not both. */
function agePolicy(env: Env, gateCountries: string[]): AgePolicy {
  const raw = env.AGE_POLICY;
  if (raw === undefined || raw.trim() === '') return confirmPolicy(gateCountries);
  if (env.AGE_GATE_COUNTRIES !== undefined) {
    throw new ConfigError('AGE_POLICY', `${AGE_POLICY_ACCEPTS}, and replaces AGE_GATE_COUNTRIES (unset that one, or write its countries here as =confirm)`, raw);
  }
  try {
    return parseAgePolicy(raw);
  } catch (err) {
    throw new ConfigError('AGE_POLICY', `${AGE_POLICY_ACCEPTS} (${(err as Error).message})`, raw);
  }
}

/** A pass secret signs what lets a visitor see a `verify` region's media: long and random. */
const PASS_SECRET = /^[\x21-\x7e]{32,256}$/;
const PASS_SECRET_ACCEPTS = 'a secret of 32 to 256 printable characters (openssl rand -base64 32)';

/** The provider and the pass: both needed as soon as a region is `verify`, and a named provider must be complete. */
function ageProvider(env: Env, policy: AgePolicy): Pick<Config, 'ageProvider' | 'ageProviderOptions' | 'agePassSecret'> {
  const id = str(env, 'AGE_PROVIDER', '').toLowerCase();
  const verify = anyRegion(policy, 'verify');
  const agePassSecret = pattern(env, 'AGE_PASS_SECRET', PASS_SECRET, PASS_SECRET_ACCEPTS);
  const ids = AGE_PROVIDERS.map((p) => p.id).join(', ');
  if (!id) {
    if (verify) throw new ConfigError('AGE_PROVIDER', `one of ${ids}, and is required while AGE_POLICY has a verify region`, '');
    return { ageProvider: '', ageProviderOptions: null, agePassSecret };
  }
  const entry = providerEntry(id);
  if (!entry) throw new ConfigError('AGE_PROVIDER', `one of ${ids}`, env.AGE_PROVIDER ?? '');
  if (!agePassSecret) throw new ConfigError('AGE_PASS_SECRET', `${PASS_SECRET_ACCEPTS}, and is required while AGE_PROVIDER is set (it signs the age pass)`, '');
  const read = entry.read(env);
  if ('errors' in read) throw new ConfigError('AGE_PROVIDER', `a provider whose settings are complete: ${read.errors.join('; ')}`, env.AGE_PROVIDER ?? '');
  return { ageProvider: id, ageProviderOptions: read.options, agePassSecret };
}

export function parseConfig(env: Env): Config {
  const port = int(env, 'PORT', 3000, 1, 65535);
  const edgePurgeUrls = originList(env, 'EDGE_PURGE_URLS', []);
  const gateCountries = countries(env, 'AGE_GATE_COUNTRIES', DEFAULT_AGE_GATE_COUNTRIES);
  const policy = agePolicy(env, gateCountries);
  return {
    apiOrigin: origin(env, 'API_ORIGIN', ''),
    apiTimeoutMs: int(env, 'API_TIMEOUT_MS', 8000, 100, 120000),
    siteUrl: origin(env, 'SITE_URL', `http://localhost:${port}`),
    siteName: str(env, 'SITE_NAME', 'tubefront').slice(0, 60),
    databasePath: str(env, 'DATABASE_PATH', 'data/catalog.db'),
    seedVideos: int(env, 'SEED_VIDEOS', 5000, 1, 5_000_000),
    // The countries the inline script gates from the country cookie alone (a policy other than none).
    ageGateCountries: Object.entries(policy.regions).filter(([r, k]) => r.length === 2 && k !== 'none').map(([r]) => r),
    agePolicy: policy,
    ...ageProvider(env, policy),
    agePassMaxAgeS: int(env, 'AGE_PASS_DAYS', 30, 1, 400) * 86_400,
    ageRegionHeader: headerName(env, 'AGE_REGION_HEADER'),
    ageRegionMmdb: cityMmdb(env, 'AGE_REGION_MMDB'),
    countryHeader: headerName(env, 'COUNTRY_HEADER'),
    webmastersUrl: url(env, 'WEBMASTERS_URL', '/information/support/'),
    workWithUsUrl: url(env, 'WORK_WITH_US_URL', '/information/support/'),
    adBannerHtml: str(env, 'AD_BANNER_HTML', ''),
    adNativeHtml: str(env, 'AD_NATIVE_HTML', ''),
    analyticsGaId: pattern(env, 'ANALYTICS_GA_ID', /^G-[A-Z0-9]{4,16}$/, 'a Google Analytics 4 measurement ID such as G-ABC123XYZ'),
    analyticsYmId: pattern(env, 'ANALYTICS_YM_ID', /^\d{4,12}$/, 'a Yandex Metrica counter number such as 12345678'),
    analyticsAfterConsent: flag(env, 'ANALYTICS_AFTER_CONSENT'),
    // The page cache fills to its bound under a crawler (its bookkeeping on top), beside the code
    // and the other stores: 64, with the heap cap that follows it (scripts/lib/node-memory.mjs),
    // keeps the server within a 512 MiB container under load (`npm run soak` measures it). A
    // larger host can raise it.
    pageCacheMb: int(env, 'PAGE_CACHE_MB', 64, 16, 65536),
    upstreamCacheMb: int(env, 'UPSTREAM_CACHE_MB', DEFAULT_UPSTREAM_CACHE_MB, 1, 65536),
    answerStoreMb: int(env, 'ANSWER_STORE_MB', 32, 0, 4096),
    voteSalt: str(env, 'VOTE_SALT', ''),
    trustProxy: trustProxy(env, 'TRUST_PROXY'),
    inputRatePerMinute: int(env, 'INPUT_RATE_PER_MINUTE', 60, 1, 100_000),
    embedHosts: hostList(env, 'EMBED_HOSTS', DEFAULT_EMBED_HOSTS),
    imgHosts: hostList(env, 'IMG_HOSTS', [], false),
    // Defaults sized in lib/import/open-input.ts (DEFAULT_URL_LIMITS).
    importUrlMaxBytes: int(env, 'IMPORT_URL_MAX_MB', 8192, 1, 1_048_576) * 1024 * 1024,
    importUrlTimeoutMs: int(env, 'IMPORT_URL_TIMEOUT_S', 3600, 1, 604_800) * 1000,
    importAllowPrivate: flag(env, 'IMPORT_ALLOW_PRIVATE'),
    revalidateUrls: originList(env, 'REVALIDATE_URLS', [`http://127.0.0.1:${port}`]),
    revalidateSecret: pattern(env, 'REVALIDATE_SECRET', /^[\x21-\x7e]{16,256}$/, 'a secret of 16 to 256 printable characters'),
    redisUrl: redisUrl(env, 'REDIS_URL'),
    edgePurgeUrls,
    edgePurgeSecret: edgePurgeSecret(env, edgePurgeUrls),
    edgeSecret: pattern(env, 'EDGE_SECRET', NGINX_SECRET, NGINX_SECRET_ACCEPTS),
    databaseUrl: databaseUrl(env, 'DATABASE_URL'),
  };
}

/** The name under which next.config.ts inlines the build's SITE_URL into the built server code. */
export const BUILD_SITE_URL_VAR = 'TUBEFRONT_BUILD_SITE_URL';
/** The name under which next.config.ts records the build's source (see buildSourceName). */
export const BUILD_API_ORIGIN_VAR = 'TUBEFRONT_BUILD_API_ORIGIN';

/**
 * The source a build's prerendered pages were read from: the API_ORIGIN, the PostgreSQL server and
 * database (never its password), or 'embedded' for the SQLite file. `npm start` rebuilds when the
 * environment names another one: a page prerendered from one catalogue must not stand beside pages
 * rendered from another.
 */
export function buildSourceName(c: SourceSettings): string {
  switch (sourceKind(c)) {
    case 'upstream':
      return c.apiOrigin;
    case 'postgres': {
      const u = new URL(c.databaseUrl);
      return `postgres://${u.host}${u.pathname}`;
    }
    case 'sqlite':
      return 'embedded';
  }
}

/**
 * The SITE_URL the running build was made with, or '' outside a build (scripts, tests). Written
 * as a literal `process.env.X` so that Next inlines it at build time.
 */
export function buildSiteUrl(): string {
  return process.env.TUBEFRONT_BUILD_SITE_URL ?? '';
}

let cached: Config | undefined;

/**
 * The process's configuration; throws ConfigError on the first read of a bad environment.
 * Inside a build, the origin is the build's: prerendered and later pages never disagree.
 */
export function getConfig(): Config {
  if (!cached) {
    const parsed = parseConfig(process.env);
    cached = { ...parsed, siteUrl: buildSiteUrl() || parsed.siteUrl };
  }
  return cached;
}

/** The part of the configuration the browser may see (rendered into the page by the root layout). */
export interface PublicConfig {
  ageGateCountries: string[];
  analyticsGaId: string;
  analyticsYmId: string;
  analyticsAfterConsent: boolean;
}

export function publicConfig(c: Config = getConfig()): PublicConfig {
  return { ageGateCountries: c.ageGateCountries, analyticsGaId: c.analyticsGaId, analyticsYmId: c.analyticsYmId, analyticsAfterConsent: c.analyticsAfterConsent };
}
