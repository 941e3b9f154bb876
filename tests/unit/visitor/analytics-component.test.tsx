/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { Analytics } from '@/components/analytics/analytics';
import type { Hit } from '@/components/analytics/hits';
import { googleAnalytics, yandexMetrica } from '@/components/analytics/services';
import { acceptNotice } from '@/components/cookie-notice/notice-store';

let pathname = '/';
let search = '';
jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(search),
}));

/** The services, as the page would load them: every hit they would send is kept here. */
const sent: Hit[] = [];
jest.mock('@/components/analytics/services', () => {
  const service = (name: string) => ({ name, ready: () => true, failed: () => false, send: (h: Hit) => sent.push(h) });
  return { googleAnalytics: jest.fn(() => service('ga4')), yandexMetrica: jest.fn(() => service('metrica')) };
});

async function visit(path: string, query: string, title: string, afterConsent: boolean, rerender?: (ui: React.ReactElement) => void) {
  pathname = path;
  search = query;
  document.title = title;
  const ui = <Analytics gaId="G-TEST1234" ymId="12345678" afterConsent={afterConsent} />;
  const r = rerender ? (rerender(ui), undefined) : render(ui);
  await act(async () => {
    jest.advanceTimersByTime(10);
  });
  return r;
}

beforeEach(() => {
  jest.useFakeTimers();
  sent.length = 0;
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());

// The module keeps its services once made, as the page does across navigations: the consent
// tests run first, while none is made.
describe('analytics that wait for the cookie notice (ANALYTICS_AFTER_CONSENT)', () => {
  it('load nothing and report nothing before Accept; from Accept on, the page being viewed and the next', async () => {
    const r = await visit('/videos/latest-updates/1/', '', 'Latest | tubefront', true);
    await visit('/videos/top-rated/1/', '', 'Top rated | tubefront', true, r!.rerender);
    expect(googleAnalytics).not.toHaveBeenCalled();
    expect(yandexMetrica).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    await act(async () => acceptNotice());
    await act(async () => {
      jest.advanceTimersByTime(10);
    });
    expect(googleAnalytics).toHaveBeenCalledTimes(1);
    expect(yandexMetrica).toHaveBeenCalledTimes(1);
    expect(sent.map((h) => h.path)).toEqual(['/videos/top-rated/1/', '/videos/top-rated/1/']);
    await visit('/videos/longest/1/', '', 'Longest | tubefront', true, r!.rerender);
    expect(sent.map((h) => h.path).slice(2)).toEqual(['/videos/longest/1/', '/videos/longest/1/']);
    r!.unmount();
  });

  it('stop at the next page once the visitor wiped their data (the flag is gone)', async () => {
    window.localStorage.setItem('showCookiesNotify', 'false');
    const r = await visit('/videos/latest-updates/2/', '', 'Latest | tubefront', true);
    expect(sent).toHaveLength(2);
    window.localStorage.removeItem('showCookiesNotify');
    await visit('/videos/latest-updates/3/', '', 'Latest | tubefront', true, r!.rerender);
    expect(sent).toHaveLength(2);
    r!.unmount();
  });
});

describe('analytics as the spec has them (the default)', () => {
  it('report every page at once, notice accepted or not', async () => {
    const r = await visit('/categories/', '', 'Categories | tubefront', false);
    expect(sent.map((h) => h.path)).toEqual(['/categories/', '/categories/']);
    r!.unmount();
  });

  it('never report a search term: not in the path, the page name or the next page\'s referrer', async () => {
    const r = await visit('/search/2/', 's=Private+Wish&duration=1&camp=spring', 'Private Wish videos - Page 2 | tubefront', false);
    await visit('/video/42/some-video/', '', 'Some video | tubefront', false, r!.rerender);
    const [search, , video] = sent;
    expect(search).toEqual({ path: '/search/2/?duration=1&camp=spring', campaign: 'spring', title: '… videos - Page 2 | tubefront', referrer: expect.any(String) });
    expect(video?.referrer).toBe(`${location.origin}/search/2/?duration=1&camp=spring`);
    expect(JSON.stringify(sent)).not.toMatch(/private|wish/i);
    r!.unmount();
  });
});
