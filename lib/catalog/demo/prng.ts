/**
 * A small seeded random generator (mulberry32) and the distributions the demo seed needs.
 * Pure and dependency-free, so the same seed always yields the same catalogue.
 */

export type Rng = () => number;

/** mulberry32: a fast 32-bit generator, uniform in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes an integer into a well-spread 32-bit seed (so video 1 and video 2 get unrelated streams). */
export function hashInt(n: number, salt = 0x9e3779b9): number {
  let h = (n ^ salt) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over a string, for stable colours and choices derived from text. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  const v = list[Math.floor(rng() * list.length)];
  if (v === undefined) throw new Error('pick from an empty list');
  return v;
}

/** Standard normal by Box-Muller. */
export function normal(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal with the given median and sigma (of the underlying normal). */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * normal(rng));
}

/** Pareto (heavy tail): most values near xm, a few very large. */
export function pareto(rng: Rng, xm: number, alpha: number): number {
  return xm / Math.pow(1 - rng(), 1 / alpha);
}

/** An index drawn from Zipf-like weights 1/(i+1)^s, so a few entries dominate. */
export function zipfIndex(rng: Rng, cumulative: readonly number[]): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const x = rng() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function zipfCumulative(n: number, s: number): number[] {
  const out: number[] = [];
  let acc = 0;
  for (let i = 0; i < n; i++) {
    acc += 1 / Math.pow(i + 1, s);
    out.push(acc);
  }
  return out;
}
