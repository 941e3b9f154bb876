/**
 * A bare HTTP/1.1 client for the edge suite and bench: exact request headers (no implicit
 * Accept-Encoding, no decompression), a chosen local source address (127.0.0.2, 127.0.0.3... are
 * different visitors to a server on loopback), one connection per request.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * `request(url, { method, headers, body, localAddress })` resolves to { status, headers, rawHeaders, raw,
 * text }: rawHeaders as received (name, value, name, value...), raw the body as sent, text the body decoded (gunzipped when the answer says gzip).
 * @param {string} url
 * @param {{ method?: string; headers?: import('node:http').OutgoingHttpHeaders; body?: string | Buffer; localAddress?: string; timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number; headers: import('node:http').IncomingHttpHeaders; rawHeaders: string[]; raw: Buffer; text: string }>}
 */
export function request(url, { method = 'GET', headers = {}, body, localAddress, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, localAddress, agent: false, timeout: timeoutMs },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let text;
          try {
            text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          } catch (e) {
            reject(new Error(`${method} ${url}: the body does not gunzip (${/** @type {Error} */ (e).message})`));
            return;
          }
          // An answer from a server always has a status (Node types it optional for its server side).
          resolve({ status: /** @type {number} */ (res.statusCode), headers: res.headers, rawHeaders: res.rawHeaders, raw, text });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
