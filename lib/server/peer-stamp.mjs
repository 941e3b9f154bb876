/**
 * The visitor's socket address, handed to the app in a form no client can forge.
 *
 * Next's own server (`next start`, the standalone server.js) copies the socket's address into
 * X-Forwarded-For only when the request carries none (`??=` in next/dist/server/base-server.js),
 * so a client that sends its own header hides the socket. Every request therefore gets the
 * socket's address in PEER_HEADER, overwriting whatever a client sent, with a random token of
 * the process beside it that no client can know; lib/net/client-address.ts believes the address
 * only with that token (the names there are these).
 */
import { randomBytes } from 'node:crypto';

export const PEER_HEADER = 'x-tubefront-peer';
export const PEER_TOKEN_HEADER = 'x-tubefront-peer-token';
/** Where the token waits for the app, in this process only. */
export const PEER_TOKEN_ENV = 'TUBEFRONT_PEER_TOKEN';
/** Set on the process's global object once a stamp exists (not in the environment: a child would inherit it). */
const STAMPED = Symbol.for('tubefront.peerStamp');

/** Whether this process already stamps its requests (server.mjs did before Next started). */
export function peerStampInstalled() {
  return /** @type {Record<symbol, unknown>} */ (globalThis)[STAMPED] === true;
}

/**
 * A new token for this process (in PEER_TOKEN_ENV), and the function that stamps each request.
 * @returns {(req: import('node:http').IncomingMessage) => void}
 */
export function createPeerStamp() {
  const token = randomBytes(18).toString('base64url');
  process.env[PEER_TOKEN_ENV] = token;
  /** @type {Record<symbol, unknown>} */ (globalThis)[STAMPED] = true;
  return (req) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    req.headers[PEER_TOKEN_HEADER] = token;
  };
}
