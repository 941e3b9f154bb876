#!/usr/bin/env node
/**
 * A stand-in for the network's API over real HTTP, serving the recorded answers of
 * tests/fixtures/upstream. Which answer a request gets follows from its URL alone, so that every
 * page the site caches maps to one fixture:
 * - lists of a category whose dir names a variant (sparse, error-json, html-200, html-502, empty,
 *   slow, redirect), and searches for such a term, get that variant; other lists get videos.json;
 * - lists by a model, channel or tag (SECTION_FIXTURES below) get that one's list, or none for
 *   another; the model and channel indexes their fixture on page 1, no entries after;
 * - videos by id (VIDEOS below); related lists of video 110 answer html-502;
 * - everything else its one fixture.
 * Usage: node fixture-server.mjs PORT   (prints "fixture upstream on http://127.0.0.1:PORT")
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'fixtures', 'upstream');
/** @param {string} name */
const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
const variants = JSON.parse(read('variants.json'));

/**
 * Video ids and what the network answers for each.
 * @type {Record<string, string>}
 */
export const VIDEOS = {
  101: 'video.json',
  102: 'video-sparse.json',
  103: 'not-found',
  104: 'error-json',
  105: 'html-200',
  106: 'html-502',
  107: 'empty',
  108: 'slow',
  109: 'redirect',
  110: 'video-110',
  112: 'video-status5.json',
  // Sends a maintenance page once, then the video: a transient failure that must not be kept.
  113: 'html-200-once',
};

/**
 * The one model, channel and tag with a list of its own, by section (the network's singular; its
 * clients also send the plural) and dir.
 * @type {Record<string, { dir: string; file: string }>}
 */
export const SECTION_FIXTURES = {
  model: { dir: 'ada-stone', file: 'videos-model.json' },
  channel: { dir: 'fixture-studio', file: 'videos-channel.json' },
  tag: { dir: 'boats', file: 'videos-tag.json' },
};

const seen = new Set();

/** @typedef {http.IncomingMessage} Req */
/** @typedef {http.ServerResponse} Res */

/**
 * @param {Res} res
 * @param {number} status
 * @param {string} text
 */
function sendJson(res, status, text) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers with a named variant, or with the fixture file `ok` when the variant is 'ok' or 'slow'.
 * @param {Req} req
 * @param {Res} res
 * @param {string} variant
 * @param {string} ok
 */
function answer(req, res, variant, ok) {
  const v = variants[variant];
  if (!v || variant === 'ok') return sendJson(res, 200, read(ok));
  if (v.delayMs) {
    const timer = setTimeout(() => sendJson(res, 200, read(ok)), v.delayMs);
    res.on('close', () => clearTimeout(timer));
    return;
  }
  if (v.location) {
    res.writeHead(v.status, { location: `${v.location}${req.url}`, 'content-type': 'text/html' });
    return res.end('<html><body>Moved</body></html>');
  }
  const body = v.file ? read(v.file) : v.body;
  res.writeHead(v.status, { 'content-type': v.type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * @param {Req} req
 * @param {Res} res
 * @param {string} body the request's body, read whole
 */
function route(req, res, body) {
  // A server's request always has its URL (Node types it optional for client-side messages).
  const url = new URL(/** @type {string} */ (req.url), 'http://fixture');
  const p = url.pathname;
  let m;
  if ((m = /^\/api\/json\/videos2\/\d+\/[^/]+\/[^/]+\/\d+\/([^.]*)\.([^.]*)\.(\d+)\.[^/]*\.json$/.exec(p))) {
    // Every group takes part in a match: none is undefined.
    const [, section = '', object = '', page] = m;
    const own = SECTION_FIXTURES[section.replace(/s$/, '')];
    if (own) return sendJson(res, 200, own.dir === object && Number(page) === 1 ? read(own.file) : JSON.stringify({ total_count: '0', videos: [] }));
    const variant = section.startsWith('categor') && variants[object] ? object : object === 'sparse' ? 'sparse' : 'ok';
    if (variant === 'sparse') return sendJson(res, 200, read('videos-sparse.json'));
    // Three videos on page 1 and nothing after: a short catalogue.
    if (variant === 'ok' && Number(page) > 1) return sendJson(res, 200, JSON.stringify({ total_count: '3', videos: [] }));
    return answer(req, res, variant, 'videos.json');
  }
  if (p === '/api/videos2.php') {
    const term = url.searchParams.get('s') ?? '';
    if (term === 'sparse') return sendJson(res, 200, read('videos-sparse.json'));
    if (term === 'nothing') return sendJson(res, 200, JSON.stringify({ total_count: 0, videos: [] }));
    return answer(req, res, variants[term] ? term : 'ok', 'search.json');
  }
  if ((m = /^\/api\/json\/video\/\d+\/\d+\/\d+\/(\d+)\.json$/.exec(p))) {
    const what = VIDEOS[/** @type {string} */ (m[1])] ?? 'not-found';
    if (what === 'not-found') return sendJson(res, 200, read('error-not-found.json'));
    if (what === 'html-200-once') {
      if (seen.has(p)) {
        const v = JSON.parse(read('video.json'));
        Object.assign(v.video, { video_id: '113', dir: 'morning-ferry', title: 'Morning Ferry' });
        return sendJson(res, 200, JSON.stringify(v));
      }
      seen.add(p);
      return answer(req, res, 'html-200', 'video.json');
    }
    if (what === 'video-110') {
      // The full video once more, as another id: its page renders while its related list fails.
      const v = JSON.parse(read('video.json'));
      Object.assign(v.video, { video_id: '110', dir: 'lighthouse-keeper-s-day', title: "Lighthouse Keeper's Day", embed: 'https://upstream.test/embed/110/' });
      return sendJson(res, 200, JSON.stringify(v));
    }
    return what.endsWith('.json') ? sendJson(res, 200, read(what)) : answer(req, res, what, 'video.json');
  }
  if ((m = /^\/api\/json\/videos_related2\/\d+\/\d+\/\d+\/\d+\/(\d+)\.all\.(\d+)\.json$/.exec(p))) {
    if (m[1] === '110') return answer(req, res, 'html-502', 'related.json');
    if (Number(m[2]) > 1) return sendJson(res, 200, JSON.stringify({ total_count: '2', videos: [] }));
    return sendJson(res, 200, read('related.json'));
  }
  if (/^\/api\/jsond?\/main\/\d+\/[^/]+\.json$/.test(p)) return sendJson(res, 200, read('main.json'));
  if (/^\/api\/\/?json\/suggester\/\d+\/\d+\.json$/.test(p)) return sendJson(res, 200, read('suggester.json'));
  if (p === '/api/suggester.php') {
    const c = url.searchParams.get('c') ?? '';
    return answer(req, res, variants[c] ? c : 'ok', 'suggest.json');
  }
  if (/^\/api\/json\/categories\/\d+\/[^/]+\.json$/.test(p)) return sendJson(res, 200, read('categories.json'));
  if ((m = /^\/api\/json\/(models)\/\d+\/[^/]+\/filt\.[^/]*\/[^/]+\/\d+\/(\d+)\.json$/.exec(p) ?? /^\/api\/json\/(channels)\/\d+\/[^/]+\/[^/]+\/\d+\/\.\.(\d+)\.json$/.exec(p))) {
    const [, kind = '', page] = m;
    const all = JSON.parse(read(`${kind}.json`));
    return sendJson(res, 200, Number(page) === 1 ? JSON.stringify(all) : JSON.stringify({ total_count: all.total_count, [kind]: [] }));
  }
  if (p === '/api/videofile.php') {
    const id = url.searchParams.get('video_id');
    if (id === '101' || id === '110') return sendJson(res, 200, read('videofile.json'));
    return sendJson(res, 200, read('videofile-private.json'));
  }
  if (p === '/api/input.php' && req.method === 'POST') {
    const form = new URLSearchParams(body);
    // A vote on video 102 has been counted before: the network refuses a second one.
    return sendJson(res, 200, read(form.get('act') === 'vote' && form.get('object_id') === '102' ? 'input-already-voted.json' : 'input-ok.json'));
  }
  sendJson(res, 404, JSON.stringify({ error: 1, code: 'not_found' }));
}

export function createFixtureServer() {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => route(req, res, body));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const port = Number(process.argv[2] ?? 0);
  const server = createFixtureServer();
  server.listen(port, '127.0.0.1', () => console.log(`fixture upstream on http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`));
  for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.close(() => process.exit(0)));
}
