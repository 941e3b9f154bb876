/**
 * The SHIPPED edge (deploy/nginx/nginx.conf) under Debian's nginx, for tests and benches: set up
 * with the start lines of the file's own header, run literally (as root in CI, as an operator
 * would), then the copied file's listen port, upstream servers and secrets replaced as an operator
 * edits them (never port 8080 or 3000 here), and, for a visitor's address to stand for a CDN's
 * visitor, its realip lines enabled; always stopped. Each replacement must match exactly once, so
 * a change of the shipped file's shape fails the suite instead of testing something else.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startProcess, waitFor } from './harness.mjs';

/**
 * What edgeConfig changes in the shipped file (see there).
 * @typedef {object} EdgeConfigOptions
 * @property {number} port
 * @property {readonly string[]} upstreams host:port strings
 * @property {string} [extraHttp]
 * @property {string} [edgeSecret]
 * @property {string} [purgeSecret]
 * @property {string} [realIpFrom]
 * @property {string | null} [text] the file to edit instead of the shipped one
 */
/**
 * The shipped edge, started by startEdge.
 * @typedef {import('./harness.mjs').ProcessHandle & {
 *   baseUrl: string;
 *   prefix: string;
 *   command: string;
 *   pids(): (number | undefined)[];
 *   errorLog(): string;
 * }} Edge
 */

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const SHIPPED_CONF = path.join(root, 'deploy', 'nginx', 'nginx.conf');

/**
 * @param {string} text
 * @param {string} from
 * @param {string} to
 * @returns {string}
 */
function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) {
    throw new Error(`deploy/nginx/nginx.conf: expected exactly one ${JSON.stringify(from)}`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * The shipped configuration listening on 127.0.0.1:`port` in front of `upstreams`
 * (host:port strings). `extraHttp` is inserted in the http block (the bench's static server).
 * `edgeSecret` fills the EDGE_SECRET line and `purgeSecret` the EDGE_PURGE_SECRET one, as docs/nginx-edge.md
 * tells an operator to.
 * @param {EdgeConfigOptions} options
 * @returns {string}
 */
export function edgeConfig({ port, upstreams, extraHttp = '', edgeSecret = '', purgeSecret = '', realIpFrom = '', text = null }) {
  let conf = text ?? fs.readFileSync(SHIPPED_CONF, 'utf8');
  conf = replaceOnce(conf, '    listen 8080;\n', `    listen 127.0.0.1:${port};\n`);
  conf = replaceOnce(conf, '    server 127.0.0.1:3000;\n', upstreams.map((u) => `    server ${u};\n`).join(''));
  if (edgeSecret) conf = replaceOnce(conf, '    proxy_set_header X-Tubefront-Edge "";\n', `    proxy_set_header X-Tubefront-Edge "${edgeSecret}";\n`);
  if (purgeSecret) conf = replaceOnce(conf, '      set $edge_purge_secret "";\n', `      set $edge_purge_secret "${purgeSecret}";\n`);
  if (extraHttp) conf = replaceOnce(conf, '\n  server {\n', `\n${extraHttp}\n  server {\n`);
  // The CDN lines: requests from `realIpFrom` name their visitor in X-Forwarded-For.
  if (realIpFrom) {
    conf = replaceOnce(conf, '    #   set_real_ip_from 192.0.2.0/24;\n', `    set_real_ip_from ${realIpFrom};\n`);
    conf = replaceOnce(conf, '    #   real_ip_header X-Forwarded-For;', '    real_ip_header X-Forwarded-For;');
  }
  return conf;
}

/** The prefix the shipped header's start lines use. */
const DOC_PREFIX = '/srv/tubefront-edge';

/**
 * The start lines of the shipped file's header: the set-up commands (mkdir, cp) before the first
 * `nginx -p` line, and that line (the start).
 * @param {string} [text] the configuration (the shipped file's)
 * @returns {{ setup: string[]; start: string }}
 */
export function startLines(text = fs.readFileSync(SHIPPED_CONF, 'utf8')) {
  // Group 1 is not optional: it is there whenever the line matches.
  const lines = [...text.matchAll(/^# {3}(\S.*?)[ \t]*(?:#.*)?$/gm)].map((m) => /** @type {string} */ (m[1]));
  const at = lines.findIndex((l) => l.startsWith('nginx -p '));
  if (at < 1 || !lines.slice(0, at).every((l) => /^(?:mkdir|cp|install|chown|chmod) /.test(l))) {
    throw new Error(`deploy/nginx/nginx.conf: its header's start lines are not set-up commands then \`nginx -p\`: ${JSON.stringify(lines)}`);
  }
  const start = /** @type {string} */ (lines[at]); // at >= 1: findIndex found it
  if (!start.includes(DOC_PREFIX)) throw new Error(`deploy/nginx/nginx.conf: the start line names no ${DOC_PREFIX}`);
  return { setup: lines.slice(0, at), start };
}

/**
 * Runs the header's set-up lines with the prefix `prefix` for /srv/tubefront-edge, from the
 * repository's root, as the current user, literally (bash, stopping at the first failure).
 * @param {string} prefix
 */
export function runSetupLines(prefix) {
  const { setup } = startLines();
  const script = setup.map((l) => l.split(DOC_PREFIX).join(prefix)).join('\n');
  execFileSync('bash', ['-euc', script], { cwd: root, stdio: 'pipe' });
}

/**
 * `nginx -t` on a configuration text; throws with nginx's message when it is refused.
 * @param {string} text
 * @returns {string} nginx's output
 */
export function testConfig(text) {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-t-'));
  const prefix = path.join(parent, 'edge');
  try {
    runSetupLines(prefix);
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), text);
    return execFileSync(NGINX, ['-t', '-p', prefix, '-c', 'nginx.conf'], { stdio: 'pipe' }).toString();
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

/**
 * Starts the shipped edge on `port` (a free one) in front of `upstreams`: the header's start lines
 * run literally for a fresh prefix (set-up, then the start line itself, `nginx -p <prefix> -c
 * nginx.conf`), the copied file edited in between (edgeConfig). Resolves once `probePath` answers
 * through it. `text` replaces the shipped file (a bench's variant); `launcher` is put before the
 * start line (a bench's valgrind).
 * @param {EdgeConfigOptions & { probePath?: string; prepare?: (prefix: string) => void; launcher?: string }} options
 * @returns {Promise<Edge>}
 */
export async function startEdge({ port, upstreams, extraHttp = '', edgeSecret = '', purgeSecret = '', realIpFrom = '', probePath = '/api/health/', prepare, text = null, launcher = '' }) {
  // The prefix's parent is the one thing made here: as /srv is, readable by the workers' user.
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-'));
  fs.chmodSync(parent, 0o755);
  const prefix = path.join(parent, 'edge');
  runSetupLines(prefix);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), edgeConfig({ port, upstreams, extraHttp, edgeSecret, purgeSecret, realIpFrom, text }));
  if (prepare) prepare(prefix);
  const { start } = startLines();
  const line = start.split(DOC_PREFIX).join(prefix).replace(/^nginx /, `${NGINX} `);
  const args = line.split(/\s+/).slice(1);
  // exec: the process started is nginx's master itself (its pid, its workers).
  const handle = startProcess('bash', ['-c', `exec ${launcher}${line}`], { cwd: prefix });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}${probePath}`, handle.child, launcher ? 120_000 : 30_000);
  } catch (e) {
    const log = path.join(prefix, 'error.log');
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-2000));
    handle.stop();
    fs.rmSync(parent, { recursive: true, force: true });
    throw e;
  }
  return {
    ...handle,
    baseUrl,
    prefix,
    command: `${NGINX} ${args.join(' ')}`,
    /** nginx's master and workers: the master's pid and its children. */
    pids() {
      const master = handle.child.pid;
      const kids = fs.existsSync(`/proc/${master}/task/${master}/children`)
        ? fs.readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
        : [];
      return [master, ...kids];
    },
    errorLog() {
      const log = path.join(prefix, 'error.log');
      return fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    },
    stop() {
      handle.stop();
      // Give the master a moment to take its workers down before the prefix goes.
      const until = Date.now() + 3000;
      while (alive(handle.child.pid) && Date.now() < until) execFileSync('sleep', ['0.05']);
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}

/**
 * Whether a process runs (a zombie waiting for its parent does not).
 * @param {number | undefined} pid undefined (a process never started): false
 */
function alive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Resident memory (VmRSS, kB) of a list of pids, from /proc; a pid gone (or undefined) counts 0.
 * @param {readonly (number | undefined)[]} pids
 * @returns {number}
 */
export function rssKb(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]);
    } catch {
      // gone
    }
  }
  return total;
}
