import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SourceError } from '@/lib/contract/errors';
import { createUpstreamSource } from '@/lib/api/upstream';

// A real HTTP server on loopback stands in for an upstream KVS site.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let server: Server;
let origin: string;
let handler: Handler;
const seen: { method: string; url: string; body: string; forwardedFor?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

const send = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const source = () => createUpstreamSource({ origin, timeoutMs: 300, memoryCache: false });
const listQuery = {
  lifetime: 86400, gender: 'str', sort: 'latest-updates' as const, count: 60, section: '' as const, objectId: '', page: 1,
  type: 'all', duration: 'all' as const, date: 'all' as const,
};

describe('upstream source over real HTTP', () => {
  it('requests the exact spec path and returns the raw answer', async () => {
    handler = send(200, { videos: [], total_count: 0 });
    await expect(source().videos(listQuery)).resolves.toEqual({ videos: [], total_count: 0 });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/json/videos2/86400/str/latest-updates/60/..1.all...json' });
  });

  it('throws a timeout SourceError when the upstream is too slow', async () => {
    // The answer is held until the client has given up: only its timeout can end the wait.
    const held: ServerResponse[] = [];
    handler = (_req, res) => void held.push(res);
    await expect(source().videos(listQuery)).rejects.toMatchObject({ name: 'SourceError', kind: 'timeout' });
    expect(held).toHaveLength(1);
    for (const res of held) res.destroy();
  });

  it('throws on HTTP errors, on non-JSON and on error bodies instead of returning an empty list', async () => {
    handler = send(500, { error: 'boom' });
    await expect(source().videos(listQuery)).rejects.toMatchObject({ kind: 'http', status: 500 });
    handler = send(200, '<html>maintenance</html>');
    await expect(source().videos(listQuery)).rejects.toMatchObject({ kind: 'invalid-response' });
    handler = send(200, { error: 1, code: 'db_down' });
    await expect(source().videos(listQuery)).rejects.toBeInstanceOf(SourceError);
  });

  it('throws a network SourceError when nothing listens', async () => {
    const dead = createUpstreamSource({ origin: 'http://127.0.0.1:9', timeoutMs: 1000, memoryCache: false });
    await expect(dead.categories({ lifetime: 14400, gender: 'str', section: 'toptn', lang: 'en' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('answers a missing video as a not-found result, not a failure', async () => {
    handler = send(404, { error: 1, code: 'video_not_found' });
    await expect(source().video(1234, 86400)).resolves.toEqual({ error: 1, code: 'video_not_found' });
    expect(seen[0]?.url).toBe('/api/json/video/86400/0/1000/1234.json');
  });

  it('posts form-encoded stats with the visitor address forwarded', async () => {
    handler = send(200, { ok: 1 });
    await expect(source().input({ act: 'vote', section: 'video', objectId: 7, vote: 1 }, { key: 'k', ip: '203.0.113.9' })).resolves.toEqual({ ok: 1 });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/input.php', body: 'act=vote&section=video&object_id=7&vote=1', forwardedFor: '203.0.113.9' });
  });
});
