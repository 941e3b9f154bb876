import { embedSrc } from '@/lib/seo/embed';
import { absoluteUrl } from '@/lib/seo/urls';
import { filterQuery, searchUrl, videosUrl } from '@/lib/routes';

describe('embedSrc', () => {
  it('accepts root-relative and http(s) URLs', () => {
    expect(embedSrc('/embed/12/')).toBe('/embed/12/');
    expect(embedSrc('https://player.example/e/1')).toBe('https://player.example/e/1');
    expect(embedSrc('//player.example/e/1')).toBe('https://player.example/e/1');
  });
  it('reads the src of an embed code', () => {
    expect(embedSrc('<iframe width="608" src="https://p.example/embed/9?a=1&amp;b=2" frameborder="0"></iframe>')).toBe('https://p.example/embed/9?a=1&b=2');
  });
  it('refuses other schemes', () => {
    expect(embedSrc('javascript:alert(1)')).toBeNull();
    expect(embedSrc('<iframe src="data:text/html,x"></iframe>')).toBeNull();
    expect(embedSrc('')).toBeNull();
  });
});

describe('site URLs', () => {
  it('puts only applicable filters into the query', () => {
    expect(videosUrl('top-rated', 1, { date: 'week', duration: '1' })).toBe('/videos/top-rated/1/?date=week&duration=1');
    expect(videosUrl('latest-updates', 2, { date: 'week', duration: 'all' })).toBe('/videos/latest-updates/2/');
    expect(filterQuery(null, { duration: '2' })).toBe('?duration=2');
  });
  it('encodes search terms', () => {
    expect(searchUrl('a&b c', 2)).toBe('/search/2/?s=a%26b+c');
  });
  it('makes absolute URLs', () => {
    expect(absoluteUrl('https://s.example', '/media/1.svg')).toBe('https://s.example/media/1.svg');
    expect(absoluteUrl('https://s.example', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});
