/** proxy.ts decisions (the redirect and rewrite table), without a server. */
import { COUNTRY_COOKIE } from '@/lib/web/cookies';
import { config, decide } from '@/proxy';

const d = (path: string) => decide(new URL(path, 'http://site.example'));

describe('proxy decide', () => {
  it('redirects the short listing paths to page 1', () => {
    expect(d('/videos/')).toMatchObject({ redirect: '/videos/latest-updates/1/', status: 308 });
    expect(d('/videos/longest/')).toMatchObject({ redirect: '/videos/longest/1/' });
    expect(d('/top-rated/')).toMatchObject({ redirect: '/videos/top-rated/1/' });
    expect(d('/categories/nature/')).toMatchObject({ redirect: '/categories/nature/latest-updates/1/' });
    expect(d('/favourites/')).toMatchObject({ redirect: '/bookmarks/' });
  });
  it('leaves unknown sorts to the 404 page', () => {
    expect(d('/videos/bogus/')).toBeNull();
    expect(d('/videos/bogus/1/?date=week')).toBeNull();
  });
  it('rewrites whitelisted filters to the internal route', () => {
    expect(d('/videos/top-rated/2/?date=week&duration=1')).toEqual({ rewrite: '/videos/top-rated/2/f/week/1/' });
    expect(d('/videos/latest-updates/1/?duration=2')).toEqual({ rewrite: '/videos/latest-updates/1/f/all/2/' });
    expect(d('/categories/nature/most-popular/1/?date=day')).toEqual({ rewrite: '/categories/nature/most-popular/1/f/day/all/' });
    expect(d('/categories/?sort=title')).toEqual({ rewrite: '/category-index/title/' });
  });
  it('drops invalid or inapplicable filters with a redirect, keeping other parameters', () => {
    expect(d('/videos/latest-updates/1/?date=week&camp=x')).toMatchObject({ redirect: '/videos/latest-updates/1/?camp=x' });
    expect(d('/videos/top-rated/1/?date=bogus&duration=1')).toMatchObject({ redirect: '/videos/top-rated/1/?duration=1' });
    // The category sorts offered are count of videos, title and recent; 'newest' is not one.
    expect(d('/categories/?sort=newest&camp=x')).toMatchObject({ redirect: '/categories/?camp=x', status: 308 });
    // Parameter order does not matter: both spellings share one cached page.
    expect(d('/videos/top-rated/1/?duration=1&date=week')).toEqual({ rewrite: '/videos/top-rated/1/f/week/1/' });
  });
  it('passes plain pages through', () => {
    expect(d('/videos/top-rated/1/')).toBeNull();
    expect(d('/video/1/x/')).toBeNull();
  });
});

test('the proxy enters no request for its cookies, and no answer of it sets one', async () => {
  // A matcher on a missing cookie would make every first visit (and every crawler) enter it.
  const conditions = config.matcher.flatMap((m): { type: string }[] => (typeof m === 'string' ? [] : [...m.has, ...((m as { missing?: { type: string }[] }).missing ?? [])]));
  expect(conditions.filter((c) => c.type === 'cookie')).toEqual([]);
  const { NextRequest } = await import('next/server');
  const { proxy } = await import('@/proxy');
  for (const path of ['/videos/', '/videos/top-rated/1/?date=week', '/search/1/?s=sunset', '/videos.rsc', '/bad%zz/', '/video/1/x/']) {
    const answer = proxy(new NextRequest(`http://site.example${path}`, { headers: { 'cf-ipcountry': 'DE' } }));
    expect([path, answer.headers.get('set-cookie')]).toEqual([path, null]);
    expect([path, answer.headers.get('cache-control')]).not.toEqual([path, 'private, no-store']);
  }
});

test('search pages may be kept by a CDN, their flight data for a client navigation may not', async () => {
  const { NextRequest } = await import('next/server');
  const { proxy } = await import('@/proxy');
  const ask = (headers: Record<string, string>) =>
    proxy(new NextRequest('http://site.example/search/1/?s=sunset', { headers: { cookie: `${COUNTRY_COOKIE}=XX`, ...headers } }));
  expect(ask({}).headers.get('cache-control')).toBe('public, s-maxage=600, stale-while-revalidate=3600');
  // Rendered against the visitor's router state, which no shared cache keys on.
  expect(ask({ rsc: '1' }).headers.get('cache-control')).toBeNull();
});
