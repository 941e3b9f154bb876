/**
 * The properties every answer must hold, whatever the input: no 5xx, no stack trace or internal
 * path, no visitor text placed raw into HTML, the 404 page for pages, a JSON error for the API, and
 * for a path with a broken percent-escape exactly the 404 page (400 JSON error under /api/).
 */
import { REFLECTION_NEEDLES } from './inputs.mjs';

const STACK = /\n\s+at [^\n]*:\d+:\d+\)?/;
const INTERNAL = /\/work\/|node_modules\/|\.next\/server|webpack-internal:|turbopack:\/\/|Internal Server Error|SqliteError|SQLITE_[A-Z]|at Object\.<anonymous>/;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The not-found page as server-rendered HTML, and its text anywhere (also in Next's flight payload). */
const NOT_FOUND_HTML = '>Page not found</h1>';
const NOT_FOUND_TEXT = 'Go to main page';
/** Node's own limits on the request line and headers (414/431) answer before the site does. */
const TOO_LONG = new Set([414, 431]);

/**
 * The path as the server routes it: dot segments resolved, as every URL parser does; null if it cannot be parsed.
 * @param {string} path
 */
function resolvedPath(path) {
  try {
    return new URL(path.split('?')[0] ?? '', 'http://site').pathname;
  } catch {
    return null;
  }
}

/**
 * Whether the path, once its dot segments are resolved, holds a broken escape.
 * @param {string} path
 */
function malformed(path) {
  const pathname = resolvedPath(path);
  if (pathname === null) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * @param {string} body
 * @returns {{ error: 1; code: string } | null}
 */
function jsonError(body) {
  try {
    const v = JSON.parse(body);
    return v && v.error === 1 && typeof v.code === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * @param {import('./http.mjs').FuzzRequest} request
 * @param {string} text
 */
function echoes(request, text) {
  // A redirect to the path with its trailing slash added echoes the path too.
  const sent = `${request.path} ${request.path.split('?')[0]}/ ${request.body ?? ''}`;
  let decoded = sent;
  try {
    decoded = decodeURIComponent(sent);
  } catch {
    // keep it raw
  }
  return sent.includes(text) || decoded.includes(text);
}

/**
 * null when the answer holds every property, else a description of the first that fails.
 * @param {import('./http.mjs').FuzzRequest} request
 * @param {import('./http.mjs').FuzzResponse} res
 * @returns {string | null}
 */
export function checkAnswer(request, res) {
  const type = String(res.headers['content-type'] ?? '');
  if (res.status >= 500) return `status ${res.status}`;
  if (STACK.test(res.body)) return 'a stack trace in the body';
  const internal = INTERNAL.exec(res.body);
  // The 404 page carries the requested path in Next's payload: an echo of the input is not a leak.
  if (internal && !echoes(request, internal[0])) return `an internal detail in the body: ${internal[0]}`;
  if (type.includes('html')) {
    const needle = REFLECTION_NEEDLES.find((n) => res.body.includes(n));
    if (needle) return `input reflected unescaped in HTML: ${needle}`;
  }
  // '/api/../x' is not an API path: the server resolves the dot segments before routing.
  const api = resolvedPath(request.path)?.startsWith('/api/') ?? request.path.startsWith('/api/');
  if (api && res.status >= 400 && res.status < 500 && type.includes('json') && !jsonError(res.body)) {
    return `a JSON ${res.status} without {error:1, code}`;
  }
  if (api && res.status === 400 && !type.includes('json')) return 'a 400 under /api/ that is not JSON';
  if (request.kind === 'page' && res.status === 404 && request.method === 'GET' && !res.body.includes(NOT_FOUND_TEXT)) {
    return 'a 404 page without the not-found content';
  }
  if (malformed(request.path) && !REDIRECTS.has(res.status) && !TOO_LONG.has(res.status) && request.method === 'GET') {
    if (api) {
      const err = jsonError(res.body);
      if (res.status !== 400 || !err || err.code !== 'bad_request') return `a broken escape under /api/ answered ${res.status}, not the 400 JSON error`;
    } else if (res.status !== 404 || !res.body.includes(NOT_FOUND_HTML)) {
      return `a broken escape answered ${res.status}, not the 404 page`;
    }
  }
  return null;
}
