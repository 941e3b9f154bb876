/**
 * A plain HTTP/1.1 client for the fuzz suite. node:http sends the request target exactly as given
 * (fetch would normalise it: resolve dot segments, re-encode characters), so broken escapes and
 * odd bytes reach the server as a hostile client would send them.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const MAX_BODY = 4 * 1024 * 1024;
/**
 * Next answers a redirect with the URL twice (Location and Refresh), so a 10 kB URL gets 20 kB of
 * response headers, past Node's 16 kB default for a client: read them, to judge the server.
 */
const MAX_HEADERS = 256 * 1024;

/**
 * One request of the fuzz suite (tests/fuzz/families.mjs builds them): `path` is the request target
 * as sent; `kind` says which properties its answer must hold (tests/fuzz/checks.mjs).
 * @typedef {object} FuzzRequest
 * @property {string} [method]
 * @property {string} path
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {'page' | 'api' | 'file'} [kind]
 */

/** @typedef {{ status: number; headers: import('node:http').IncomingHttpHeaders; body: string }} FuzzResponse */

/**
 * Sends one request; resolves { status, headers, body } (body as UTF-8 text, cut at 4 MB). A reset
 * of a reused keep-alive socket (the server closed it while idle) is retried once on a new one.
 * @param {string} baseUrl
 * @param {FuzzRequest} request
 * @param {number} [timeoutMs]
 * @returns {Promise<FuzzResponse>}
 */
export async function send(baseUrl, request, timeoutMs = 60_000) {
  try {
    return await sendOnce(baseUrl, request, timeoutMs, agent);
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'ECONNRESET') throw err;
    return sendOnce(baseUrl, request, timeoutMs, false);
  }
}

/**
 * @param {string} baseUrl
 * @param {FuzzRequest} request
 * @param {number} timeoutMs
 * @param {http.Agent | false} agent
 * @returns {Promise<FuzzResponse>}
 */
function sendOnce(baseUrl, { method = 'GET', path, headers = {}, body }, timeoutMs, agent) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, hostname, port, method, path, maxHeaderSize: MAX_HEADERS, headers: { ...headers, ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        let size = 0;
        res.on('data', (c) => {
          size += c.length;
          if (size <= MAX_BODY) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms: ${method} ${path.slice(0, 200)}`)));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export function closeClient() {
  agent.destroy();
}
