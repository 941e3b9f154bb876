import { LruCache } from '@/lib/lru.mjs';

describe('LruCache', () => {
  it('evicts the least recently used entry past its size', () => {
    const cache = new LruCache<number>(2, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('expires entries after their time to live', () => {
    let now = 0;
    const cache = new LruCache<string>(10, 100, () => now);
    cache.set('k', 'v');
    now = 99;
    expect(cache.get('k')).toBe('v');
    now = 250;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('LruCache.getOrCompute', () => {
  it('computes once while fresh', () => {
    const cache = new LruCache<number>(10, 1000);
    let calls = 0;
    const compute = () => (calls += 1);
    expect(cache.getOrCompute('k', compute)).toBe(1);
    expect(cache.getOrCompute('k', compute)).toBe(1);
    expect(calls).toBe(1);
    cache.clear();
    expect(cache.getOrCompute('k', compute)).toBe(2);
  });
});
