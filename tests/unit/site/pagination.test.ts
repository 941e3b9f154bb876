import { paginate, totalPagesOf } from '@/lib/web/pagination';

describe('paginate (docs/spec.md §9)', () => {
  it('shows 5 numbers, 2 either side of the current page', () => {
    expect(paginate(5, 6000, 60).pages).toEqual([3, 4, 5, 6, 7]);
  });
  it('keeps 5 numbers near the ends', () => {
    expect(paginate(1, 6000, 60).pages).toEqual([1, 2, 3, 4, 5]);
    expect(paginate(100, 6000, 60).pages).toEqual([96, 97, 98, 99, 100]);
  });
  it('total pages = ceil(total / count), 40 when no total is given', () => {
    expect(totalPagesOf(121, 60)).toBe(3);
    expect(totalPagesOf(null, 60)).toBe(40);
    expect(paginate(1, 121, 60).pages).toEqual([1, 2, 3]);
  });
  it('first link from page 3, prev from page 2, next while there is a later page', () => {
    expect(paginate(1, 600, 60)).toMatchObject({ first: null, prev: null, next: 2 });
    expect(paginate(2, 600, 60)).toMatchObject({ first: null, prev: 1, next: 3 });
    expect(paginate(3, 600, 60)).toMatchObject({ first: 1, prev: 2, next: 4 });
    expect(paginate(10, 600, 60)).toMatchObject({ first: 1, prev: 9, next: null });
  });
});
