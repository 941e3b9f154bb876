/**
 * lib/notify/announce.ts over real HTTP: a server that cannot read its catalogue answers the
 * change with 503 and Retry-After (app/api/internal/catalog-changed), and the tools ask it again
 * within a takedown's minute instead of leaving its cached pages as they are.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceCatalogChange, retryAfterMs } from '@/lib/notify/announce';

const change: Parameters<typeof announceCatalogChange>[0] = { reason: 'takedown', videoIds: [42] };

let server: http.Server;
let origin = '';
/** Another host, where a redirect points: what reaches it is what a stranger would get. */
let stranger: http.Server;
let elsewhere = '';
const strangerSaw: string[] = [];
/** What the server answers next, per path: a list of statuses, the last one repeated. */
const plan: Record<string, number[]> = {};
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['x-catalog-secret']);
      seen.push(`${req.method} ${req.url} ${key}`);
      const statuses = plan[key] ?? [200];
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      if (status >= 300 && status < 400) return void res.writeHead(status, { location: `${elsewhere}/collect` }).end();
      res.writeHead(status, status === 503 ? { 'retry-after': '0', 'content-type': 'application/json' } : { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"ok":true}' : '{"error":"x"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stranger = http.createServer((req, res) => {
    strangerSaw.push(`${req.method} ${req.url} ${req.headers['x-catalog-secret']}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}'));
  });
  await new Promise<void>((r) => stranger.listen(0, '127.0.0.1', r));
  elsewhere = `http://localhost:${(stranger.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => stranger.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
});

describe('announceCatalogChange', () => {
  it('asks a server that answered 503 again after its Retry-After, until it takes the change', async () => {
    plan['secret-a'] = [503, 503, 200];
    const waits: number[] = [];
    const [r] = await announceCatalogChange(change, [origin], 'secret-a', { onRetry: (_o, ms) => waits.push(ms) });
    expect(r).toEqual({ origin, ok: true, detail: 'pages purged (after 3 tries)' });
    expect(seen).toEqual(Array(3).fill(`POST /api/internal/catalog-changed/ secret-a`));
    expect(waits).toEqual([200, 200]);
  });

  it('gives up when the server still answers 503 at the end of the time allowed', async () => {
    plan['secret-b'] = [503];
    const waits: number[] = [];
    const [r] = await announceCatalogChange(change, [origin], 'secret-b', { retryForMs: 1000, onRetry: (_o, ms) => waits.push(ms) });
    expect(r?.ok).toBe(false);
    // It waited as told between tries, and no more in all than the time allowed.
    expect(waits.length).toBeGreaterThan(0);
    expect(r?.detail).toBe(`HTTP 503 (after ${waits.length + 1} tries)`);
    expect(waits.every((ms) => ms === 200)).toBe(true);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
  });

  it('does not ask again after another refusal (a wrong secret), nor a server that is not running', async () => {
    plan['secret-c'] = [403];
    const [refused, down] = await announceCatalogChange(change, [origin, 'http://127.0.0.1:9'], 'secret-c', { onRetry: () => { throw new Error('no retry expected'); } });
    expect(refused).toEqual({ origin, ok: false, detail: 'HTTP 403' });
    expect(down?.ok).toBe(false);
    expect(seen).toHaveLength(1);
  });
});

describe('a redirect', () => {
  it.each([301, 307, 308])('%i is not followed with the secret: the server is reported not reached', async (status) => {
    strangerSaw.length = 0;
    plan[`secret-r${status}`] = [status];
    const [r] = await announceCatalogChange(change, [origin], `secret-r${status}`, { onRetry: () => { throw new Error('no retry expected'); } });
    expect(strangerSaw).toEqual([]);
    expect(r).toEqual({ origin, ok: false, detail: `HTTP ${status} redirect, not followed with the secret` });
    expect(seen).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date, within 0.2 to 30 s, 2 s when absent or unreadable', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    expect(retryAfterMs('10', now)).toBe(10_000);
    expect(retryAfterMs(' 3 ', now)).toBe(3000);
    expect(retryAfterMs('0', now)).toBe(200);
    expect(retryAfterMs('3600', now)).toBe(30_000);
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBe(2000);
    expect(retryAfterMs('soon', now)).toBe(2000);
  });
});
