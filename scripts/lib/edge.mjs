/**
 * The SHIPPED edge (deploy/nginx/nginx.conf) under Debian's nginx, for tests and benches: a copy
 * of the file in a temporary prefix with only the listen port, the upstream servers and the
 * secrets replaced (never port 8080 or 3000 here), started unprivileged, always stopped. Each replacement must
 * match exactly once, so a change of the shipped file's shape fails the suite instead of testing
 * something else.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startProcess, waitFor } from './harness.mjs';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const SHIPPED_CONF = path.join(root, 'deploy', 'nginx', 'nginx.conf');

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
 * `edgeSecret` fills the EDGE_SECRET line and `purgeSecret` the EDGE_PURGE_SECRET one, as README
 * tells an operator to.
 */
export function edgeConfig({ port, upstreams, extraHttp = '', edgeSecret = '', purgeSecret = '' }) {
  let conf = fs.readFileSync(SHIPPED_CONF, 'utf8');
  conf = replaceOnce(conf, '    listen 8080;\n', `    listen 127.0.0.1:${port};\n`);
  conf = replaceOnce(conf, '    server 127.0.0.1:3000;\n', upstreams.map((u) => `    server ${u};\n`).join(''));
  if (edgeSecret) conf = replaceOnce(conf, '    proxy_set_header X-Tubefront-Edge "";\n', `    proxy_set_header X-Tubefront-Edge "${edgeSecret}";\n`);
  if (purgeSecret) conf = replaceOnce(conf, '      set $edge_purge_secret "";\n', `      set $edge_purge_secret "${purgeSecret}";\n`);
  if (extraHttp) conf = replaceOnce(conf, '\n  server {\n', `\n${extraHttp}\n  server {\n`);
  return conf;
}

/** `nginx -t` on a configuration text; throws with nginx's message when it is refused. */
export function testConfig(text) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-t-'));
  try {
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), text);
    return execFileSync(NGINX, ['-t', '-p', prefix, '-c', 'nginx.conf'], { stdio: 'pipe' }).toString();
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}

/**
 * Starts the shipped edge on `port` (a free one) in front of `upstreams`, in a fresh prefix, with
 * the exact command README "Operating it" gives: `nginx -p <prefix> -c nginx.conf`. Resolves
 * once `probePath` answers through it.
 */
export async function startEdge({ port, upstreams, extraHttp = '', edgeSecret = '', purgeSecret = '', probePath = '/api/health/', prepare }) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-edge-'));
  // Run as root, nginx's workers drop to `nobody`: they must reach the prefix, write the cache and
  // temp folders (the master creates those and hands them over) and the purge state folder.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'state'), { mode: 0o777 });
  fs.chmodSync(path.join(prefix, 'state'), 0o777);
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), edgeConfig({ port, upstreams, extraHttp, edgeSecret, purgeSecret }));
  if (prepare) prepare(prefix);
  const args = ['-p', prefix, '-c', 'nginx.conf'];
  const handle = startProcess(NGINX, args, { cwd: prefix });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}${probePath}`, handle.child, 30_000);
  } catch (e) {
    const log = path.join(prefix, 'error.log');
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-2000));
    handle.stop();
    fs.rmSync(prefix, { recursive: true, force: true });
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
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Whether a process runs (a zombie waiting for its parent does not). */
function alive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resident memory (VmRSS, kB) of a list of pids, from /proc. */
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
