/**
 * Next's own server (`next start`, the standalone folder's server.js) made as safe as the site's
 * (server.mjs) on the two points where it was not, installed from instrumentation.ts:
 *
 * - it believed a client's own X-Forwarded-For (Next sets it to the socket's address only when
 *   the request has none): `X-Forwarded-For: 5.9.0.1` made a visitor German, a new voter and a new
 *   rate-limit bucket. Every request now gets the socket's address with the process's token
 *   (lib/server/peer-stamp.mjs), as under server.mjs;
 * - it read any request's body whole before answering (its proxy waits for the body's end): every
 *   request with a body that no endpoint takes is now answered at once (lib/server/body-gate.mjs).
 *
 * Both run where response-patches.ts wraps Server#emit, before Next's listener sees the request.
 * Under server.mjs, which does both itself before Next starts, nothing is installed.
 */
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { refuseUnwantedBody } from './body-gate.mjs';
import { createPeerStamp, peerStampInstalled } from './peer-stamp.mjs';

export function installNextServerGuard(): void {
  if (peerStampInstalled()) return;
  const stamp = createPeerStamp();
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      if (refuseUnwantedBody(req, res)) return true;
      stamp(req);
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}
