import { createHmac, randomBytes } from 'node:crypto';

/**
 * A per-visitor limit on statistics posts: at most `limit` in any window of `windowMs`, counted
 * in memory per process (a few visitors' timestamps each; the map is bounded, oldest visitors
 * forgotten first). A visitor over the limit is told how long to wait. Its map holds visitors
 * under a keyed hash whose key each limiter makes at random and never gives out: no address stays
 * in memory past its request, and no secret has to be shared between servers.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly secret = randomBytes(32);

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxVisitors = 100_000,
  ) {}

  /** Counts a request of `key`; null when allowed, else the seconds until one is (for Retry-After). */
  take(visitor: string, now = Date.now()): number | null {
    const key = createHmac('sha256', this.secret).update(visitor).digest('base64url');
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    this.hits.delete(key);
    if (times.length >= this.limit) {
      this.hits.set(key, times);
      return Math.max(1, Math.ceil((times[0]! + this.windowMs - now) / 1000));
    }
    times.push(now);
    this.hits.set(key, times);
    if (this.hits.size > this.maxVisitors) this.hits.delete(this.hits.keys().next().value as string);
    return null;
  }
}
