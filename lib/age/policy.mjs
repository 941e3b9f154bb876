/**
 * The age policy per region (AGE_POLICY): which of none, confirm, verify or block applies to a
 * visitor of a country (ISO 3166-1 alpha-2) or of a subdivision (ISO 3166-2, such as US-TX), and
 * to a visitor whose region is unknown (XX). Plain ESM: the site's own server (server.mjs) reads it
 * before Next to know whether any region is blocked at all, and lib/config validates it at start.
 *
 * A subdivision overrides its country, a country covers its subdivisions, every other region is
 * `none`. Written as `DE=confirm,FR=verify,GB=verify,US-TX=block,XX=none`.
 */

/** @typedef {'none' | 'confirm' | 'verify' | 'block'} AgePolicyKind */
/**
 * @typedef {object} AgePolicy
 * @property {Readonly<Record<string, AgePolicyKind>>} regions country or subdivision code -> policy (never 'XX')
 * @property {AgePolicyKind} unknown the policy of a visitor whose region cannot be told
 */

/** @type {readonly AgePolicyKind[]} */
export const AGE_POLICY_KINDS = ['none', 'confirm', 'verify', 'block'];

/** The key of the unknown region, as Cloudflare and the country cookie already spell it. */
export const UNKNOWN_REGION = 'XX';

const COUNTRY = /^[A-Z]{2}$/;
/** ISO 3166-2: the country, a dash, one to three letters or digits. */
const SUBDIVISION = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

export const AGE_POLICY_ACCEPTS =
  'a comma-separated list of REGION=POLICY, REGION a country (DE), a subdivision (US-TX) or XX for an unknown region, ' +
  'POLICY one of none, confirm, verify, block; each region once';

/**
 * The policy of today's gate: the listed countries confirm, every other region none.
 * @param {readonly string[]} countries
 * @returns {AgePolicy}
 */
export function confirmPolicy(countries) {
  /** @type {Record<string, AgePolicyKind>} */
  const regions = {};
  for (const c of countries) regions[c] = 'confirm';
  return { regions, unknown: 'none' };
}

/**
 * Parses AGE_POLICY; throws an Error naming the first wrong entry. An empty value means no policy
 * anywhere (every region none).
 * @param {string} raw
 * @returns {AgePolicy}
 */
export function parseAgePolicy(raw) {
  /** @type {Record<string, AgePolicyKind>} */
  const regions = {};
  /** @type {AgePolicyKind} */
  let unknown = 'none';
  let unknownSet = false;
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq < 0) throw new Error(`"${entry}" has no "="`);
    const region = entry.slice(0, eq).trim().toUpperCase();
    const value = entry.slice(eq + 1).trim().toLowerCase();
    const kind = /** @type {AgePolicyKind} */ (value);
    if (!AGE_POLICY_KINDS.includes(kind)) throw new Error(`"${entry}": "${value}" is not a policy`);
    if (region === UNKNOWN_REGION) {
      if (unknownSet) throw new Error(`${UNKNOWN_REGION} is given twice`);
      unknownSet = true;
      unknown = kind;
      continue;
    }
    if (!COUNTRY.test(region) && !SUBDIVISION.test(region)) throw new Error(`"${region}" is not a country or subdivision code`);
    if (region.startsWith(`${UNKNOWN_REGION}-`)) throw new Error(`"${region}" is not a region`);
    if (Object.hasOwn(regions, region)) throw new Error(`${region} is given twice`);
    regions[region] = kind;
  }
  return { regions, unknown };
}

/**
 * The policy for a visitor of `country` (null: unknown) and, where known, `subdivision` (the part
 * after the dash, or the whole ISO 3166-2 code).
 * @param {AgePolicy} policy
 * @param {string | null} country
 * @param {string | null} [subdivision]
 * @returns {AgePolicyKind}
 */
export function policyFor(policy, country, subdivision = null) {
  if (!country) return policy.unknown;
  if (subdivision) {
    const code = subdivision.includes('-') ? subdivision : `${country}-${subdivision}`;
    const sub = policy.regions[code];
    if (sub) return sub;
  }
  return policy.regions[country] ?? 'none';
}

/**
 * Whether any region, the unknown one included, has policy `kind`.
 * @param {AgePolicy} policy
 * @param {AgePolicyKind} kind
 */
export function anyRegion(policy, kind) {
  return policy.unknown === kind || Object.values(policy.regions).includes(kind);
}

/**
 * Whether the browser needs the policy cookie besides the country cookie: the country cookie alone
 * tells the inline script the policy of a country (the build writes AGE_POLICY's countries into
 * it), not that of a subdivision or of an unknown region.
 * @param {AgePolicy} policy
 */
export function needsPolicyCookie(policy) {
  return policy.unknown !== 'none' || Object.keys(policy.regions).some((r) => r.length > 2);
}

/**
 * Regions with a policy other than none, sorted, as `REGION=POLICY` (the public page, the edge).
 * @param {AgePolicy} policy
 * @returns {[string, AgePolicyKind][]}
 */
export function policyEntries(policy) {
  /** @type {[string, AgePolicyKind][]} */
  const out = Object.entries(policy.regions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (policy.unknown !== 'none') out.push([UNKNOWN_REGION, policy.unknown]);
  return out;
}
