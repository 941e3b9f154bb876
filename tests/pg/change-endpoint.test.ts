/**
 * POST /api/internal/catalog-changed/ (the catalogue tools' purge call) on the PostgreSQL
 * catalogue, whose secret is kept in the catalogue: a server that cannot read PostgreSQL cannot
 * tell a right secret from a wrong one, and answers 503 with Retry-After (the tool reports "try
 * again"), never 403 (a wrong secret). The route runs against the real test server through a TCP
 * relay that the test stops (connections refused and cut, as a stopped server) and freezes
 * (connections accepted, never answered, as an unreachable host). Only the purge itself is
 * mocked (it needs Next's request context).
 */
import net from 'node:net';
import { pgChangeSecret } from '@/lib/catalog/postgres/change-secret';
import type { PgPool } from '@/lib/catalog/postgres/db';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const mockOnCatalogChange = jest.fn();
jest.mock('@/lib/cache/catalog-change', () => ({ onCatalogChange: mockOnCatalogChange }));

type Route = typeof import('@/app/api/internal/catalog-changed/route');

/** A TCP relay to `target` on a port of its own: up (relays), stopped (nothing listens) or frozen (accepts, never answers). */
class Relay {
  port = 0;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  constructor(private target: { host: string; port: number }) {}

  private track(s: net.Socket): net.Socket {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => s.destroy());
    return s;
  }

  async listen(mode: 'up' | 'frozen'): Promise<void> {
    await this.stop();
    const server = net.createServer((client) => {
      this.track(client);
      if (mode === 'frozen') return;
      const upstream = this.track(net.connect(this.target.port, this.target.host));
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** As a stopped server: open connections are cut, new ones refused. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((r) => server.close(r));
  }
}

const SECRET_HEADER = 'x-catalog-secret';
const holder = globalThis as typeof globalThis & { __tubefrontPgPool?: Promise<PgPool> };

let db: PgDatabase;
let relay: Relay;
let secret: string;
const savedEnv = { ...process.env };

/** The route with a fresh configuration read from the environment now (getConfig memoizes it). */
function loadRoute(env: Record<string, string | undefined>): Route {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let route: Route | undefined;
  jest.isolateModules(() => {
    route = jest.requireActual<Route>('@/app/api/internal/catalog-changed/route');
  });
  return route!;
}

function post(route: Route, given: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (given !== null) headers[SECRET_HEADER] = given;
  return route.POST(
    new Request('http://localhost/api/internal/catalog-changed/', { method: 'POST', headers, body: JSON.stringify({ reason: 'takedown', videoIds: [7] }) }),
  );
}

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('10');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(await res.json()).toMatchObject({ error: 1, code: 'catalog_unavailable' });
}

async function endSitePool(): Promise<void> {
  const pool = await holder.__tubefrontPgPool?.catch(() => undefined);
  holder.__tubefrontPgPool = undefined;
  await pool?.end().catch(() => {});
}

beforeAll(async () => {
  db = await seededDatabase(50, 1_749_988_800);
  // The secret a catalogue tool creates on first use, kept in the catalogue's meta table.
  secret = (await pgChangeSecret(db.pool, '', true))!;
  const url = new URL(db.url);
  relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
  await relay.listen('up');
});

afterAll(async () => {
  await endSitePool();
  await relay?.stop();
  await db?.drop();
  process.env = savedEnv;
});

function relayedUrl(): string {
  const url = new URL(db.url);
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  return url.toString();
}

it('answers 403 for a wrong or missing secret, 200 for the right one, while PostgreSQL answers', async () => {
  const route = loadRoute({ DATABASE_URL: relayedUrl(), REVALIDATE_SECRET: undefined, API_ORIGIN: undefined });
  const wrong = await post(route, 'x'.repeat(secret.length));
  expect(wrong.status).toBe(403);
  expect(await wrong.json()).toEqual({ error: 1, code: 'forbidden' });
  expect((await post(route, null)).status).toBe(403);
  expect(mockOnCatalogChange).not.toHaveBeenCalled();
  const right = await post(route, secret);
  expect(right.status).toBe(200);
  expect(mockOnCatalogChange).toHaveBeenCalledWith({ reason: 'takedown', videoIds: [7] });
});

it('answers 503 with Retry-After, never 403, when PostgreSQL is stopped, and 200 again once it is back', async () => {
  const route = loadRoute({ DATABASE_URL: relayedUrl(), REVALIDATE_SECRET: undefined, API_ORIGIN: undefined });
  mockOnCatalogChange.mockClear();
  await relay.stop();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await expectUnavailable(await post(route, secret));
    // A wrong secret cannot be told from the right one either.
    await expectUnavailable(await post(route, 'not-the-secret-at-all'));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[catalog-changed] the catalogue cannot be read'));
  } finally {
    errors.mockRestore();
  }
  // No secret at all needs no catalogue: still 403.
  expect((await post(route, null)).status).toBe(403);
  expect(mockOnCatalogChange).not.toHaveBeenCalled();

  await relay.listen('up');
  expect((await post(route, secret)).status).toBe(200);
  expect(mockOnCatalogChange).toHaveBeenCalledTimes(1);
});

it('answers 503 within the connection timeout when PostgreSQL accepts connections but never answers', async () => {
  await endSitePool(); // a server starting now: its first connection finds PostgreSQL frozen
  await relay.listen('frozen');
  const route = loadRoute({ DATABASE_URL: relayedUrl(), REVALIDATE_SECRET: undefined, API_ORIGIN: undefined });
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const started = Date.now();
    await expectUnavailable(await post(route, secret));
    expect(Date.now() - started).toBeLessThan(15_000);
  } finally {
    errors.mockRestore();
    await relay.listen('up');
  }
});

it('needs no catalogue when REVALIDATE_SECRET is set: PostgreSQL stopped, the configured secret still purges', async () => {
  await endSitePool();
  await relay.stop();
  const configured = 'a-configured-secret-0123456789';
  const route = loadRoute({ DATABASE_URL: relayedUrl(), REVALIDATE_SECRET: configured, API_ORIGIN: undefined });
  mockOnCatalogChange.mockClear();
  expect((await post(route, 'wrong-configured-secret-012345')).status).toBe(403);
  expect((await post(route, configured)).status).toBe(200);
  expect(mockOnCatalogChange).toHaveBeenCalledTimes(1);
  await relay.listen('up');
});
