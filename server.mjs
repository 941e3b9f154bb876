#!/usr/bin/env node
/**
 * The site's production server: Next's own request handler behind a plain node:http server, for
 * what `next start` cannot do, or not cheaply (`npm start` runs this file; so do the tests):
 *
 * - The visitor's socket address. `next start` copies it into X-Forwarded-For only when the
 *   request carries none, so a forged header hides it. Here every request gets the socket's
 *   address with a token a client cannot know (lib/server/peer-stamp.mjs;
 *   lib/net/client-address.ts reads both). A plain `next start` gets the same, and the body
 *   gate below, from instrumentation.ts (lib/server/next-server-guard.ts).
 * - The spec's path /api//json/suggester/{lifetime}/{count}.json, served as written: Next answers
 *   any path with '//' with a 308 before application code runs (resolve-routes.js), which a KVS
 *   client that does not follow redirects takes for a failure.
 * - Compression and ETags, once per distinct answer (lib/server/compress-once.mjs) instead of
 *   Next's once per request.
 * - Behind the shipped nginx edge, the security headers are the edge's to add when it sends
 *   EDGE_SECRET (lib/server/edge-headers.mjs): a cached page is then stored without them.
 * - Only the endpoints that take a body read one: any other request with a body is answered
 *   at once (405 or 413) and its connection closed, unread (lib/server/body-gate.mjs), where
 *   Next would read it whole before answering. An answer sent before an endpoint's body was read
 *   whole (a refusal, a body over its cap) closes the connection the same way
 *   (lib/server/unread-body.mjs).
 * - Where AGE_POLICY blocks or verifies a region, the requests it can refuse are marked for the
 *   proxy's check of the visitor's region (lib/server/age-check-mark.mjs); otherwise none is.
 * - A page Next served from its page cache is served again from this server's own store of
 *   finished answers, without Next, until the page cache would answer otherwise
 *   (lib/server/answer-store.mjs): nearly all of a cached page's CPU was Next's request handling.
 *
 * Environment: PORT (3000), HOSTNAME (all interfaces), NEXT_DIST_DIR as in next.config.ts,
 * EDGE_SECRET, ANSWER_STORE_MB (32; 0: no store).
 */
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { ageChecks, createAgeCheckMark } from './lib/server/age-check-mark.mjs';
import { answerStoreOptions, createAnswerStore } from './lib/server/answer-store.mjs';
import { refuseUnwantedBody } from './lib/server/body-gate.mjs';
import { createCompressOnce } from './lib/server/compress-once.mjs';
import { createEdgeHeaders } from './lib/server/edge-headers.mjs';
import { createPeerStamp } from './lib/server/peer-stamp.mjs';
import { closeIfBodyUnread } from './lib/server/unread-body.mjs';

// Before Next starts: its instrumentation then leaves the requests to this server.
const stampPeer = createPeerStamp();

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
// Where this server answers itself: its publish clock tells it when scheduled videos go live
// (lib/server/publish-clock.ts, started by instrumentation.ts).
process.env.TUBEFRONT_SELF_ORIGIN = `http://${!hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
const dir = path.dirname(new URL(import.meta.url).pathname);
// Node hands this CommonJS package's module.exports, the function itself, to the default import;
// its types, read as ESM, describe that function as the module's `default`.
const createNextServer = /** @type {typeof import('next').default} */ (/** @type {unknown} */ (next));
const app = createNextServer({ dev: false, dir, port, hostname: hostname ?? 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const DOUBLE_SLASH_SUGGESTER = '/api//json/suggester/';
const CATALOG_CHANGED = '/api/internal/catalog-changed';
const compress = createCompressOnce();
const edgeHeaders = createEdgeHeaders(process.env.EDGE_SECRET?.trim());
const answers = createAnswerStore(answerStoreOptions(process.env));
const ageCheckMark = createAgeCheckMark(ageChecks(process.env));

const server = http.createServer((req, res) => {
  edgeHeaders(req, res);
  if (refuseUnwantedBody(req, res)) return;
  closeIfBodyUnread(req, res);
  if (req.url?.startsWith(DOUBLE_SLASH_SUGGESTER)) req.url = `/api/json/suggester/${req.url.slice(DOUBLE_SLASH_SUGGESTER.length)}`;
  compress(req, res);
  if (!ageCheckMark(req) && answers.serve(req, res)) return;
  stampPeer(req);
  // The page cache follows the change through its tags, and so does the store; dropping it as
  // well once the endpoint has done its work costs one Next request per page.
  if (req.method === 'POST' && req.url?.startsWith(CATALOG_CHANGED)) {
    res.once('finish', () => {
      if (res.statusCode >= 200 && res.statusCode < 300) answers.clear();
    });
  }
  handle(req, res);
});
// Behind a proxy or balancer that keeps connections open, outlive its idle timeout.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  console.log(`tubefront: ready on http://${hostname ?? 'localhost'}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
