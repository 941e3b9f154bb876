import { parseListing } from '@/lib/web/routes';

describe('parseListing: the listing routes and their internal filter segments', () => {
  it('accepts every sort and page of the public route', () => {
    expect(parseListing({ sort: 'latest-updates', page: '1' })).toEqual({ sort: 'latest-updates', page: 1, date: 'all', duration: 'all', o: 'str' });
    expect(parseListing({ sort: 'longest', page: '2', orientation: 'shemale' })).toMatchObject({ o: 'she' });
    expect(parseListing({ sort: 'longest', page: '2', orientation: 'she' })).toBeNull();
    expect(parseListing({ sort: 'longest', page: '40' })).toMatchObject({ sort: 'longest', page: 40 });
  });

  it.each([
    ['an unknown sort', { sort: 'newest', page: '1' }],
    ['page 0', { sort: 'top-rated', page: '0' }],
    ['a page with a leading zero', { sort: 'top-rated', page: '02' }],
    ['a negative page', { sort: 'top-rated', page: '-1' }],
    ['a page past the limit', { sort: 'top-rated', page: '10001' }],
    ['a fractional page', { sort: 'top-rated', page: '1.5' }],
  ])('answers 404 (null) for %s', (_name, p) => {
    expect(parseListing(p)).toBeNull();
  });

  it('takes the date filter only on the sorts the spec offers it for', () => {
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'week', duration: 'all' })).toMatchObject({ date: 'week' });
    expect(parseListing({ sort: 'most-popular', page: '1' }, { date: 'day', duration: '2' })).toMatchObject({ date: 'day', duration: '2' });
    expect(parseListing({ sort: 'latest-updates', page: '1' }, { date: 'week', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'longest', page: '1' }, { date: 'month', duration: '1' })).toBeNull();
    expect(parseListing({ sort: 'longest', page: '1' }, { date: 'all', duration: '1' })).toMatchObject({ duration: '1' });
  });

  it('has no filter route for the unfiltered page, nor for unknown values', () => {
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'all', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'year', duration: 'all' })).toBeNull();
    expect(parseListing({ sort: 'top-rated', page: '1' }, { date: 'week', duration: '9' })).toBeNull();
  });
});
