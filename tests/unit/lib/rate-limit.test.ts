import { RateLimiter } from '@/lib/net/rate-limit';

describe('the statistics rate limit', () => {
  it('limits each visitor alone, and holds no address', () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.take('203.0.113.9', 0)).toBeNull();
    expect(limiter.take('203.0.113.9', 1000)).toBeNull();
    expect(limiter.take('203.0.113.9', 2000)).toBe(58);
    expect(limiter.take('203.0.113.10', 2000)).toBeNull();
    expect(limiter.take('203.0.113.9', 60_001)).toBeNull();
    const held = [...(limiter as unknown as { hits: Map<string, number[]> }).hits.keys()];
    expect(held).toHaveLength(2);
    for (const k of held) expect(k).not.toContain('203.0.113');
  });
});
