/**
 * The security headers of every response, set statically in next.config.ts (headers()), so that
 * prerendered and cached pages keep being served from the cache.
 *
 * script-src keeps 'unsafe-inline' and uses neither hashes nor nonces, measured on the built site:
 * every page carries inline `self.__next_f.push(...)` flight scripts whose text differs per page
 * (and per render), so a static header cannot list their hashes; a nonce must be new on every
 * response, which makes Next render every page dynamically (no prerendering, no page cache). The
 * rest is locked down instead: scripts only from this origin and the two analytics services, no
 * plugins, no <base>, forms post here only, frames, images and media only from this origin and the
 * configured hosts (EMBED_HOSTS, IMG_HOSTS, API_ORIGIN, the analytics services whose ID is set).
 */

import { DEFAULT_EMBED_HOSTS } from '../config/index';

/**
 * What the policy allows beyond this origin, all of it from the configuration (lib/config/index.ts), so
 * that the header names only hosts the site really uses: no `https:` wildcard anywhere.
 */
export interface CspSources {
  /** EMBED_HOSTS: the players' hosts (each with its subdomains, as the embed check has it). */
  embedHosts: readonly string[];
  /** IMG_HOSTS: where thumbnails and previews come from besides this origin (a feed's or an upstream's CDN). */
  imgHosts: readonly string[];
  /** API_ORIGIN: an upstream's root-relative thumbnails are on its origin. */
  apiOrigin: string;
  analyticsGaId: string;
  analyticsYmId: string;
}

export function cspSources(c: CspSources): CspSources {
  return { embedHosts: c.embedHosts, imgHosts: c.imgHosts, apiOrigin: c.apiOrigin, analyticsGaId: c.analyticsGaId, analyticsYmId: c.analyticsYmId };
}

/** The name under which next.config.ts records the build's page policy, so `npm start` rebuilds for another. */
export const BUILD_CSP_VAR = 'TUBEFRONT_BUILD_CSP';

/** The configuration's defaults: the demo's own player and thumbnails, no analytics. */
export const DEFAULT_CSP_SOURCES: CspSources = {
  embedHosts: DEFAULT_EMBED_HOSTS,
  imgHosts: [],
  apiOrigin: '',
  analyticsGaId: '',
  analyticsYmId: '',
};

/**
 * The hosts each analytics service (components/analytics/services.ts) loads its script from and
 * sends to, used only when its ID is set. Scripts by path: the tag's URL, not every file (or
 * anyone's container) on the host.
 */
const GA = {
  script: ['https://www.googletagmanager.com/gtag/js'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  frame: [] as string[],
};
const YM = {
  script: ['https://mc.yandex.ru/metrika/tag.js'],
  connect: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
  img: ['https://mc.yandex.ru'],
  frame: ['https://mc.yandex.ru', 'https://mc.yandex.com'],
};

/** A host and its subdomains, for the page's scheme (https only on an https page). */
const withSubdomains = (hosts: readonly string[]) => hosts.flatMap((h) => [h, `*.${h}`]);

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** The site's pages (and the API, where it only adds protection). */
export function pageCsp(c: CspSources = DEFAULT_CSP_SOURCES): string {
  const analytics = [...(c.analyticsGaId ? [GA] : []), ...(c.analyticsYmId ? [YM] : [])];
  const media = ["'self'", ...(c.apiOrigin ? [c.apiOrigin] : []), ...c.imgHosts];
  return policy({
    'default-src': ["'self'"],
    // 'unsafe-inline': Next's flight scripts (see docs/security.md).
    'script-src': ["'self'", "'unsafe-inline'", ...analytics.flatMap((a) => a.script)],
    // React and next/font set style attributes; the age gate's CSS is an inline <style>.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...media, 'data:', ...analytics.flatMap((a) => a.img)],
    'media-src': media,
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...analytics.flatMap((a) => a.connect)],
    // The player: the demo /embed/ page here or an EMBED_HOSTS player (the page renders no other,
    // lib/seo/embed.ts). Ads are /ad-frame/ documents here.
    'frame-src': ["'self'", ...withSubdomains(c.embedHosts), ...analytics.flatMap((a) => a.frame)],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  });
}

/** /ad-frame/{kind}/: the operator's ad tag, which loads from ad networks' hosts (unknown here);
 * it runs sandboxed (opaque origin: no access to this site's cookies, storage or pages). */
export const adFrameCsp = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** /embed/{id}/: a player page that other sites put in their own iframes (the demo's thumbnails
 * and videos are this origin's; an upstream's or a CDN's as configured). */
export const embedCsp = (c: CspSources = DEFAULT_CSP_SOURCES) => policy({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", ...(c.apiOrigin ? [c.apiOrigin] : []), ...c.imgHosts, 'data:'],
  'media-src': ["'self'", ...(c.apiOrigin ? [c.apiOrigin] : []), ...c.imgHosts],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ['*'],
});

const common = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/** Powerful features off everywhere; the player may autoplay and go full screen. `frames` is the
 * allowlist of those: `*` on pages, whose player iframe may be any https origin (its `allow`
 * attribute narrows it to that frame), `(self)` in the player itself. */
const permissions = (frames: string) =>
  [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'hid=()',
    'bluetooth=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
    'publickey-credentials-get=()',
    'browsing-topics=()',
    `autoplay=${frames}`,
    `fullscreen=${frames}`,
    `picture-in-picture=${frames}`,
    `encrypted-media=${frames}`,
  ].join(', ');

export type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/** The headers for a configuration (next.config.ts passes the build's; the defaults make the shipped nginx.conf). */
export function securityHeaders(c: CspSources = DEFAULT_CSP_SOURCES): HeaderRule[] {
  return [
    {
      // Every path but the embed player and the ad frames (path-to-regexp: a negative look-ahead on the first segment).
      source: '/:path((?!embed/|ad-frame/).*)',
      headers: [
        ...common,
        { key: 'Content-Security-Policy', value: pageCsp(c) },
        // The player is another document (often another origin): it gets autoplay and full screen
        // through its iframe's allow attribute, which may only narrow what this header grants.
        { key: 'Permissions-Policy', value: permissions('*') },
        { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
      ],
    },
    {
      source: '/embed/:path*',
      headers: [
        ...common,
        { key: 'Content-Security-Policy', value: embedCsp(c) },
        { key: 'Permissions-Policy', value: permissions('(self)') },
      ],
    },
    {
      source: '/ad-frame/:path*',
      headers: [
        ...common,
        { key: 'Content-Security-Policy', value: adFrameCsp },
        { key: 'Permissions-Policy', value: permissions('()') },
      ],
    },
  ];
}
