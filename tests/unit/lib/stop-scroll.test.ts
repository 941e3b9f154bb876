import { withoutStopScroll, withStopScroll } from '@/lib/client/stop-scroll';

describe('stopScroll', () => {
  it('is added to a link, before its hash, keeping the query', () => {
    expect(withStopScroll('/videos/top-rated/1/')).toBe('/videos/top-rated/1/?stopScroll=1');
    expect(withStopScroll('/videos/top-rated/1/?date=week')).toBe('/videos/top-rated/1/?date=week&stopScroll=1');
    expect(withStopScroll('/search/1/?s=old%20town#content')).toBe('/search/1/?s=old+town&stopScroll=1#content');
  });

  it('leaves a clean query', () => {
    expect(withoutStopScroll('?date=week&stopScroll=1&duration=1')).toBe('date=week&duration=1');
    expect(withoutStopScroll('stopScroll=1')).toBe('');
    expect(withoutStopScroll('')).toBe('');
  });
});
