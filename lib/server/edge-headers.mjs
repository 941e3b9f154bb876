/**
 * The security headers, left to the shipped nginx edge (deploy/nginx/nginx.conf) when the edge
 * proves it is the edge.
 *
 * Every answer carries long security headers (lib/web/security-headers.ts: the CSP and the
 * Permissions-Policy are most of it). nginx stores an answer with its headers and parses them
 * again on every cache hit: with them, a cached listing cost the edge a large part of what
 * separated a hit from a static file (`npm run bench:edge -- --without-secret` measures the edge
 * with them stored). So the edge adds those headers itself, as constant strings generated from
 * lib/web/security-headers.ts (`npm run edge:headers`), and hides whatever the site sent under those
 * names: a visitor gets the same headers either way.
 *
 * The site leaves them out only for a request whose `X-Tubefront-Edge` header equals EDGE_SECRET
 * (compared in constant time). Without the secret a client could ask the site directly for pages
 * without their policy, and a shared cache in front that ignores the header (most CDNs key on
 * the URL alone) would hand such a page to everyone. With EDGE_SECRET unset, or a request without
 * the right value, nothing changes. The header is removed from every request before the app sees
 * it, so the secret never reaches application code or its logs.
 *
 * ...and only when the edge's copy is this very answer's headers: the edge sends, with each
 * request, the digest of the copy it holds for that route (`X-Tubefront-Edge-Policy`, written by
 * `npm run edge:headers` beside the copy), and the site compares it with the digest of what it is
 * about to send. The copy is generated from the configuration at the time it was run: after
 * EMBED_HOSTS, IMG_HOSTS, API_ORIGIN or an analytics ID changed for the site alone, the edge
 * served its old policy, too wide or breaking the player. Now the site then sends its own
 * headers, and the edge adds its copy only to an answer that has none (nginx.conf's maps), so a
 * visitor always gets the policy of the site's configuration, and the cache stores pages without
 * it whenever the two agree.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('node:http').OutgoingHttpHeader} OutgoingHttpHeader */
/** writeHead's headers argument: an object, or a flat [name, value, ...] array. */
/** @typedef {import('node:http').OutgoingHttpHeaders | OutgoingHttpHeader[]} WriteHeadHeaders */
/**
 * ServerResponse#writeHead as one signature (its declaration is two overloads, and `.call` on
 * an overloaded method only sees the last).
 * @typedef {(this: ServerResponse, status: number, reason?: string | WriteHeadHeaders, headers?: WriteHeadHeaders) => ServerResponse} WriteHead
 */

/**
 * The request header that carries EDGE_SECRET from the shipped nginx edge. Typed `string`, not
 * its literal: importers build header objects with it as a computed key.
 * @type {string}
 */

export const EDGE_HEADER = 'x-tubefront-edge';

/**
 * The request header that carries the digest of the edge's copy of the headers for the route
 * asked (policyDigest).
 * @type {string}
 */
export const EDGE_POLICY_HEADER = 'x-tubefront-edge-policy';

/** The headers the edge sets itself (every name lib/web/security-headers.ts uses). */
export const EDGE_OWNED_HEADERS = ['content-security-policy', 'permissions-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'];

/** @param {string} s */
const digest = (s) => createHash('sha256').update(s).digest();

/**
 * Whether `sent` (a request header's value) is `secret`; constant time in the value's content.
 * Never for an empty secret.
 * @param {string | undefined} sent
 * @param {string | undefined} secret
 * @returns {boolean}
 */
export function edgeSecretMatches(sent, secret) {
  if (!secret || typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(sent), digest(secret));
}

/** Digests already computed: an answer's headers take a handful of values, one set per route. */
const digests = new Map();

/**
 * The digest of a set of security headers (name and value pairs; names of EDGE_OWNED_HEADERS, in
 * any case): the same for the edge's generated copy (lib/web/security-headers.ts) and for the
 * headers of an answer. Neither side is secret; it only tells whether the two are equal.
 * @param {Iterable<readonly [string, string]>} headers
 * @returns {string}
 */
export function policyDigest(headers) {
  /** @type {Map<string, string>} */
  const byName = new Map();
  for (const [name, value] of headers) byName.set(name.toLowerCase(), value);
  const text = EDGE_OWNED_HEADERS.filter((name) => byName.has(name)).map((name) => `${name}: ${byName.get(name)}`).join('\n');
  let digest = digests.get(text);
  if (digest === undefined) {
    digest = createHash('sha256').update(text).digest('base64url').slice(0, 32);
    if (digests.size >= 64) digests.clear();
    digests.set(text, digest);
  }
  return digest;
}

/**
 * The security headers an answer is about to carry: set on the response, or given to writeHead
 * (which wins, as Node merges them).
 * @param {ServerResponse} res
 * @param {WriteHeadHeaders | undefined} headers
 * @returns {[string, string][]}
 */
function ownedOf(res, headers) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const name of EDGE_OWNED_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) found.set(name, String(value));
  }
  const given = Array.isArray(headers) ? headers : headers && typeof headers === 'object' ? Object.entries(headers).flat() : [];
  for (let i = 0; i + 1 < given.length; i += 2) {
    const name = String(given[i]).toLowerCase();
    if (EDGE_OWNED_HEADERS.includes(name)) found.set(name, String(given[i + 1]));
  }
  return [...found];
}

/**
 * writeHead's optional headers argument (an object, or a flat [name, value, ...] array) without the edge's names.
 * @param {WriteHeadHeaders | undefined} headers
 * @returns {WriteHeadHeaders | undefined}
 */
function withoutOwned(headers) {
  if (Array.isArray(headers)) {
    /** @type {OutgoingHttpHeader[]} */
    const kept = [];
    for (let i = 0; i + 1 < headers.length; i += 2) {
      // Both indices are below the length (the loop's condition).
      const name = /** @type {OutgoingHttpHeader} */ (headers[i]);
      const value = /** @type {OutgoingHttpHeader} */ (headers[i + 1]);
      if (!EDGE_OWNED_HEADERS.includes(String(name).toLowerCase())) kept.push(name, value);
    }
    return kept;
  }
  if (headers && typeof headers === 'object') {
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !EDGE_OWNED_HEADERS.includes(name.toLowerCase())));
  }
  return headers;
}

/**
 * The filter server.mjs runs on every request before anything else sees it. `secret` is
 * EDGE_SECRET (empty: the site always sends its headers).
 * @param {string | undefined} secret
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function createEdgeHeaders(secret) {
  return function edgeHeaders(req, res) {
    const sent = req.headers[EDGE_HEADER];
    const policy = req.headers[EDGE_POLICY_HEADER];
    delete req.headers[EDGE_POLICY_HEADER];
    if (sent === undefined) return;
    delete req.headers[EDGE_HEADER];
    if (!edgeSecretMatches(Array.isArray(sent) ? sent[0] : sent, secret)) return;
    const edgeCopy = Array.isArray(policy) ? policy[0] : policy;
    const writeHead = /** @type {WriteHead} */ (res.writeHead);
    // Every answer passes here: Node's implicit headers (a bare end()) call writeHead too.
    /** @type {WriteHead} */
    const writeHeadForEdge = function (status, reason, headers) {
      const given = typeof reason === 'string' ? headers : reason;
      // An edge whose copy is not this answer's passes the site's own on (and adds none).
      if (!edgeCopy || policyDigest(ownedOf(res, given)) !== edgeCopy) return writeHead.call(res, status, reason, headers);
      for (const name of EDGE_OWNED_HEADERS) res.removeHeader(name);
      if (typeof reason === 'string') return writeHead.call(res, status, reason, withoutOwned(headers));
      return writeHead.call(res, status, withoutOwned(reason));
    };
    res.writeHead = /** @type {ServerResponse['writeHead']} */ (writeHeadForEdge);
  };
}
