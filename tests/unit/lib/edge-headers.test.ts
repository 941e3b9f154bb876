/**
 * The security headers and the nginx edge: lib/server/edge-headers.mjs over real HTTP (the site
 * leaves its security headers out for the edge's secret only, with compress-once behind it as in
 * server.mjs), the edge's generated copy of the headers in deploy/nginx/nginx.conf, and
 * EDGE_SECRET's validation.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ConfigError, parseConfig } from '@/lib/config';
import { createCompressOnce } from '@/lib/server/compress-once.mjs';
import { createEdgeHeaders, EDGE_HEADER, EDGE_OWNED_HEADERS, EDGE_POLICY_HEADER, edgeSecretMatches, policyDigest } from '@/lib/server/edge-headers.mjs';
import { nginxSecurityHeaders, withNginxBlock } from '@/lib/server/nginx-security-headers';
import { cspSources, type HeaderRule, securityHeaders } from '@/lib/web/security-headers';

const SECRET = 'Zm9vYmFyLWVkZ2Utc2VjcmV0LTEyMzQ';
const PAGE = `<!DOCTYPE html><html><body>${'<a href="/video/1/x/">a video</a>'.repeat(100)}</body></html>`;

const PAGES = securityHeaders()[0] as HeaderRule;
/** The digest an edge holding `headers` as its copy sends (what npm run edge:headers writes). */
const digestOf = (headers: [string, string][]) => policyDigest(headers);
const PAGE_COPY = policyDigest(PAGES.headers.map((h) => [h.key, h.value] as const));
/** The secret and the digest of the edge's copy of the page's headers: the edge of the same configuration. */
const EDGE = { [EDGE_HEADER]: SECRET, [EDGE_POLICY_HEADER]: PAGE_COPY };

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
/** What the handlers saw of the edge's header (it must never reach them). */
const seen: (string | undefined)[] = [];
const routes: Record<string, Handler> = {
  // Headers set one by one, then a bare end(): Node's implicit headers (Next's way).
  '/page': (_req, res) => {
    for (const rule of PAGES.headers) res.setHeader(rule.key, rule.value);
    res.setHeader('Cache-Control', 's-maxage=86400');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(PAGE);
  },
  // The headers in writeHead's object.
  '/object': (_req, res) => {
    res.writeHead(200, { 'Content-Security-Policy': "default-src 'self'", 'X-Frame-Options': 'DENY', 'Content-Type': 'text/plain', 'X-Other': 'kept' });
    res.end('object');
  },
  // …and in its flat array form, with a reason phrase.
  '/array': (_req, res) => {
    res.writeHead(404, 'Gone Fishing', ['Permissions-Policy', 'camera=()', 'Referrer-Policy', 'no-referrer', 'Content-Type', 'text/plain', 'X-Other', 'kept']);
    res.end('array');
  },
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const edge = createEdgeHeaders(SECRET);
  const compress = createCompressOnce();
  server = http.createServer((req, res) => {
    edge(req, res);
    seen.push(req.headers[EDGE_HEADER] as string | undefined);
    compress(req, res);
    routes[new URL(req.url ?? '/', 'http://x').pathname]?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(p: string, headers: Record<string, string> = {}): Promise<{ status: number; message: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${p}`, { headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, message: res.statusMessage ?? '', headers: res.headers }));
      })
      .on('error', reject);
  });
}

const owned = (h: http.IncomingHttpHeaders) => EDGE_OWNED_HEADERS.filter((name) => h[name] !== undefined);

describe('the site leaves its security headers to the edge', () => {
  test('with the secret and the digest of its own headers: none of the five, everything else as before (compressed, cacheable)', async () => {
    const res = await get('/page', EDGE);
    expect(owned(res.headers)).toEqual([]);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('s-maxage=86400');
    expect(res.headers.etag).toMatch(/^W\//);
  });

  test('without the header, with a wrong secret, an empty one or one twice as long: all five', async () => {
    for (const headers of [{}, { [EDGE_HEADER]: `${SECRET.slice(0, -1)}x` }, { [EDGE_HEADER]: '' }, { [EDGE_HEADER]: SECRET + SECRET }]) {
      const res = await get('/page', headers);
      expect(owned(res.headers).sort()).toEqual([...EDGE_OWNED_HEADERS].sort());
      expect(res.headers['content-security-policy']).toBe(PAGES.headers.find((h) => h.key === 'Content-Security-Policy')?.value);
    }
  });

  test('with the secret but a copy of another configuration (or none): all five, the site\'s own', async () => {
    const other = securityHeaders(cspSources({ ...parseConfig({ EMBED_HOSTS: 'old.example', IMG_HOSTS: 'img.old.example' }) }))[0] as HeaderRule;
    const stale = policyDigest(other.headers.map((h) => [h.key, h.value] as const));
    expect(stale).not.toBe(PAGE_COPY);
    for (const headers of [{ [EDGE_HEADER]: SECRET, [EDGE_POLICY_HEADER]: stale }, { [EDGE_HEADER]: SECRET }]) {
      const res = await get('/page', headers);
      expect(owned(res.headers).sort()).toEqual([...EDGE_OWNED_HEADERS].sort());
      expect(res.headers['content-security-policy']).toBe(PAGES.headers.find((h) => h.key === 'Content-Security-Policy')?.value);
    }
  });

  test('headers given to writeHead, as an object or an array with a reason phrase', async () => {
    const object = await get('/object', { [EDGE_HEADER]: SECRET, [EDGE_POLICY_HEADER]: digestOf([['Content-Security-Policy', "default-src 'self'"], ['X-Frame-Options', 'DENY']]) });
    expect(owned(object.headers)).toEqual([]);
    expect(object.headers['x-other']).toBe('kept');
    const array = await get('/array', { [EDGE_HEADER]: SECRET, [EDGE_POLICY_HEADER]: digestOf([['Referrer-Policy', 'no-referrer'], ['Permissions-Policy', 'camera=()']]) });
    expect([array.status, array.message]).toEqual([404, 'Gone Fishing']);
    expect(owned(array.headers)).toEqual([]);
    expect(array.headers['x-other']).toBe('kept');
    const plain = await get('/array');
    expect(owned(plain.headers).sort()).toEqual(['permissions-policy', 'referrer-policy']);
  });

  test('the header never reaches the application, right or wrong', async () => {
    seen.length = 0;
    await get('/page', EDGE);
    await get('/page', { [EDGE_HEADER]: 'a-wrong-secret-of-some-length' });
    expect(seen).toEqual([undefined, undefined]);
  });

  test('an empty EDGE_SECRET never matches', async () => {
    expect(edgeSecretMatches('', '')).toBe(false);
    expect(edgeSecretMatches('anything', '')).toBe(false);
    expect(edgeSecretMatches(undefined, SECRET)).toBe(false);
    expect(edgeSecretMatches(SECRET, SECRET)).toBe(true);
  });
});

describe("the edge's copy of the headers (deploy/nginx/nginx.conf)", () => {
  const conf = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'deploy', 'nginx', 'nginx.conf'), 'utf8');

  test('is current: npm run edge:headers would change nothing', () => {
    expect(withNginxBlock(conf, nginxSecurityHeaders())).toBe(conf);
  });

  test("hides nothing of the site's, and holds each route's values and their digest", () => {
    const { http: block, server } = nginxSecurityHeaders();
    expect(conf).not.toMatch(/proxy_hide_header (Content-Security-Policy|Permissions-Policy|X-Frame-Options|X-Content-Type-Options|Referrer-Policy)/i);
    const [pages, embed, adFrame] = securityHeaders() as [HeaderRule, HeaderRule, HeaderRule];
    const mapOf = (name: string) => {
      const at = block.indexOf(`  map $edge_security_copy $edge_out_${name.toLowerCase().replace(/-/g, '_')} {`);
      return at < 0 ? '' : block.slice(at, block.indexOf('  }', at));
    };
    // The copy only when the site's answer has none of its own.
    expect(block).toContain('  map $upstream_http_content_security_policy $edge_security_copy {\n    "" $edge_security_route;\n    default none;\n  }');
    for (const [route, rule] of [['pages', pages], ['embed', embed], ['ad_frame', adFrame]] as const) {
      for (const h of rule.headers) expect(mapOf(h.key)).toContain(`    ${route} "${h.value}";`);
      expect(block).toContain(` "${policyDigest(rule.headers.map((h) => [h.key, h.value] as const))}";`);
    }
    // A route without the header gets none from the edge either.
    expect(mapOf('X-Frame-Options')).not.toContain('embed');
    for (const name of EDGE_OWNED_HEADERS) {
      expect(mapOf(name)).toContain('    default "";');
      expect(server.toLowerCase()).toContain(`add_header ${name} $edge_out_${name.replace(/-/g, '_')} always;`);
    }
    expect(server).toContain('proxy_set_header X-Tubefront-Edge-Policy $edge_policy;');
  });

  test("sets the site's COUNTRY_HEADER to its own country, and names it", () => {
    // Never empty: nginx would not pass the header, and the site would take the edge for none.
    expect(nginxSecurityHeaders().server).toContain('    proxy_set_header X-Tubefront-Edge-Country-Header "(none)";\n');
    const { server } = nginxSecurityHeaders(securityHeaders(), 'x-country');
    expect(server).toContain('    proxy_set_header x-country $edge_geo_country;\n');
    expect(server).toContain('    proxy_set_header X-Tubefront-Edge-Country-Header "x-country";\n');
  });

  test('a value nginx could not carry between double quotes is refused', () => {
    const bad = [{ source: '/:path*', headers: [{ key: 'Content-Security-Policy', value: 'default-src "self"' }] }];
    expect(() => nginxSecurityHeaders(bad)).toThrow(/cannot be written/);
    const dollar = [{ source: '/:path*', headers: [{ key: 'X-Test', value: 'a $variable' }] }];
    expect(() => nginxSecurityHeaders(dollar)).toThrow(/cannot be written/);
  });

  test('the shipped file sends no secret until the operator sets one', () => {
    expect(conf).toContain('    proxy_set_header X-Tubefront-Edge "";\n');
  });
});

describe('EDGE_SECRET', () => {
  test('takes 16 to 256 letters, digits and . _ ~ + / = -', () => {
    expect(parseConfig({}).edgeSecret).toBe('');
    expect(parseConfig({ EDGE_SECRET: SECRET }).edgeSecret).toBe(SECRET);
    expect(parseConfig({ EDGE_SECRET: 'abcd/EFGH+1234=~._-' }).edgeSecret).toBe('abcd/EFGH+1234=~._-');
  });

  test.each(['short', 'has a space inside it', 'quote"quote"quote"', 'dollar$dollar$dollar', 'back\\slash\\back\\slash', 'x'.repeat(257)])('refuses %j', (value) => {
    expect(() => parseConfig({ EDGE_SECRET: value })).toThrow(ConfigError);
  });
});
