#!/usr/bin/env node
/**
 * `npm run build:standalone`: a self-contained server folder for deployment,
 * <distDir>/standalone (NEXT_DIST_DIR, default .next), that runs with Node alone:
 *
 *   node <distDir>/standalone/server.mjs
 *
 * 1. `npm run build` with NEXT_STANDALONE=1 (next.config.ts then sets `output: 'standalone'`, and
 *    Next copies the server code and the node_modules it traced, better-sqlite3's addon and the
 *    GeoIP database included). `--no-build` skips this and packs the last standalone build.
 * 2. What Next leaves out, by design: public/ and <distDir>/static, copied beside it.
 * 3. The site's own server (server.mjs: the visitor's socket address for TRUST_PROXY, the spec's
 *    `//` path, compression) as tubefront-server.mjs, with the modules it imports
 *    (lib/server/*.mjs), started by a small server.mjs that hands it the build's
 *    configuration the way Next's generated server.js does (__NEXT_PRIVATE_STANDALONE_CONFIG:
 *    there is no next.config.ts in the folder). Next's own server.js stays and works too, without
 *    those three (and so uncompressed).
 * 4. The page cache (lib/cache/redis-handler.mjs, Redis behind it with REDIS_URL): every build
 *    names the handler (next.config.ts), so Next copies it and the `redis` client into the folder
 *    and records its path relative to the folder; the handler reads REDIS_URL when it starts, and
 *    server.mjs sizes its in-memory LRU from PAGE_CACHE_MB at start (lib/server/standalone-config.mjs;
 *    it was the build's size). Next's server.js runs on the build's configuration, which names it
 *    too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const out = path.join(root, distDir, 'standalone');

if (!process.argv.includes('--no-build')) {
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_STANDALONE: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!fs.existsSync(path.join(out, 'server.js'))) {
  console.error(`build-standalone: no ${path.relative(root, out)}/server.js: build with NEXT_STANDALONE=1 first (drop --no-build)`);
  process.exit(1);
}

fs.rmSync(path.join(out, 'public'), { recursive: true, force: true });
fs.cpSync(path.join(root, 'public'), path.join(out, 'public'), { recursive: true });
fs.rmSync(path.join(out, distDir, 'static'), { recursive: true, force: true });
fs.cpSync(path.join(root, distDir, 'static'), path.join(out, distDir, 'static'), { recursive: true });
// Where Next looks for the cache handler: relative to the build folder, inside the standalone folder.
const builtFiles = JSON.parse(fs.readFileSync(path.join(out, distDir, 'required-server-files.json'), 'utf8'));
const handler = builtFiles.config.cacheHandler;
const needed = handler && !path.isAbsolute(handler) ? [path.resolve(out, distDir, handler), path.join(out, 'node_modules', 'redis')] : [];
const missing = needed.length ? needed.filter((p) => !fs.existsSync(p)).map((p) => path.relative(root, p)) : [`a cache handler inside the folder (the build names ${handler || 'none'})`];
if (missing.length) {
  console.error(`build-standalone: the page cache could not load from this folder, it lacks ${missing.join(' and ')}: rebuild (drop --no-build)`);
  process.exit(1);
}
fs.copyFileSync(path.join(root, 'server.mjs'), path.join(out, 'tubefront-server.mjs'));
// …and the modules it imports (its store of answers, compression once per answer, the edge's headers), at the same relative path.
fs.mkdirSync(path.join(out, 'lib', 'server'), { recursive: true });
for (const file of ['age-check-mark.mjs', 'answer-store.mjs', 'body-gate.mjs', 'compress-once.mjs', 'edge-headers.mjs', 'page-cache-events.mjs', 'peer-stamp.mjs', 'standalone-config.mjs', 'unread-body.mjs']) fs.copyFileSync(path.join(root, 'lib', 'server', file), path.join(out, 'lib', 'server', file));
// The age policy's parser, which age-check-mark.mjs reads AGE_POLICY with.
fs.mkdirSync(path.join(out, 'lib', 'age'), { recursive: true });
fs.copyFileSync(path.join(root, 'lib', 'age', 'policy.mjs'), path.join(out, 'lib', 'age', 'policy.mjs'));
fs.writeFileSync(
  path.join(out, 'server.mjs'),
  `#!/usr/bin/env node
// Written by scripts/build-standalone.mjs: the site's server (tubefront-server.mjs, a copy of
// server.mjs) on this standalone build. Environment as for npm start (PORT, HOSTNAME, TRUST_PROXY,
// DATABASE_PATH: an absolute path, or one relative to this folder...).
import fs from 'node:fs';
import path from 'node:path';
import { standaloneConfig } from './lib/server/standalone-config.mjs';

const dir = import.meta.dirname;
process.env.NODE_ENV = 'production';
process.chdir(dir);
const files = JSON.parse(fs.readFileSync(path.join(dir, ${JSON.stringify(distDir)}, 'required-server-files.json'), 'utf8'));
// PAGE_CACHE_MB is read here and REDIS_URL by the handler, at start, as npm start reads them (the build recorded
// the handler's path, relative to the build folder, whatever REDIS_URL was then).
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(standaloneConfig(files.config, process.env, ${JSON.stringify(handler)}));
await import('./tubefront-server.mjs');
`,
);
console.log(`build-standalone: ${path.relative(root, out)} is ready: node ${path.relative(root, out)}/server.mjs (PORT, HOSTNAME, DATABASE_PATH, ...)`);
