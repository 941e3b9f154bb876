import { RateLimiter } from '@/lib/net/rate-limit';

type Inside = { hits: Map<string, number[]> };
const held = (limiter: RateLimiter) => (limiter as unknown as Inside).hits;

// Time is the `now` argument of take(): every case runs on its own clock, no waiting.
describe('the statistics rate limit', () => {
  it('limits each visitor alone, and holds no address', () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(limiter.take('203.0.113.9', 0)).toBeNull();
    expect(limiter.take('203.0.113.9', 1000)).toBeNull();
    expect(limiter.take('203.0.113.9', 2000)).toBe(58);
    expect(limiter.take('203.0.113.10', 2000)).toBeNull();
    expect(limiter.take('203.0.113.9', 60_001)).toBeNull();
    const keys = [...held(limiter).keys()];
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k).not.toContain('203.0.113');
  });

  it('forgets each request once its window has passed, one at a time', () => {
    const limiter = new RateLimiter(3, 10_000);
    for (const t of [0, 4_000, 8_000]) expect(limiter.take('v', t)).toBeNull();
    // Full: the oldest request (t=0) leaves the window at 10 s, so the wait shrinks with the clock.
    expect(limiter.take('v', 8_500)).toBe(2);
    expect(limiter.take('v', 9_999)).toBe(1);
    // The refusals were not counted, so at 10 s exactly t=0 has left and one request is allowed.
    expect(limiter.take('v', 10_000)).toBeNull();
    expect(limiter.take('v', 10_001)).toBe(4); // 4_000, 8_000, 10_000 held: wait for 4_000 to leave
    expect(limiter.take('v', 13_999)).toBe(1);
    expect(limiter.take('v', 14_000)).toBeNull();
    // Long after the last request the visitor has a whole fresh allowance again.
    for (const t of [100_000, 100_001, 100_002]) expect(limiter.take('v', t)).toBeNull();
    expect(limiter.take('v', 100_003)).not.toBeNull();
    expect(held(limiter).get([...held(limiter).keys()][0]!)).toEqual([100_000, 100_001, 100_002]);
  });

  it('keeps no more than its bound of visitors, forgetting the least recently seen first', () => {
    const limiter = new RateLimiter(1, 60_000, 3);
    expect(limiter.take('a', 0)).toBeNull();
    expect(limiter.take('b', 1)).toBeNull();
    expect(limiter.take('c', 2)).toBeNull();
    // 'a' comes back (refused, but seen): 'b' is now the least recently seen.
    expect(limiter.take('a', 3)).not.toBeNull();
    expect(limiter.take('d', 4)).toBeNull();
    expect(held(limiter).size).toBe(3);
    // 'b' was forgotten, so it is allowed again; 'a' was kept, so it is still refused.
    expect(limiter.take('a', 5)).not.toBeNull();
    expect(limiter.take('b', 6)).toBeNull();
    expect(held(limiter).size).toBe(3);
    for (let i = 0; i < 1000; i++) limiter.take(`visitor-${i}`, 10 + i);
    expect(held(limiter).size).toBe(3);
  });

  it('uses the clock when no time is given', () => {
    const limiter = new RateLimiter(1, 60_000);
    expect(limiter.take('v')).toBeNull();
    expect(limiter.take('v')).toBe(60);
  });
});
