/**
 * Issue 20 item 8: a feed URL is read within a byte and a time cap, and a partner's redirect may
 * neither lead into the operator's network nor leave https. Issue 28: nor may the first URL,
 * unless the operator allows a private first address (IMPORT_ALLOW_PRIVATE): these tests serve
 * their feeds from 127.0.0.1, so most of them allow it, and a redirect inside is refused even then.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_URL_LIMITS, FeedInputError, openFeed, type UrlLimits } from '@/lib/import/open-input';
import { isPrivateAddress, redirectRefused } from '@/lib/import/private-address';

let server: http.Server;
let base = '';
const LIMITS: UrlLimits = { maxBytes: 1024 * 1024, timeoutMs: 10_000, allowPrivate: true };
const PUBLIC_ONLY: UrlLimits = { ...LIMITS, allowPrivate: false };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) return res.writeHead(302, { location: to }).end();
    if (url.pathname === '/feed') return res.writeHead(200, { 'content-type': 'text/plain' }).end('1|a\n');
    if (url.pathname === '/huge') {
      // No Content-Length: only the counted bytes can stop it.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      return pump();
    }
    if (url.pathname === '/declared') return res.writeHead(200, { 'content-length': String(5 * 1024 * 1024) }).end();
    if (url.pathname === '/slow') {
      // A byte every 100 ms: never idle for 30 s, never done.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

async function readAll(target: string, limits = LIMITS): Promise<number> {
  const input = await openFeed(target, limits);
  let bytes = 0;
  for await (const chunk of input.stream) bytes += (chunk as Buffer).length;
  return bytes;
}

describe('a feed URL', () => {
  it('on a local address is read when the operator allows private addresses', async () => {
    expect(await readAll(`${base}/feed`)).toBe(4);
  });

  it('on a loopback address is refused by default, before any connection', async () => {
    let asked = 0;
    const count = () => (asked += 1);
    server.on('request', count);
    try {
      await expect(openFeed(`${base}/feed`, PUBLIC_ONLY)).rejects.toThrow(/a private or loopback address \(IMPORT_ALLOW_PRIVATE=1 allows it\)/);
      await expect(openFeed(`${base}/feed`)).rejects.toBeInstanceOf(FeedInputError);
      const port = new URL(base).port;
      await expect(openFeed(`http://[::ffff:127.0.0.1]:${port}/feed`, PUBLIC_ONLY)).rejects.toThrow(/private or loopback/);
      await expect(openFeed(`http://2130706433:${port}/feed`, PUBLIC_ONLY)).rejects.toThrow(/private or loopback/);
    } finally {
      server.off('request', count);
    }
    expect(asked).toBe(0);
  });

  it('whose host name resolves to a loopback address is refused on connecting, by default', async () => {
    let asked = 0;
    const count = () => (asked += 1);
    server.on('request', count);
    try {
      await expect(openFeed(`http://localhost:${new URL(base).port}/feed`, PUBLIC_ONLY)).rejects.toThrow(
        /localhost resolves to (127\.0\.0\.1|::1), a private or loopback address \(IMPORT_ALLOW_PRIVATE=1 allows it\)/,
      );
    } finally {
      server.off('request', count);
    }
    expect(asked).toBe(0);
    expect(await readAll(`http://localhost:${new URL(base).port}/feed`)).toBe(4);
  });

  it('stops at the byte cap when the server sends more', async () => {
    // The server sends without end: only the cap can end the read.
    await expect(readAll(`${base}/huge`)).rejects.toThrow(/longer than 1 MB \(IMPORT_URL_MAX_MB\)/);
  });

  it('is refused before reading when its Content-Length passes the cap', async () => {
    await expect(openFeed(`${base}/declared`, LIMITS)).rejects.toThrow(/5 MB, more than 1 MB \(IMPORT_URL_MAX_MB\)/);
  });

  it('stops at the time cap when the server trickles', async () => {
    // The server trickles without end: only the time cap can end the read.
    await expect(readAll(`${base}/slow`, { ...LIMITS, timeoutMs: 1000 })).rejects.toThrow(/not read within 1 s \(IMPORT_URL_TIMEOUT_S\)/);
  });
});

describe('a redirect', () => {
  const via = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;

  it.each([
    ['127.0.0.1', () => `${base}/feed`],
    ['10.x', () => 'http://10.1.2.3/feed'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['[::1]', () => `http://[::1]:${new URL(base).port}/feed`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${new URL(base).port}/feed`],
  ])('to %s is refused', async (_name, to) => {
    await expect(openFeed(via(to()), LIMITS)).rejects.toThrow(/redirect to a private or loopback address/);
  });

  it('to a name that resolves to a loopback address is refused on connecting', async () => {
    await expect(openFeed(via(`http://localhost:${new URL(base).port}/feed`), LIMITS)).rejects.toThrow(
      /localhost resolves to (127\.0\.0\.1|::1), a private or loopback address/,
    );
  });

  it('from https to http is refused', () => {
    expect(redirectRefused(new URL('https://feeds.example.com/a.csv'), new URL('http://feeds.example.com/a.csv'))).toMatch(/from https to http/);
    expect(redirectRefused(new URL('https://feeds.example.com/a.csv'), new URL('https://cdn.example.net/a.csv'))).toBeNull();
    expect(redirectRefused(new URL('http://feeds.example.com/a.csv'), new URL('https://cdn.example.net/a.csv'))).toBeNull();
    expect(redirectRefused(new URL('https://feeds.example.com/a.csv'), new URL('ftp://x.example/a'))).toMatch(/non-http/);
  });

  it('errors are FeedInputErrors: the import changes nothing', async () => {
    await expect(openFeed(via('http://10.0.0.1/'), LIMITS)).rejects.toBeInstanceOf(FeedInputError);
  });
});

describe('the default caps', () => {
  it('are 8 GB and an hour (sized in lib/import/open-input.ts)', () => {
    expect(DEFAULT_URL_LIMITS).toEqual({ maxBytes: 8192 * 1024 * 1024, timeoutMs: 3600 * 1000 });
  });
});

describe('isPrivateAddress', () => {
  it('refuses the ranges that carry an IPv4 address back into IPv4, site-local and documentation', () => {
    for (const a of ['64:ff9b::a00:1', '64:ff9b::808:808', '64:ff9b:1::1', '2002:7f00:1::1', '2002:808:808::1', 'fec0::1', 'feff::1', '2001::1', '2001:db8::1', '::127.0.0.1', '::ffff:0:7f00:1', '100::1', '192.0.2.1', '198.51.100.1', '203.0.113.9', '[::ffff:7f00:1]', '::ffff:a9fe:a9fe']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['2001:4860:4860::8888', '2a00:1450::1', '::ffff:808:808', '5.9.0.1']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('knows the ranges', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '[::1]', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '::']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', 'example.com', '::ffff:8.8.8.8']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});
