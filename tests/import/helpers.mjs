/**
 * What import.test.mjs (npm run test:import) needs beside the shared harness: the sample feeds
 * over HTTP, and what a visitor, a crawler and an API client see of one imported video.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { root } from '../support/system/harness.mjs';

export const FEEDS = path.join(root, 'tests/fixtures/feeds');

/**
 * The feeds of tests/fixtures/feeds over HTTP on 127.0.0.1:`port` (0: any free one), by file name.
 * @param {number} port
 * @returns {Promise<http.Server>}
 */
export function serveFeeds(port) {
  const server = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent(new URL(/** @type {string} */ (req.url), 'http://x').pathname));
    const file = path.join(FEEDS, name);
    if (!name || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * The status and body of `url`, redirects followed.
 * @param {string} url
 */
export async function text(url) {
  const res = await fetch(url, { redirect: 'follow' });
  return { status: res.status, body: await res.text() };
}

/**
 * What a visitor, a crawler and an API client see of the sample feed's quokka video, by surface.
 * @param {string} base
 * @param {number} id
 * @param {string} dir the video page's slug
 * @returns {Promise<Record<'page' | 'category' | 'search' | 'sitemap' | 'api', boolean>>}
 */
export async function visibility(base, id, dir) {
  const [video, category, search, sitemap, api] = await Promise.all([
    text(`${base}/video/${id}/${dir}/`),
    text(`${base}/categories/island-life/latest-updates/1/`),
    text(`${base}/search/1/?s=quokka`),
    text(`${base}/sitemaps/videos-1.xml`),
    text(`${base}/api/json/video/86400/0/${Math.floor(id / 1000) * 1000}/${id}.json`),
  ]);
  const url = `/video/${id}/${dir}/`;
  return {
    page: video.status === 200 && video.body.includes('Quokka Island Morning Walk'),
    category: category.body.includes(url),
    search: search.body.includes(url),
    sitemap: sitemap.body.includes(url),
    api: api.status === 200 && api.body.includes('"video_id":' + id),
  };
}

/**
 * The surfaces of `seen` whose value is `shown`, by name.
 * @param {Record<string, boolean>} seen
 * @param {boolean} shown
 */
export const surfaces = (seen, shown) =>
  Object.entries(seen)
    .filter(([, yes]) => yes === shown)
    .map(([name]) => name);
