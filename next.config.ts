import path from 'node:path';
import type { NextConfig } from 'next';
import { BUILD_API_ORIGIN_VAR, BUILD_SITE_URL_VAR, buildSourceName, parseConfig } from './lib/config';
import { BUILD_CSP_VAR, cspSources, pageCsp, securityHeaders } from './lib/web/security-headers';
import { sitemapEncodingHeaders } from './lib/seo/sitemap-gzip';

// Validated like every other variable (a wrong value stops start-up with one line, see
// instrumentation.ts); here a bad value falls back to the default so that the line is the one shown.
const fromEnv = (() => {
  try {
    return parseConfig(process.env);
  } catch {
    return parseConfig({});
  }
})();
const pageCacheMb = fromEnv.pageCacheMb;

const nextConfig: NextConfig = {
  // Lets parallel builds (a second worktree, CI experiments) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The spec's routes all end in a slash; a path without one is redirected to it (308).
  trailingSlash: true,
  poweredByHeader: false,
  // Compression and ETags are the site's server's (server.mjs, lib/server/compress-once.mjs): once
  // per distinct answer there, where Next's would gzip and hash every cached page again on every
  // request (a large share of the server's CPU under load; `npm run bench:edge` compares the site's
  // server with a bare one). Next's own server.js (standalone) sends uncompressed.
  compress: false,
  generateEtags: false,
  // `npm run bench:pages` builds its own copy with browser source maps, to tell our own JavaScript
  // from the framework's module by module. Off in every other build (the maps would be public).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === '1',
  // SITE_URL is a build-time setting: pages prerendered at build carry it, so every page rendered
  // later must carry the same origin (no page may mix the build's and the server's). The value is
  // inlined into the server code here; `npm start` rebuilds when the environment asks for another.
  // API_ORIGIN is recorded too: pages prerendered at build hold the build's source's data, so
  // `npm start` rebuilds when the source changes (the running server reads API_ORIGIN itself).
  env: { [BUILD_SITE_URL_VAR]: fromEnv.siteUrl, [BUILD_API_ORIGIN_VAR]: buildSourceName(fromEnv), [BUILD_CSP_VAR]: pageCsp(cspSources(fromEnv)) },
  reactStrictMode: true,
  // better-sqlite3 is a native addon: it must be required at run time, never bundled.
  serverExternalPackages: ['better-sqlite3', 'maxmind'],
  // `npm run build:standalone` (NEXT_STANDALONE=1 at build) also writes a self-contained server
  // folder (<distDir>/standalone) for deployment (docs/operating.md, "Standalone"). Only then: `next start`
  // and server.mjs warn on every start when the configuration they read says standalone, and the
  // other builds need not pay for copying the traced files.
  ...(process.env.NEXT_STANDALONE === '1' ? { output: 'standalone' as const } : {}),
  images: { unoptimized: true },
  // The page cache lives in a bounded in-memory LRU instead of on disk: Next's file-system cache
  // never evicts, so every distinct URL a crawler or an attacker invents (a wrong video dir, a
  // missing id, an unknown category) would add files until the disk is full. Pages rendered on
  // demand are re-rendered after a restart or an eviction, which is cheap.
  cacheMaxMemorySize: pageCacheMb * 1024 * 1024,
  experimental: { isrFlushToDisk: false },
  // The page cache is the site's own handler (lib/cache/redis-handler.mjs), with or without Redis:
  // Next's in-memory cache keeps every entry until it is evicted, serving it stale meanwhile, so a
  // flood of invented URLs (each a short-lived 404 or redirect) would push out the pages visitors
  // read; the handler keeps such entries apart and drops them after their minute. With REDIS_URL,
  // several servers share the pages through Redis behind the same LRU (docs/redis.md). Next reads
  // this file again at `next start`, so REDIS_URL takes effect at start whatever the build saw.
  // Next imports the handler as is (not bundled), from an absolute path; a standalone build traces
  // it and the `redis` client into the folder and records its path relative to it. Pages
  // prerendered at build (home, the category index) are rendered again on their first request.
  cacheHandler: path.join(__dirname, 'lib', 'cache', 'redis-handler.mjs'),
  // How long a shared cache may keep serving a page stale while it fetches a fresh copy
  // (stale-while-revalidate = expireTime - the page's revalidate). Next's default is a year. Two
  // days is twice the longest page lifetime (videos, video and information pages: 1 day), so no
  // page is served more than a day past its expiry: 1 day for those, 47 h for home (1 h), 44 h
  // for categories (4 h). docs/caching.md lists every page family.
  expireTime: 172_800,
  // Static headers (lib/web/security-headers.ts): a per-request nonce would make every page dynamic.
  // The Content-Security-Policy names the configured hosts (EMBED_HOSTS, IMG_HOSTS, the analytics
  // IDs): `npm start` rebuilds when they change (scripts/start.ts). The sitemaps' stored gzip leaves
  // as it is (lib/seo/sitemap-gzip.ts: a route handler cannot set Content-Encoding itself).
  headers: async () => [...securityHeaders(cspSources(fromEnv)), ...sitemapEncodingHeaders()],
  // The site's icon is app/icon.svg (every page links it); a client that asks for /favicon.ico
  // without reading the page gets there too, instead of a 404 page rendered for each new visitor.
  redirects: async () => [{ source: '/favicon.ico', destination: '/icon.svg', permanent: true }],
  // experimental.inlineCss was measured and left off: a sooner first paint in Lighthouse, but every
  // page's HTML grows by the whole stylesheet (inlined in the HTML and again in the flight payload,
  // and no longer cached across pages). `npm run bench:pages` weighs both once the option is set here.
};

export default nextConfig;
