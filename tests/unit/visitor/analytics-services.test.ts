/** @jest-environment jsdom */
import type { Hit } from '@/components/analytics/hits';
import { googleAnalytics } from '@/components/analytics/services';

describe('Google Analytics', () => {
  it('sends the page view with the reported page, and sets it for the events gtag.js sends on its own', () => {
    const gtag = jest.fn();
    (window as unknown as { gtag: typeof gtag }).gtag = gtag;
    const hit: Hit = { path: '/search/2/?duration=1', campaign: null, title: '… videos - Page 2 | tubefront', referrer: `${location.origin}/` };
    googleAnalytics('G-TEST1234').send(hit);
    const page = { page_location: `${location.origin}/search/2/?duration=1`, page_title: hit.title, page_referrer: hit.referrer };
    expect(gtag.mock.calls).toEqual([
      ['set', page],
      ['event', 'page_view', { send_to: 'G-TEST1234', ...page, page_path: hit.path, campaign_name: undefined }],
    ]);
  });
});
