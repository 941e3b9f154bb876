import { readBodyJson, readBodyText } from '@/lib/api/request-body';

jest.mock('@/lib/catalog/open', () => ({ siteCatalog: async () => ({ source: { name: 'embedded' } }) }));

/** A POST whose body streams `chunks` chunks of `size` bytes on demand; `pulled` counts what was asked for. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0 };
  let left = chunks;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (left-- <= 0) return controller.close();
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    },
    // Nothing is read ahead of the reader: what was pulled is what the server took in.
    { highWaterMark: 0 },
  );
  const request = new Request('http://site.test/api/input.php', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  return { request, seen };
}

describe('readBodyText', () => {
  it('reads a body within the cap whole', async () => {
    const { request } = streamed(4, 500);
    const r = await readBodyText(request, 2048);
    expect(r).toEqual({ ok: true, value: 'a'.repeat(2000) });
  });

  it('stops at the first chunk past the cap of a streamed body: 413, the rest never pulled', async () => {
    const { request, seen } = streamed(20 * 1024, 1024);
    const r = await readBodyText(request, 2048);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.response.status).toBe(413);
    expect(r.response.headers.get('connection')).toBe('close');
    expect(r.response.headers.get('cache-control')).toBe('no-store');
    expect(await r.response.json()).toEqual({ error: 1, code: 'payload_too_large', message: 'the body must be at most 2048 bytes' });
    expect(seen.pulled).toBe(3 * 1024);
  });

  it('refuses a declared Content-Length over the cap before reading a byte', async () => {
    const { request, seen } = streamed(10, 1024, { 'content-length': '10240' });
    const r = await readBodyText(request, 2048);
    expect(!r.ok && r.response.status).toBe(413);
    expect(seen.pulled).toBe(0);
  });

  it('answers a body that breaks off with a 400, never a throw', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('aborted'));
      },
    });
    const request = new Request('http://site.test/x', { method: 'POST', body, duplex: 'half' } as RequestInit);
    const r = await readBodyText(request, 2048);
    expect(!r.ok && r.response.status).toBe(400);
  });

  it('keeps the endpoint\'s own headers on its refusals', async () => {
    const { request } = streamed(10, 1024);
    const r = await readBodyText(request, 2048, { 'cache-control': 'private, no-store' });
    expect(!r.ok && r.response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('readBodyJson', () => {
  it('parses JSON within the cap, and answers 400 for text that is not JSON', async () => {
    const ok = await readBodyJson(new Request('http://site.test/x', { method: 'POST', body: '{"a":1}' }), 100);
    expect(ok).toEqual({ ok: true, value: { a: 1 } });
    const bad = await readBodyJson(new Request('http://site.test/x', { method: 'POST', body: '{a' }), 100);
    expect(!bad.ok && bad.response.status).toBe(400);
  });
});
