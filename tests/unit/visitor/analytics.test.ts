import { campaignOf, deliver, reportedPage, reportedReferrer, withoutTerms, type AnalyticsService, type Hit } from '@/components/analytics/hits';

const hit: Hit = { path: '/videos/top-rated/1/?camp=spring', campaign: 'spring', title: 'Top rated', referrer: '' };

function service(name: string, readyAfter: number, failAfter = Infinity): AnalyticsService & { sent: Hit[]; checks: number } {
  const s = {
    name,
    sent: [] as Hit[],
    checks: 0,
    ready: () => ++s.checks > readyAfter,
    failed: () => s.checks >= failAfter,
    send: (h: Hit) => void s.sent.push(h),
  };
  return s;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('analytics hits', () => {
  it('reads the campaign from campaign or camp', () => {
    expect(campaignOf('?campaign=a&camp=b')).toBe('a');
    expect(campaignOf('camp=b')).toBe('b');
    expect(campaignOf('?s=x')).toBeNull();
  });

  it('retries every second until both services have the hit, then stops', () => {
    const ga = service('ga', 0);
    const ym = service('ym', 2);
    deliver(hit, [ga, ym]);
    expect(ga.sent).toEqual([hit]);
    expect(ym.sent).toEqual([]);
    jest.advanceTimersByTime(1000);
    expect(ym.sent).toEqual([]);
    jest.advanceTimersByTime(1000);
    expect(ym.sent).toEqual([hit]);
    jest.advanceTimersByTime(10_000);
    expect(ga.sent).toHaveLength(1);
    expect(ym.sent).toHaveLength(1);
    expect(ym.checks).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps retrying a slow service past two minutes: no attempt cap', () => {
    const slow = service('slow', 300);
    deliver(hit, [slow]);
    jest.advanceTimersByTime(299_000);
    expect(slow.sent).toEqual([]);
    jest.advanceTimersByTime(1000);
    expect(slow.sent).toEqual([hit]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('drops a service only once its script has failed, and still delivers to the other', () => {
    const blocked = service('blocked', Infinity, 5);
    const ym = service('ym', 8);
    deliver(hit, [blocked, ym]);
    jest.advanceTimersByTime(5000);
    expect(blocked.checks).toBe(5);
    jest.advanceTimersByTime(60_000);
    expect(blocked.checks).toBe(5);
    expect(ym.sent).toEqual([hit]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('what a hit says about a search', () => {
  it('reports the search page without its term, keeping its page and filters', () => {
    expect(reportedPage('/search/2/', 's=private+wish&duration=1')).toEqual({ path: '/search/2/?duration=1', terms: ['private wish'] });
    expect(reportedPage('/search/1/', 's=%20private%20%20wish%20').terms).toEqual(['private  wish', 'private wish']);
    expect(reportedPage('/search/1/', 'q=lake&camp=spring')).toEqual({ path: '/search/1/?camp=spring', terms: ['lake'] });
    expect(reportedPage('/videos/top-rated/2/', 'date=week')).toEqual({ path: '/videos/top-rated/2/?date=week', terms: [] });
    // Too short for the search page to take, so its name does not hold it; the path still loses it.
    expect(reportedPage('/search/1/', 's=ab')).toEqual({ path: '/search/1/', terms: [] });
  });

  it('takes the term out of the page name, whatever its case', () => {
    expect(withoutTerms('Private Wish videos - Page 2 | tubefront', ['private wish'])).toBe('… videos - Page 2 | tubefront');
    expect(withoutTerms('a.b* videos | tubefront', ['a.b*'])).toBe('… videos | tubefront');
    expect(withoutTerms('Top rated videos | tubefront', [])).toBe('Top rated videos | tubefront');
  });

  it('takes it out of a referrer on this site, and leaves other sites\' referrers alone', () => {
    expect(reportedReferrer('https://tube.example/search/1/?s=private%20wish', 'https://tube.example')).toBe('https://tube.example/search/1/');
    expect(reportedReferrer('https://other.example/?s=x', 'https://tube.example')).toBe('https://other.example/?s=x');
    expect(reportedReferrer('', 'https://tube.example')).toBe('');
  });
});
