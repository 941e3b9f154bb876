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

describe('LruCache.delete', () => {
  it('drops one entry and keeps the others', () => {
    const cache = new LruCache<number>(10, 1000);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    cache.delete('missing');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    expect(cache.size).toBe(1);
  });
});

describe('LruCache with a size per entry', () => {
  it('holds entries up to the sum of their sizes, refusing one larger than the whole', () => {
    const cache = new LruCache<string>(10, Infinity, Date.now, (v) => v.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    expect(cache.used).toBe(8);
    cache.set('c', 'zzzz');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.used).toBe(8);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyy');
    cache.delete('b');
    expect(cache.used).toBe(4);
  });
});
