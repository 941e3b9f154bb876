import { SourceError } from '@/lib/contract/errors';
import { answer, badRequest, cacheControl, json, notFound } from '@/lib/api/http';
import type { Source } from '@/lib/contract/source';

const fakeSource = { name: 'embedded' } as Source;
jest.mock('@/lib/catalog/open', () => ({ siteCatalog: async () => ({ source: { name: 'embedded' } }) }));

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

describe('the API answers', () => {
  it('lets shared caches keep an answer exactly its lifetime, browsers at most five minutes', () => {
    expect(cacheControl(86400)).toMatch(/^public, max-age=300, s-maxage=86400\b/);
    expect(cacheControl(60)).toMatch(/^public, max-age=60, s-maxage=60\b/);
    expect(cacheControl(0)).toBe('no-store');
  });

  it('writes JSON with nosniff and the cache header of its lifetime', async () => {
    const res = json({ ok: 1 }, { lifetime: 3600 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('s-maxage=3600');
    expect(await body(res)).toEqual({ ok: 1 });
  });

  it('answers bad input with a 400 JSON error that is never stored', async () => {
    const res = badRequest('page must be 1..10000');
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await body(res)).toEqual({ error: 1, code: 'bad_request', message: 'page must be 1..10000' });
    expect((await body(notFound('video_not_found'))).code).toBe('video_not_found');
  });

  it('parses before it runs: a bad parameter never reaches the source', async () => {
    const run = jest.fn();
    const res = await answer({ ok: false, message: 'bad sort' }, run);
    expect(res.status).toBe(400);
    expect(run).not.toHaveBeenCalled();
  });

  it.each([
    ['timeout', 504, 'source_timeout'],
    ['network', 502, 'source_unavailable'],
    ['http', 502, 'source_unavailable'],
    ['invalid-response', 502, 'source_unavailable'],
  ] as const)('maps a source %s to %i %s, never a 500 or a stack trace', async (kind, status, code) => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await answer({ ok: true, value: 1 }, async () => {
      throw new SourceError(kind, 'upstream said no');
    });
    spy.mockRestore();
    expect(res.status).toBe(status);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 1, code });
    expect(text).not.toMatch(/at .*\.ts|Error:/);
  });

  it('maps an unexpected exception to 503 JSON', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const res = await answer({ ok: true, value: 1 }, async () => {
      throw new TypeError('x is undefined');
    });
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(await body(res)).toEqual({ error: 1, code: 'unavailable' });
  });

  it('hands the parsed value and the active source to the handler', async () => {
    const res = await answer({ ok: true, value: 7 }, async (v, s) => json({ v, source: s.name }));
    expect(await body(res)).toEqual({ v: 7, source: fakeSource.name });
  });
});
