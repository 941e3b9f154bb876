/**
 * A local TLS front for tests that need the site behind https under another host name: a
 * self-signed certificate made by openssl, and Debian's nginx started as a plain process
 * (`nginx -p <dir> -c <conf>`, no system service, a free high port) proxying to the site.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startProcess } from './harness.mjs';

/**
 * @param {string} cmd
 * @returns {string} its path
 */
function need(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  // nginx lives in /usr/sbin, which a normal user's PATH may lack.
  if (r.status !== 0 && fs.existsSync(`/usr/sbin/${cmd}`)) return `/usr/sbin/${cmd}`;
  if (r.status !== 0) throw new Error(`${cmd} is not installed (apt-get install -y ${cmd}; .ci/run does it)`);
  return r.stdout.trim();
}

/**
 * A self-signed certificate for `host` (and www.`host`), valid two days.
 * @param {string} dir
 * @param {string} host
 */
export function makeCertificate(dir, host) {
  const openssl = need('openssl');
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    openssl,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2',
      '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host},DNS:www.${host}`],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  return { cert, key };
}

/**
 * @param {string} dir
 * @param {{ host: string; port: number; upstreamPort: number; cert: string; key: string }} options
 */
function nginxConf(dir, { host, port, upstreamPort, cert, key }) {
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    server_name ${host} www.${host};
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      # Streams answers straight through: no temp files that a worker running as nobody could not write.
      proxy_buffering off;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`;
}

/**
 * @param {number} port
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [timeoutMs]
 */
function waitForPort(port, child, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  return new Promise(/** @param {(value?: void) => void} resolve @param {(err: Error) => void} reject */ (resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited with code ${child.exitCode}`));
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > until) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts nginx on 127.0.0.1:`port` with TLS for `host`, proxying to 127.0.0.1:`upstreamPort`.
 * @param {{ dir: string; host: string; port: number; upstreamPort: number }} options
 */
export async function startTlsFront({ dir, host, port, upstreamPort }) {
  const nginx = need('nginx');
  fs.mkdirSync(dir, { recursive: true });
  const { cert, key } = makeCertificate(dir, host);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf(dir, { host, port, upstreamPort, cert, key }));
  // -e: the early error log too, so that nothing is written to /var/log.
  const handle = startProcess(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(port, handle.child);
  return { ...handle, port, host, errorLog: path.join(dir, 'error.log') };
}
