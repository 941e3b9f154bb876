/**
 * The upstream client against what real APIs send beside the happy path, over real HTTP: each
 * failure is a typed SourceError (never an empty success), and a last good answer stands in for
 * a failing upstream.
 */
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createUpstreamSource } from '@/lib/api/upstream';

const dir = path.join(process.cwd(), 'tests', 'fixtures', 'upstream');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const variants = JSON.parse(read('variants.json')) as Record<string, { status?: number; type?: string; body?: string; file?: string }>;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let origin: string;
let handler: Handler;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (hits = 0));

const json = (body: string, status = 200): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};
const variant = (name: string): Handler => (_req, res) => {
  const v = variants[name]!;
  res.writeHead(v.status ?? 200, { 'content-type': v.type ?? 'application/json' });
  res.end(v.file ? read(v.file) : v.body);
};

const list = {
  lifetime: 86400, gender: 'str', sort: 'latest-updates' as const, count: 60, section: '' as const, objectId: '', page: 1,
  type: 'all', duration: 'all' as const, date: 'all' as const,
};
const cats = { lifetime: 14400, gender: 'str', section: 'toptn', lang: 'en' };

describe('upstream answers beside the happy path', () => {
  const fresh = () => createUpstreamSource({ origin, timeoutMs: 400, memoryCache: false });

  it.each([
    ['an HTML page with status 200', 'html-200', { kind: 'invalid-response', status: 200 }],
    ['an HTML page with status 502', 'html-502', { kind: 'http', status: 502 }],
    ['an empty body', 'empty', { kind: 'invalid-response' }],
    ['{ error, code } with status 200', 'error-json', { kind: 'upstream-error', code: 'maintenance' }],
  ])('%s is a typed failure for lists, categories and stats', async (_name, name, expected) => {
    handler = variant(name);
    await expect(fresh().videos(list)).rejects.toMatchObject({ name: 'SourceError', ...expected });
    await expect(fresh().categories(cats)).rejects.toMatchObject({ name: 'SourceError', ...expected });
    await expect(fresh().main(14400, 'str', 'en')).rejects.toMatchObject({ name: 'SourceError', ...expected });
    await expect(fresh().video(101, 86400)).rejects.toMatchObject({ name: 'SourceError', ...expected });
  });

  it('a slow answer past the timeout', async () => {
    // The answer is held until the client has given up: a client that waited for it would never
    // settle (and fail on Jest's timeout), so the rejection itself shows the timeout ended the wait.
    const held: ServerResponse[] = [];
    handler = (_req, res) => void held.push(res);
    await expect(fresh().videos(list)).rejects.toMatchObject({ kind: 'timeout' });
    expect(held).toHaveLength(1);
    for (const res of held) json(read('videos.json'))({} as IncomingMessage, res);
  });

  it('a 301 to another host is not followed; one within the origin is', async () => {
    handler = (req, res) => {
      res.writeHead(301, { location: `https://elsewhere.test${req.url}` });
      res.end();
    };
    await expect(fresh().videos(list)).rejects.toMatchObject({ kind: 'redirect', status: 301 });
    expect(hits).toBe(1);
    handler = (req, res) => {
      if (req.url?.startsWith('/moved')) return json(read('videos.json'))(req, res);
      res.writeHead(301, { location: `/moved${req.url}` });
      res.end();
    };
    await expect(fresh().videos(list)).resolves.toMatchObject({ total_count: '123' });
  });

  it('numbers as strings and missing optional fields are answers, not failures', async () => {
    handler = json(read('videos-sparse.json'));
    await expect(fresh().videos(list)).resolves.toMatchObject({ videos: expect.any(Array) });
    handler = json(read('video-sparse.json'));
    await expect(fresh().video(102, 86400)).resolves.toMatchObject({ video: { video_id: 102 } });
  });

  it('a missing video is a not-found answer, with status 200 or 404; a private video file is null', async () => {
    handler = json(read('error-not-found.json'));
    await expect(fresh().video(103, 86400)).resolves.toEqual({ error: 1, code: 'video_not_found' });
    handler = json(read('error-not-found.json'), 404);
    await expect(fresh().video(103, 86400)).resolves.toEqual({ error: 1, code: 'video_not_found' });
    handler = json(read('videofile-private.json'));
    await expect(fresh().videofile(103, 864000)).resolves.toBeNull();
    handler = json(read('videofile.json'));
    await expect(fresh().videofile(101, 864000)).resolves.toHaveLength(2);
  });

  it('input.php answers are passed on; an HTML page is not', async () => {
    handler = json(read('input-already-voted.json'));
    await expect(fresh().input({ act: 'vote', section: 'video', objectId: 102, vote: 1 }, { key: 'k' })).resolves.toMatchObject({ error: 1, code: 'already_voted' });
    handler = variant('html-200');
    await expect(fresh().input({ act: 'view', section: 'video', objectId: 101 }, { key: 'k' })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('the last good answer', () => {
  it('is served within its lifetime without a request, and stands in when the upstream fails later', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    let now = 1_000_000;
    const source = createUpstreamSource({ origin, timeoutMs: 400, now: () => now });
    handler = json(read('categories.json'));
    const good = await source.categories(cats);
    expect(hits).toBe(1);
    await source.categories(cats);
    expect(hits).toBe(1);
    now += 14400 * 1000 + 1;
    handler = variant('html-200');
    await expect(source.categories(cats)).resolves.toEqual(good);
    expect(hits).toBe(2);
    // A failure is never stored: the next good answer replaces the old one.
    handler = json(JSON.stringify({ categories: [{ title: 'Rivers', dir: 'rivers', total_videos: '1' }] }));
    await expect(source.categories(cats)).resolves.toMatchObject({ categories: [{ dir: 'rivers' }] });
  });

  it('a failure without a last good answer is thrown, and remembered for 2 s so that a page asks once', async () => {
    let now = 5_000_000;
    const source = createUpstreamSource({ origin, timeoutMs: 400, now: () => now });
    handler = variant('html-502');
    const title = { ...cats, section: 'title' };
    await expect(source.categories(title)).rejects.toMatchObject({ kind: 'http', status: 502 });
    await expect(source.categories(title)).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(hits).toBe(1);
    now += 2001;
    handler = json(read('categories.json'));
    await expect(source.categories(title)).resolves.toMatchObject({ categories: expect.any(Array) });
    expect(hits).toBe(2);
  });
});
