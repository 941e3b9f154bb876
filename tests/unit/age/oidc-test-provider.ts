/**
 * A small OpenID Connect provider on 127.0.0.1 for the OIDC adapter's tests: a JWKS endpoint with
 * generated keys, an "authorisation" step the test drives directly (the visitor's part), and a
 * token endpoint that redeems a code once, for its client and redirect URI.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyLike } from 'jose';

export const CLIENT_ID = 'tube-example';
export const CLIENT_SECRET = 's3cret-for-tests';

export interface TestProvider {
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  authorizationUrl: string;
  /** Sign claims as the provider would (its published key unless another is given). */
  sign(claims: JWTPayload, options?: { key?: KeyLike; kid?: string; alg?: string }): Promise<string>;
  /** The visitor proves their age at the provider: a code for the token `claims` describe, tied to the request's nonce and redirect URI. */
  authorize(authorizationUrl: string, claims: JWTPayload): string;
  tokenRequests: number;
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const codes = new Map<string, { token: Promise<string>; redirectUri: string }>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      provider.tokenRequests++;
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const expectedAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (request.headers.authorization !== expectedAuth) {
          response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        } else if (!grant || grant.redirectUri !== form.get('redirect_uri') || form.get('grant_type') !== 'authorization_code') {
          response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
        } else {
          void grant.token.then((idToken) =>
            response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'at', token_type: 'Bearer', id_token: idToken })),
          );
        }
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign: TestProvider['sign'] = (claims, options = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'ES256', kid: options.kid ?? 'k1' }).sign(options.key ?? privateKey);

  const provider: TestProvider = {
    issuer: base,
    jwksUrl: `${base}/jwks`,
    tokenUrl: `${base}/token`,
    authorizationUrl: `${base}/authorize`,
    sign,
    authorize(authorizationUrl, claims) {
      const request = new URL(authorizationUrl).searchParams;
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { token: sign({ nonce: request.get('nonce') ?? undefined, ...claims }), redirectUri: request.get('redirect_uri') ?? '' });
      return code;
    },
    tokenRequests: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
}
