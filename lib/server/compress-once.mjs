/**
 * Compression and ETags for the site's server (server.mjs), paid once per distinct answer instead
 * of once per request.
 *
 * Next's own compression (the `compression` middleware) gzips every answer again, and its ETag is a
 * JavaScript hash over the whole page: for a cached page, the two were about a third of the
 * server's CPU (measured with `node --cpu-prof` under `npm run bench:edge`). Both are off in
 * next.config.ts (`compress: false`, `generateEtags: false`) and done here instead:
 *
 * - An answer Next sends whole (a cached page, an API answer, a static file: anything that comes
 *   with a Content-Length, or in one `end()`) is hashed (SHA-256, native), and its gzip is looked
 *   up by that hash in a bounded LRU (a cached page, which Next hands over as the same string each
 *   time, is found by that string, with no encoding or hashing at all): a page served a thousand
 *   times is compressed once, at level 9 since it is once. It leaves with a Content-Length (so a proxy cache in front can store
 *   and send it as a file). Answers a shared cache may keep (200, public, s-maxage or max-age, no
 *   `private`/`no-store`) get a weak ETag from the hash, a matching If-None-Match gets 304, and
 *   their gzip is remembered; the others are compressed for their one visitor and forgotten.
 * - An answer Next streams (a page rendered now) is gzipped as it streams, each chunk flushed, as
 *   Next's middleware did: the visitor's first bytes are not held back.
 *
 * Content is the same bytes by construction: the hash names the uncompressed body, so the memo can
 * never serve another page's gzip, and nothing needs to be dropped when a page changes.
 * Untouched: HEAD, 1xx/204/206/304, answers with a Content-Encoding or `no-transform`, types that do
 * not compress (images, video), bodies under 1 kB, and clients that do not take gzip (they get the
 * same body, ETag and Vary, uncompressed).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|x-javascript)\b|image\/svg\+xml\b)/i;
const MIN_BYTES = 1024;
/** A body bigger than this is streamed through gzip rather than collected (none of the site's pages is near it). */
const MAX_COLLECT_BYTES = 4 * 1024 * 1024;

/** Whether an Accept-Encoding header takes gzip (`gzip`, `x-gzip` or `*`, with a q above 0). */
export function acceptsGzip(header) {
  if (typeof header !== 'string' || header === '') return false;
  let star = null;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    const name = token.trim();
    if (name === 'gzip' || name === 'x-gzip') return q > 0;
    if (name === '*') star = q > 0;
  }
  return star === true;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(header, etag) {
  if (typeof header !== 'string' || !etag) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function shareable(cacheControl) {
  const cc = String(cacheControl ?? '').toLowerCase();
  if (!cc || /\b(?:private|no-store|no-cache)\b/.test(cc)) return false;
  return /\b(?:public|s-maxage=[1-9]|max-age=[1-9])/.test(cc);
}

function addVary(res) {
  const vary = res.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (!list) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) res.setHeader('Vary', `${list}, Accept-Encoding`);
}

/**
 * What is known of an answer's body: its weak ETag, its length, its gzip. Entries are found by the
 * body's SHA-256, and, for a body Next hands over as a string (a cached page), by the string itself:
 * a page served again arrives as the same string, and a Map finds it without encoding or hashing
 * 100 kB again. Least recently used first out, bounded in bytes (strings counted at 2 bytes a
 * character, their worst case).
 */
class BodyMemo {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.byHash = new Map();
    this.byText = new Map();
    this.pending = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  /** The entry of `text`, if remembered. */
  text(text) {
    const entry = this.byText.get(text);
    if (!entry) return undefined;
    this.byText.delete(text);
    this.byText.set(text, entry);
    this.touch(entry);
    this.hits += 1;
    return entry;
  }

  touch(entry) {
    this.byHash.delete(entry.hash);
    this.byHash.set(entry.hash, entry);
  }

  /** Remembers `entry` (under its hash, and under `text` when the body came as one). */
  remember(entry, text) {
    const cost = entry.gzip.length + (typeof text === 'string' ? text.length * 2 : 0);
    if (cost > this.maxBytes / 4 || this.byHash.has(entry.hash)) return;
    entry.cost = cost;
    entry.text = text;
    this.byHash.set(entry.hash, entry);
    if (typeof text === 'string') this.byText.set(text, entry);
    this.bytes += cost;
    for (const [hash, old] of this.byHash) {
      if (this.bytes <= this.maxBytes) break;
      this.byHash.delete(hash);
      if (typeof old.text === 'string') this.byText.delete(old.text);
      this.bytes -= old.cost;
    }
  }

  /**
   * The entry of `body` (a Buffer; `text` is the string it came as, if it did), with its gzip when
   * `gzip` is set: compressed once however many requests ask for it at the same time.
   */
  entry(body, text, { gzip, remember }) {
    const hash = createHash('sha256').update(body).digest('base64url');
    const known = this.byHash.get(hash);
    if (known) {
      this.touch(known);
      this.hits += 1;
      if (typeof text === 'string' && !this.byText.has(text) && known.text === undefined) {
        known.text = text;
        this.byText.set(text, known);
      }
      return Promise.resolve(known);
    }
    const fresh = { hash, etag: `W/"${hash.slice(0, 27)}"`, length: body.length, gzip: undefined };
    if (!gzip) return Promise.resolve(fresh);
    const running = this.pending.get(hash);
    if (running) return running;
    this.misses += 1;
    const promise = new Promise((resolve, reject) => {
      // Level 9 for what is compressed once and sent many times; 6 for a one-visitor answer.
      zlib.gzip(body, { level: remember ? 9 : 6 }, (err, out) => (err ? reject(err) : resolve(out)));
    })
      .then((out) => {
        fresh.gzip = out;
        if (remember) this.remember(fresh, text);
        return fresh;
      })
      .finally(() => this.pending.delete(hash));
    this.pending.set(hash, promise);
    return promise;
  }
}

/**
 * The encoder: call it with every request and its response before Next's handler sees them.
 * `maxBytes` bounds the remembered gzip bodies (default 32 MB).
 */
export function createCompressOnce({ maxBytes = 32 * 1024 * 1024 } = {}) {
  const memo = new BodyMemo(maxBytes);

  function encode(req, res) {
    const gzipOk = acceptsGzip(req.headers['accept-encoding']);
    const write = res.write;
    const end = res.end;
    const flushHeaders = res.flushHeaders;
    /** 'undecided' until the first byte or header leaves; then 'pass', 'collect' or 'stream'. */
    let mode = 'undecided';
    let chunks = [];
    let size = 0;
    let gz = null;

    const restore = () => {
      res.write = write;
      res.end = end;
      res.flushHeaders = flushHeaders;
    };

    /** Whether this answer is one to encode at all, judged on its status and headers. */
    const eligible = () => {
      if (res.headersSent || req.method === 'HEAD') return false;
      const status = res.statusCode;
      if (status < 200 || status === 204 || status === 206 || status === 304) return false;
      if (res.getHeader('content-encoding') || res.getHeader('content-range')) return false;
      if (!COMPRESSIBLE.test(String(res.getHeader('content-type') ?? ''))) return false;
      return !/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''));
    };

    const startStream = () => {
      addVary(res);
      if (!gzipOk) {
        mode = 'pass';
        restore();
        return;
      }
      mode = 'stream';
      res.removeHeader('content-length');
      res.setHeader('Content-Encoding', 'gzip');
      gz = zlib.createGzip({ level: 6 });
      gz.on('data', (d) => write.call(res, d));
      gz.on('end', () => end.call(res));
      gz.on('error', (err) => res.destroy(err));
      res.flush = () => gz.flush();
    };

    /** The first write, end or header flush decides how this answer travels. */
    const decide = (firstChunkIsWhole) => {
      if (!eligible()) {
        mode = 'pass';
        restore();
        return;
      }
      const length = Number(res.getHeader('content-length'));
      if (firstChunkIsWhole || (Number.isFinite(length) && length <= MAX_COLLECT_BYTES)) mode = 'collect';
      else startStream();
    };

    const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));

    /** Sends a known body (`body`: a Buffer, or the string it came as) described by `entry`. */
    const sendEntry = (entry, body, remember, cb) => {
      // Validators only for answers a cache may keep: a per-visitor or failed answer (the outage
      // patch turns its status into 503 later, at writeHead) must not be confirmed by a 304.
      if (remember && !res.getHeader('etag')) res.setHeader('ETag', entry.etag);
      if (remember && req.method === 'GET' && etagMatches(req.headers['if-none-match'], String(res.getHeader('etag') ?? ''))) {
        res.statusCode = 304;
        for (const h of ['content-length', 'content-type', 'content-encoding']) res.removeHeader(h);
        return end.call(res, cb);
      }
      if (gzipOk && entry.gzip) {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', entry.gzip.length);
        return end.call(res, entry.gzip, cb);
      }
      res.setHeader('Content-Length', entry.length);
      return end.call(res, body, cb);
    };

    /** Sends a whole body (a Buffer, or one string: `text`): ETag, 304, remembered gzip. */
    const finishWhole = (body, text, cb) => {
      restore();
      addVary(res);
      const remember = res.statusCode === 200 && shareable(res.getHeader('cache-control'));
      if (remember && text !== undefined) {
        const known = memo.text(text);
        if (known) return sendEntry(known, text, remember, cb);
      }
      if (text !== undefined) body = Buffer.from(text, 'utf8');
      if (body.length < MIN_BYTES || (!remember && !gzipOk)) {
        res.setHeader('Content-Length', body.length);
        return end.call(res, body, cb);
      }
      memo.entry(body, text, { gzip: gzipOk || remember, remember }).then(
        (entry) => {
          if (!res.destroyed) sendEntry(entry, body, remember, cb);
        },
        (err) => res.destroy(err),
      );
      return res;
    };

    res.flush = () => {};

    res.flushHeaders = function flushHeadersOnce() {
      if (mode === 'undecided') {
        if (!eligible()) {
          mode = 'pass';
          restore();
        } else startStream();
      }
      if (mode === 'collect') return undefined; // the collected body sends them
      return flushHeaders.call(res);
    };

    res.write = function writeEncoded(chunk, encoding, cb) {
      if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
      if (mode === 'undecided') decide(false);
      if (mode === 'pass') return write.call(res, chunk, encoding, cb);
      if (mode === 'stream') {
        gz.write(toBuffer(chunk, encoding), cb);
        return true;
      }
      const buf = toBuffer(chunk, encoding);
      chunks.push(buf);
      size += buf.length;
      if (size > MAX_COLLECT_BYTES) {
        // Longer than its Content-Length said, or than is sensible to hold: stream the rest.
        const held = Buffer.concat(chunks);
        chunks = [];
        startStream();
        if (mode === 'pass') return write.call(res, held, cb);
        gz.write(held, cb);
        return true;
      }
      if (cb) process.nextTick(cb);
      return true;
    };

    res.end = function endEncoded(chunk, encoding, cb) {
      if (typeof chunk === 'function') [cb, chunk, encoding] = [chunk, undefined, undefined];
      if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
      if (mode === 'undecided') decide(true);
      if (mode === 'pass') return end.call(res, chunk, encoding, cb);
      if (mode === 'stream') {
        if (chunk != null) gz.end(toBuffer(chunk, encoding));
        else gz.end();
        if (cb) res.once('finish', cb);
        return res;
      }
      // A page Next sends whole comes as one string: keep it as one, it is the memo's key.
      if (chunks.length === 0 && typeof chunk === 'string' && (encoding === undefined || /^utf-?8$/i.test(encoding))) return finishWhole(undefined, chunk, cb);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      chunks = [];
      return finishWhole(body, undefined, cb);
    };
  }

  encode.stats = () => ({ entries: memo.byHash.size, bytes: memo.bytes, hits: memo.hits, misses: memo.misses });
  return encode;
}
