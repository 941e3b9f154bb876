/**
 * `npm start`: checks the configuration, builds when the build is missing or older than the
 * sources, creates and seeds the embedded catalogue on first start, then runs `next start`
 * (which honours PORT). One command from a fresh clone to a working site.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { BUILD_API_ORIGIN_VAR, BUILD_SITE_URL_VAR, buildSourceName, getConfig, type Config } from '../lib/config';
import { describeSource, sourceCapabilities } from '../lib/config/source-kind';
import { checkConfigOrExit } from '../lib/config/check';
import { BUILD_CSP_VAR, cspSources, pageCsp } from '../lib/web/security-headers';
import { serverNodeArgs } from './lib/node-memory.mjs';

const root = path.resolve(__dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(root, distDir, 'BUILD_ID');
const SOURCES = ['app', 'components', 'lib', 'locales', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** A setting the build was made with (next.config.ts records them), or '' when unknown. */
function builtWith(variable: string): string {
  try {
    const files = JSON.parse(readFileSync(path.join(root, distDir, 'required-server-files.json'), 'utf8'));
    return String(files?.config?.env?.[variable] ?? '');
  } catch {
    return '';
  }
}

/** Why a build is needed, or null when the build can serve as it is. */
function buildReason(config: Config): string | null {
  const { siteUrl } = config;
  if (!existsSync(buildId)) return 'there is no build yet';
  const built = statSync(buildId).mtimeMs;
  if (SOURCES.some((s) => newestMtime(path.join(root, s)) > built)) return 'the build is older than the sources';
  const builtFor = builtWith(BUILD_SITE_URL_VAR);
  // Prerendered pages carry the build's origin: serving them under another one would mix origins.
  if (builtFor !== siteUrl) return `the build was made for SITE_URL ${builtFor || '(unknown)'}, not ${siteUrl}`;
  // ...and the build's source's data: another source would show two catalogues at once.
  const builtFrom = builtWith(BUILD_API_ORIGIN_VAR);
  const source = buildSourceName(config);
  if (builtFrom !== source) return `the build was made from ${builtFrom || '(unknown)'}, not ${source}`;
  // The Content-Security-Policy is a build's static header, made from EMBED_HOSTS, IMG_HOSTS and the analytics IDs.
  if (builtWith(BUILD_CSP_VAR) !== pageCsp(cspSources(config))) return 'the build\'s Content-Security-Policy was made for other EMBED_HOSTS, IMG_HOSTS, API_ORIGIN or analytics IDs';
  return null;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm start` serves production: a public VOTE_SALT stops it here too (lib/config/check.ts).
checkConfigOrExit({ production: true });
const config = getConfig();

// The heap cap (scripts/lib/node-memory.mjs, MAX_HEAP_MB): V8 collects before the heap passes it,
// so that the server's memory stays within a small container instead of following the host's size.
let nodeArgs: string[];
try {
  nodeArgs = serverNodeArgs(process.env);
} catch (e) {
  console.error(`tubefront: ${(e as Error).message}`);
  process.exit(1);
}
console.log(`tubefront: source ${describeSource(config)}`);

const reason = buildReason(config);
if (reason) {
  console.log(`tubefront: building (${reason})…`);
  run('npm', ['run', 'build']);
} else if (sourceCapabilities(config).writable) {
  // The catalogue may have been deleted since the build: recreate it before serving.
  run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', 'scripts/prepare-catalog.ts']);
}

// server.mjs: Next's handler behind a server that records the socket's address (TRUST_PROXY).
const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'server.mjs')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
