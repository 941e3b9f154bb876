/**
 * A throwaway Debian redis-server for the suites (test:redis, test:edge), and one command over RESP
 * for the checks' own look at it (not the code under test).
 */
import path from 'node:path';
import net from 'node:net';
import { startProcess } from './harness.mjs';

export const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';
/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @typedef {import('./harness.mjs').ProcessHandle} ProcessHandle */

/**
 * One command over RESP, for the checks' own look at Redis (not the code under test).
 * @param {number} port
 * @param {string[]} args
 * @param {number} [timeoutMs]
 * @returns {Promise<string>} the answer as RESP text, trimmed
 */
export function redisCommand(port, args, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis ${args[0]} took more than ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`));
    socket.on('data', (d) => {
      data += d;
      if (data.endsWith('\r\n')) {
        clearTimeout(timer);
        socket.end();
        resolve(data.trim());
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/**
 * redis-server on `port` (plain TCP) and, with `tls`, on `tls.port` too (TLS, no client certificates).
 * @param {number} port
 * @param {string} dir its working folder (log, no data)
 * @param {{ port: number; cert: string; key: string; ca: string }} [tls]
 * @returns {Promise<ProcessHandle>}
 */
export async function startRedis(port, dir, tls) {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--logfile', path.join(dir, 'redis.log')];
  if (tls) args.push('--tls-port', String(tls.port), '--tls-cert-file', tls.cert, '--tls-key-file', tls.key, '--tls-ca-cert-file', tls.ca, '--tls-auth-clients', 'no');
  const handle = startProcess(REDIS_SERVER, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (handle.child.exitCode !== null) throw new Error(`redis-server exited with code ${handle.child.exitCode} (see ${dir}/redis.log)`);
    try {
      if ((await redisCommand(port, ['PING'], 500)) === '+PONG') return handle;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`redis-server did not answer on port ${port} within 10 s`);
}

/**
 * @param {ProcessHandle} handle
 * @param {NodeJS.Signals} signal
 */
export function signalGroup(handle, signal) {
  try {
    process.kill(-(/** @type {number} */ (handle.child.pid)), signal);
  } catch {
    // already gone
  }
}

/**
 * Stops redis-server and waits until it is gone (it writes its log while it shuts down).
 * @param {ProcessHandle} handle
 */
export async function stopRedis(handle) {
  if (handle.child.exitCode !== null || handle.child.signalCode !== null) return;
  const exited = new Promise((r) => handle.child.once('exit', r));
  signalGroup(handle, 'SIGCONT');
  handle.stop();
  const timer = setTimeout(() => signalGroup(handle, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
