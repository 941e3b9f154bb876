/** The two analytics services, loaded only when configured: Google Analytics 4 and Yandex Metrica. */
import { ASSET_TIMEOUT_MS, type AnalyticsService, type Hit } from './hits';

type Gtag = (...args: unknown[]) => void;
interface YmFn {
  (...args: unknown[]): void;
  a?: unknown[];
  l?: number;
}
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  ym?: YmFn;
}

const loaded = new Set<string>();
const errored = new Set<string>();
/** When each script was injected, for the asset timeout. */
const injected = new Map<string, number>();

function inject(src: string): void {
  if (injected.has(src)) return;
  injected.set(src, Date.now());
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  s.onload = () => loaded.add(src);
  s.onerror = () => errored.add(src);
  document.head.appendChild(s);
}

/** A script that errored, or has not loaded within the asset timeout, will never take a hit. */
function failed(src: string): boolean {
  if (loaded.has(src)) return false;
  return errored.has(src) || Date.now() - (injected.get(src) ?? Date.now()) >= ASSET_TIMEOUT_MS;
}

const w = () => window as unknown as AnalyticsWindow;

export function googleAnalytics(id: string): AnalyticsService {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  if (!w().gtag) {
    w().dataLayer = w().dataLayer ?? [];
    // gtag.js reads the arguments objects from dataLayer
    w().gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w().dataLayer!.push(arguments);
    };
    w().gtag!('js', new Date());
    w().gtag!('config', id, { send_page_view: false });
  }
  inject(src);
  return {
    name: 'ga4',
    ready: () => loaded.has(src) && typeof w().gtag === 'function',
    failed: () => failed(src),
    send: (hit: Hit) => {
      const page = { page_location: `${location.origin}${hit.path}`, page_title: hit.title, page_referrer: hit.referrer || undefined };
      // The events gtag.js sends on its own (engagement, scrolls) take these instead of the
      // browser's address and title, which may hold a search term.
      w().gtag!('set', page);
      w().gtag!('event', 'page_view', { send_to: id, ...page, page_path: hit.path, campaign_name: hit.campaign ?? undefined });
    },
  };
}

export function yandexMetrica(id: string): AnalyticsService {
  const src = 'https://mc.yandex.ru/metrika/tag.js';
  const counter = Number(id);
  if (!w().ym) {
    const ym: YmFn = (...args: unknown[]) => {
      (ym.a = ym.a ?? []).push(args);
    };
    ym.l = Date.now();
    w().ym = ym;
  }
  w().ym!(counter, 'init', { defer: true, clickmap: true, trackLinks: true, accurateTrackBounce: true });
  inject(src);
  return {
    name: 'metrica',
    ready: () => loaded.has(src) && typeof w().ym === 'function',
    failed: () => failed(src),
    send: (hit: Hit) =>
      w().ym!(counter, 'hit', `${location.origin}${hit.path}`, {
        title: hit.title,
        referer: hit.referrer || undefined,
        params: hit.campaign ? { campaign: hit.campaign } : undefined,
      }),
  };
}
