import { formatCount, formatDuration, isoDuration, parseDuration, ratingPercent, videoAge } from '@/lib/web/format';

describe('formatCount (K for 4 to 6 digits, M for 7 or more)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.2K'],
    [45_678, '45.6K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [1_234_567, '1.2M'],
    [123_456_789, '123M'],
  ])('%d -> %s', (n, text) => expect(formatCount(n)).toBe(text));

  it('treats bad input as 0', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-5)).toBe('0');
  });
});

describe('ratingPercent', () => {
  it('divides by 0.05, rounds and caps at 100', () => {
    expect(ratingPercent(4.5)).toBe(90);
    expect(ratingPercent(3.333)).toBe(67);
    expect(ratingPercent(5)).toBe(100);
    expect(ratingPercent(7)).toBe(100);
    expect(ratingPercent(0)).toBe(0);
  });
});

describe('videoAge', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('says today within a day', () => expect(videoAge('2026-06-15T01:00:00Z', now)).toEqual({ unit: 'today', count: 0 }));
  it('counts days', () => expect(videoAge('2026-06-10T12:00:00Z', now)).toEqual({ unit: 'days', count: 5 }));
  it('counts months of 30 days', () => expect(videoAge('2026-04-15T12:00:00Z', now)).toEqual({ unit: 'months', count: 2 }));
  it('counts years', () => expect(videoAge('2023-06-01T12:00:00Z', now)).toEqual({ unit: 'years', count: 3 }));
  it('never goes negative for a future date', () => expect(videoAge('2027-01-01T00:00:00Z', now)).toEqual({ unit: 'today', count: 0 }));
});

describe('durations', () => {
  it('formats m:ss and h:mm:ss', () => {
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('writes ISO 8601 durations', () => {
    expect(isoDuration(754)).toBe('PT12M34S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(0)).toBe('PT0S');
  });

  it('parses seconds and clock forms', () => {
    expect(parseDuration(754)).toBe(754);
    expect(parseDuration('754')).toBe(754);
    expect(parseDuration('12:34')).toBe(754);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('soon')).toBe(0);
    expect(parseDuration(undefined)).toBe(0);
  });
});
