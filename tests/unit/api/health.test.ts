import { SourceError } from '@/lib/contract/errors';

const videos = jest.fn();
jest.mock('@/lib/catalog/source', () => ({ embeddedSource: { name: 'embedded', videos } }));

import { GET } from '@/app/api/health/route';

describe('GET /api/health/', () => {
  it('is 200 with the source and the cache tier when the catalogue answers, and never cached', async () => {
    videos.mockResolvedValue({ videos: [], total_count: 0 });
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true, source: 'embedded', cache: 'memory' });
  });

  it('names Redis as the cache tier when REDIS_URL is set', async () => {
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = 'redis://127.0.0.1:6379/0';
    try {
      let route: typeof import('@/app/api/health/route') | undefined;
      jest.isolateModules(() => {
        route = jest.requireActual<typeof import('@/app/api/health/route')>('@/app/api/health/route');
      });
      videos.mockResolvedValue({ videos: [], total_count: 0 });
      expect(await (await route!.GET()).json()).toMatchObject({ ok: true, cache: 'redis' });
    } finally {
      if (saved === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = saved;
    }
  });

  it('is 503 with Retry-After and the failure kind when the catalogue does not answer', async () => {
    // Past the probe's memo of the last answer.
    jest.useFakeTimers({ now: Date.now() + 10_000, doNotFake: ['nextTick', 'setImmediate'] });
    videos.mockRejectedValue(new SourceError('timeout', 'no answer'));
    const res = await GET();
    jest.useRealTimers();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(await res.json()).toMatchObject({ ok: false, error: 'timeout' });
  });
});
