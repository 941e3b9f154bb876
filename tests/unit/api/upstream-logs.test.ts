/**
 * What a visitor searched for never reaches the server's logs: an upstream failure's message (and
 * the lines lib/api prints with it) names the path without the term, whatever the failure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer, json } from '@/lib/api/http';
import { loggedPath } from '@/lib/api/logged-path';
import { createUpstreamSource } from '@/lib/api/upstream';
import type { Source } from '@/lib/contract/source';

jest.mock('@/lib/catalog/open', () => ({ siteCatalog: async () => ({ source: { name: 'embedded' } }) }));

const TERM = 'private wish';
const TYPED = 'privat';

let server: Server;
let origin: string;
let handler: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const FAILURES: [string, (req: IncomingMessage, res: ServerResponse) => void][] = [
  ['HTTP 502', (_q, res) => res.writeHead(502).end('bad gateway')],
  ['an HTML page', (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>')],
  ['not JSON', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{oops')],
  ['an error body', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":1,"code":"db_down"}')],
  ['no list', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"nothing":1}')],
  ['a redirect to another host', (_q, res) => res.writeHead(302, { location: 'http://elsewhere.example/x' }).end()],
  ['a redirect not followed', (_q, res) => res.writeHead(302, { location: '/again' }).end()],
  ['no answer in time', () => undefined],
];

const source = (): Source => createUpstreamSource({ origin, timeoutMs: 200, memoryCache: false });
const search = (s: Source) =>
  s.search({ lifetime: 600, gender: 'str', count: 60, page: 1, type: 'all', duration: 'all', date: 'all', term: TERM });

function leaks(text: string): boolean {
  return [TERM, TYPED, encodeURIComponent(TERM), TERM.replace(' ', '+')].some((t) => text.includes(t));
}

describe('upstream failures name the path without what the visitor typed', () => {
  it.each(FAILURES)('search and suggestions failing with %s', async (_name, fail) => {
    handler = (req, res) => (req.url === '/again' ? res.writeHead(302, { location: '/again' }).end() : fail(req, res));
    const errors: string[] = [];
    for (const call of [search, (s: Source) => s.suggest(TYPED)]) {
      await call(source()).then(
        () => errors.push('no failure'),
        (e: Error) => errors.push(e.message),
      );
    }
    expect(errors.some((m) => m === 'no failure')).toBe(false);
    expect(errors.filter(leaks)).toEqual([]);
    expect(errors[0]).toMatch(/\/api\/videos2\.php\?params=600\/str\/relevance\/60\/search\.\.1\.all\.\.|fetching \/api\/videos2\.php/);
  });

  it('the API\'s failure line does not carry the term either', async () => {
    handler = (_q, res) => res.writeHead(503).end();
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    try {
      const res = await answer({ ok: true, value: null }, async () => json(await search(source())));
      expect(res.status).toBe(502);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/HTTP 503 from \/api\/videos2\.php\?params=/);
    expect(leaks(lines[0]!)).toBe(false);
  });
});

describe('loggedPath', () => {
  it('keeps the path and the query parameters the site fills itself, as sent', () => {
    expect(loggedPath('/api/json/videos2/86400/str/latest-updates/60/..1.all...json')).toBe('/api/json/videos2/86400/str/latest-updates/60/..1.all...json');
    expect(loggedPath('/api/videofile.php?lifetime=864000&video_id=42')).toBe('/api/videofile.php?lifetime=864000&video_id=42');
  });

  it('leaves out a search term, suggestion text and any other parameter', () => {
    expect(loggedPath('/api/videos2.php?params=600/str/relevance/60/search..1.all..&s=private%20wish')).toBe(
      '/api/videos2.php?params=600/str/relevance/60/search..1.all.. (1 more query parameter left out)',
    );
    expect(loggedPath('/api/suggester.php?c=privat')).toBe('/api/suggester.php (1 more query parameter left out)');
    expect(loggedPath('/api/videos2.php?params=x&s=a&q=b&params2=c')).toBe('/api/videos2.php?params=x (3 more query parameters left out)');
  });
});
