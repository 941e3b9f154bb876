/**
 * A throwaway nginx (Debian's package) in a temporary prefix, started unprivileged on a free port
 * as a shared cache in front of a site: a test fixture, not the shipped deploy/nginx config. It is
 * deliberately hostile: the cache key ignores cookies and `proxy_ignore_headers Set-Cookie` lets
 * it store answers that set a cookie, as a careless CDN would. Only the origin's Cache-Control
 * (private, no-store) keeps a visitor's cookie out of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, waitFor } from './harness.mjs';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * The fixture's nginx.conf: its files under `prefix`, listening on `port`, proxying to `origin`.
 * @param {{ prefix: string; port: number; origin: string }} options
 * @returns {string}
 */
export function nginxConfig({ prefix, port, origin }) {
  /** @param {string} name */
  const dir = (name) => path.join(prefix, name);
  return `daemon off;
worker_processes 1;
pid ${dir('nginx.pid')};
error_log ${dir('error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir('body')};
  proxy_temp_path ${dir('proxy')};
  fastcgi_temp_path ${dir('fastcgi')};
  uwsgi_temp_path ${dir('uwsgi')};
  scgi_temp_path ${dir('scgi')};
  proxy_cache_path ${dir('cache')} levels=1:2 keys_zone=pages:10m max_size=200m inactive=1d use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${origin};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_cache pages;
      # One copy per URL for everybody, whatever the visitor's cookies.
      proxy_cache_key $scheme$http_host$request_uri;
      # Hostile: store (and replay) answers that set a cookie.
      proxy_ignore_headers Set-Cookie;
      proxy_cache_valid 200 301 302 307 308 10m;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/**
 * Starts nginx on `port` in front of `origin`; resolves once it answers.
 * @param {number} port
 * @param {string} origin the site's base URL
 * @returns {Promise<import('./harness.mjs').ProcessHandle & { baseUrl: string; prefix: string }>}
 */
export async function startNginx(port, origin) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user that must reach the cache folder.
  fs.chmodSync(prefix, 0o755);
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ prefix, port, origin }));
  const handle = startProcess(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')]);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/information/`, handle.child, 30_000);
  return {
    ...handle,
    baseUrl,
    prefix,
    stop() {
      handle.stop();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
