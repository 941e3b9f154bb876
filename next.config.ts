import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Lets parallel builds (a second worktree, CI experiments) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The spec's routes all end in a slash; a path without one is redirected to it (308).
  trailingSlash: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // better-sqlite3 is a native addon: it must be required at run time, never bundled.
  serverExternalPackages: ['better-sqlite3', 'maxmind'],
  images: { unoptimized: true },
};

export default nextConfig;
