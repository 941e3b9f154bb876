import { campaignOf, deliver, type AnalyticsService, type Hit } from '@/components/analytics/hits';

const hit: Hit = { path: '/videos/top-rated/1/?camp=spring', campaign: 'spring', title: 'Top rated', referrer: '' };

function service(name: string, readyAfter: number): AnalyticsService & { sent: Hit[]; checks: number } {
  const s = {
    name,
    sent: [] as Hit[],
    checks: 0,
    ready: () => ++s.checks > readyAfter,
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

  it('gives up after the maximum number of attempts', () => {
    const never = service('never', Infinity);
    deliver(hit, [never], 1000, 5);
    jest.advanceTimersByTime(60_000);
    expect(never.checks).toBe(5);
    expect(jest.getTimerCount()).toBe(0);
  });
});
