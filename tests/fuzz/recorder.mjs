/**
 * A recording upstream for the site in upstream mode (API_ORIGIN): it keeps every request line it
 * receives and answers with real KVS JSON by passing the request on to a site running on the
 * embedded catalogue (the site's own API is KVS-compatible).
 */
import http from 'node:http';

/**
 * @typedef {{ method: string | undefined; url: string; body: string }} UpstreamRecord one request as the upstream received it
 * @typedef {object} Recorder
 * @property {string} origin the recorder's base URL, for API_ORIGIN
 * @property {UpstreamRecord[]} records
 * @property {(mark: number) => UpstreamRecord[]} since
 * @property {() => Promise<void>} stop
 */

/**
 * @param {string} answerBaseUrl the site on the embedded catalogue that answers in the upstream's place
 * @returns {Promise<Recorder>}
 */
export function startRecorder(answerBaseUrl) {
  /** @type {UpstreamRecord[]} */
  const records = [];
  const target = new URL(answerBaseUrl);
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      records.push({ method: req.method, url: req.url ?? '', body });
      /** @type {import('node:http').OutgoingHttpHeaders} */
      const headers = { accept: 'application/json' };
      if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
      if (body) headers['content-length'] = Buffer.byteLength(body);
      const out = http.request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
        answer.pipe(res);
      });
      out.on('error', () => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"error":1,"code":"recorder_unreachable"}');
      });
      if (body) out.write(body);
      out.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        origin: `http://127.0.0.1:${port}`,
        records,
        /** The records received since `mark` (an index from `records.length`). */
        since: (mark) => records.slice(mark),
        stop: () => new Promise(/** @param {(value?: void) => void} r */ (r) => server.close(() => r())),
      });
    });
  });
}
