/**
 * Only the endpoints that take a body ever read one.
 *
 * Next reads a request's body before it answers wherever its proxy (proxy.ts) runs: the proxy
 * hands the route a copy of the body, so it waits for the body's end (getCloneableBody in
 * next/dist/server/body-streams.js), and a redirect, a rewrite or a 404 is sent only then. A
 * chunked POST to /videos/ that never ends kept the server reading, and answering nothing, for as
 * long as the client liked (30 MB read before /videos/ gave its 308). So every request with a
 * body is answered here, before Next sees it, unless it is a POST to one of BODY_ENDPOINTS
 * within its cap: 405 for a method the path does not take, 413 for a body where none is taken
 * or one declared over the endpoint's cap. The answer closes the connection, so the rest of the
 * body is never read (Node stops reading a socket it was told to close once the answer is out).
 * The endpoints themselves cap a body while it streams (lib/kvs/request-body.ts).
 */
import { hasBody } from './unread-body.mjs';

/**
 * The paths that take a body, exactly as their clients send them, and the most each reads: the
 * statistics of /api/input.php (app/api/input.php/route.ts), the catalogue tools' notice
 * (app/api/internal/catalog-changed/route.ts), and the age check's two form posts: a provider's
 * answer (app/age/return/route.ts: a wallet's presentation with its certificates fits well within)
 * and the test provider's form (app/age/test-provider/route.ts). Their caps are the routes' own
 * (AGE_BODY_CAPS for the age check's); a request that declares more is refused here, before Next
 * starts on it.
 * @type {ReadonlyMap<string, number>}
 */
export const BODY_ENDPOINTS = new Map([
  ['/api/input.php', 2048],
  ['/api/internal/catalog-changed/', 256 * 1024],
  ['/age/return/', 256 * 1024],
  ['/age/test-provider/', 8 * 1024],
]);

/** Methods that never carry a body here. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * What to answer a request with a body: null when it may go on to Next.
 * @param {string | undefined} method
 * @param {string | undefined} url the request target as sent (path and query)
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {{ status: 405 | 413; allow: string; code: string; message: string } | null}
 */
export function bodyRefusal(method, url, headers) {
  if (!hasBody(headers)) return null;
  const pathname = (url ?? '').split('?', 1)[0] ?? '';
  const cap = BODY_ENDPOINTS.get(pathname);
  const allow = cap === undefined ? 'GET, HEAD' : 'POST';
  if (cap !== undefined && method === 'POST') {
    const declared = Number(headers['content-length']);
    if (!(declared > cap)) return null;
    return { status: 413, allow, code: 'payload_too_large', message: `the body must be at most ${cap} bytes` };
  }
  if (cap === undefined && READ_METHODS.has(method ?? '')) {
    return { status: 413, allow, code: 'payload_too_large', message: 'this path takes no request body' };
  }
  return { status: 405, allow, code: 'method_not_allowed', message: `this path takes ${allow} only` };
}

/**
 * Answers a request that must not be read (bodyRefusal) at once, with the API's JSON error and
 * `Connection: close`; returns whether it did. Runs in server.mjs before anything reads the request.
 * No security header: the site's come all together from Next or not at all, and the nginx edge
 * adds all of its copy to an answer without them (deploy/nginx/nginx.conf), a fixed JSON text
 * included.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {boolean}
 */
export function refuseUnwantedBody(req, res) {
  const refusal = bodyRefusal(req.method, req.url, req.headers);
  if (!refusal) return false;
  const body = JSON.stringify({ error: 1, code: refusal.code, message: refusal.message });
  res.writeHead(refusal.status, {
    allow: refusal.allow,
    connection: 'close',
    'cache-control': 'no-store',
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
