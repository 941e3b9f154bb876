/**
 * An answer sent before its request's body was read whole closes the connection.
 *
 * To reuse a keep-alive connection, Node reads and throws away whatever is left of a request's
 * body once the answer is sent: a refusal that never looked at the body (403 from another site,
 * 429, a wrong content type, 413 past the cap) would otherwise still take in a client's whole
 * upload, however long a chunked body runs. Closing instead leaves the rest unread. Requests
 * without a body (every page and API read) are not touched.
 */

/**
 * Whether the request announced a body: chunked, or a Content-Length above zero.
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
export function hasBody(headers) {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Runs on every request in server.mjs before Next's handler.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function closeIfBodyUnread(req, res) {
  if (!hasBody(req.headers)) return;
  const writeHead = res.writeHead;
  res.writeHead = /** @type {typeof res.writeHead} */ (
    function writeHeadClosingUnread(/** @type {unknown[]} */ ...args) {
      if (!req.complete && !res.headersSent) res.setHeader('connection', 'close');
      return /** @type {(...a: unknown[]) => typeof res} */ (writeHead).apply(res, args);
    }
  );
}
