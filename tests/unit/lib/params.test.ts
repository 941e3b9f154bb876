import { parseDate, parseDurationFilter, parsePage, parseSlug, parseSort, parseTerm, parseVideoId, termRefusal } from '@/lib/web/params';

describe('whitelisting parsers', () => {
  it('accepts only known sorts', () => {
    expect(parseSort('top-rated')).toBe('top-rated');
    expect(parseSort('most-commented')).toBe('most-commented');
    expect(parseSort('TOP-RATED')).toBeNull();
    expect(parseSort('../etc')).toBeNull();
  });

  it('treats a missing date or duration as all', () => {
    expect(parseDate(undefined)).toBe('all');
    expect(parseDate('week')).toBe('week');
    expect(parseDate('year')).toBeNull();
    expect(parseDurationFilter('')).toBe('all');
    expect(parseDurationFilter('2')).toBe('2');
    expect(parseDurationFilter('4')).toBeNull();
  });

  it.each(['0', '-1', '1.5', '01', 'abc', '10001', '1e3', ' 2', ''])('rejects page %p', (p) => {
    expect(parsePage(p)).toBeNull();
  });

  it('accepts pages 1 to 10000 and positive ids', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('10000')).toBe(10000);
    expect(parseVideoId('123456789')).toBe(123456789);
    expect(parseVideoId('99999999999999999999')).toBeNull();
  });

  it('accepts slugs only', () => {
    expect(parseSlug('city-walks')).toBe('city-walks');
    expect(parseSlug('a/b')).toBeNull();
    expect(parseSlug('<script>')).toBeNull();
    expect(parseSlug('-lead')).toBeNull();
  });

  it('takes search terms of 3 to 69 characters, folding white space', () => {
    expect(parseTerm('  lake   view ')).toBe('lake view');
    expect(parseTerm('ab')).toBeNull();
    expect(parseTerm('x'.repeat(69))).toHaveLength(69);
    expect(parseTerm('x'.repeat(70))).toBeNull();
    expect(parseTerm('bad\u0000term')).toBeNull();
    expect(parseTerm('日本語の旅')).toBe('日本語の旅');
  });

  it('says why a term is refused', () => {
    expect(termRefusal('lake')).toBeNull();
    expect(termRefusal('ab')).toBe('short');
    expect(termRefusal('  ab  ')).toBe('short');
    expect(termRefusal('')).toBe('short');
    expect(termRefusal(undefined)).toBe('short');
    expect(termRefusal('x'.repeat(70))).toBe('long');
    expect(termRefusal('bad\u0000term')).toBe('invalid');
  });
});
