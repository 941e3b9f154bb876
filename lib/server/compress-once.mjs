/**
 * Compression and ETags for the site's server (server.mjs), paid once per distinct answer instead
 * of once per request.
 *
 * Next's own compression (the `compression` middleware) gzips every answer again, and its ETag is a
 * JavaScript hash over the whole page: a cached page pays for both again on every request, for the
 * same bytes (a CPU profile under `npm run bench:edge` shows their share). Both are off in
 * next.config.ts (`compress: false`, `generateEtags: false`) and done here instead:
 *
 * - An answer Next sends whole (a cached page, an API answer, a static file: anything that comes
 *   with a Content-Length, or in one `end()`) is hashed (SHA-256, native), and its encodings are
 *   looked up by that hash in a bounded LRU (a cached page, which Next hands over as the same string
 *   each time, is found by that string, with no encoding or hashing at all): a page served a
 *   thousand times is compressed once per encoding, gzip or brotli, each made the first time a
 *   client asks for it, at a high level since it is once (LEVELS). It leaves with a Content-Length
 *   (so a proxy cache in front can store and send it as a file). Answers a shared cache may keep
 *   (200, public, s-maxage or max-age, no `private`/`no-store`) get a weak ETag from the hash, one
 *   per encoding, a matching If-None-Match gets 304, and their encodings are remembered; the others
 *   are compressed for their one visitor and forgotten.
 * - An answer Next streams (a page rendered now) is compressed as it streams, each chunk flushed,
 *   as Next's middleware did: the visitor's first bytes are not held back.
 * - Each client gets brotli or gzip as its Accept-Encoding asks (the higher q, brotli at equal q),
 *   or the body as it is; every such answer says Vary: Accept-Encoding.
 *
 * Content is the same bytes by construction: the hash names the uncompressed body, so the memo can
 * never serve another page's encoding, and nothing needs to be dropped when a page changes.
 * Untouched: HEAD, 1xx/204/206/304, answers with a Content-Encoding or `no-transform`, types that do
 * not compress (images, video), bodies under 1 kB, and clients that take neither encoding (they get
 * the same body and Vary, uncompressed).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * @typedef {'gzip' | 'br'} Encoding
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse & { flush?: () => void }} Response
 * @typedef {(err?: Error | null) => void} Callback
 * @typedef {{ hash: string; etag: string; length: number; gzip: Buffer | undefined; br: Buffer | undefined; cost: number; text: string | undefined; kept: boolean }} Entry
 */

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|x-javascript)\b|image\/svg\+xml\b)/i;
const MIN_BYTES = 1024;
/** A body bigger than this is streamed through the encoder rather than collected (none of the site's pages is near it). */
const MAX_COLLECT_BYTES = 4 * 1024 * 1024;

/**
 * How hard each encoding works (`npm run bench:compress` prints what each level gives and costs for
 * the site's pages). An answer a shared cache may keep is compressed once and sent many times: gzip
 * 9, and brotli 6, the last level before brotli's CPU climbs steeply for little gain in bytes,
 * which every page would pay again after each catalogue change, on the cores that render. An answer
 * for one visitor, or streamed as it renders, is compressed for each request: gzip 6, and brotli 5,
 * which costs about what gzip 6 costs for fewer bytes.
 */
export const LEVELS = {
  gzip: { once: 9, each: 6 },
  br: { once: 6, each: 5 },
};

/**
 * The q-values an Accept-Encoding header gives gzip and brotli (0 when refused or not named).
 * A coding named explicitly takes its own q; one not named takes `*`'s (RFC 9110 12.5.3);
 * `x-gzip` is gzip.
 */
/**
 * @param {unknown} header
 * @returns {{ gzip: number; br: number }}
 */
function encodingQs(header) {
  /** @type {{ gzip: number | undefined; br: number | undefined }} */
  const named = { gzip: undefined, br: undefined };
  /** @type {number | undefined} */
  let star;
  if (typeof header !== 'string' || header === '') return { gzip: 0, br: 0 };
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q)) q = 0;
    const name = (token ?? '').trim() === 'x-gzip' ? 'gzip' : (token ?? '').trim();
    if (name === 'gzip' || name === 'br') named[name] = Math.max(named[name] ?? 0, q);
    else if (name === '*') star = q;
  }
  return { gzip: named.gzip ?? star ?? 0, br: named.br ?? star ?? 0 };
}

/**
 * Whether an Accept-Encoding header takes gzip (`gzip`, `x-gzip` or `*`, with a q above 0).
 * @param {string | undefined} header
 */
export function acceptsGzip(header) {
  return encodingQs(header).gzip > 0;
}

/**
 * The encoding to send a client whose Accept-Encoding is `header`: 'br', 'gzip', or null (the body
 * as it is). The higher q wins; at equal q brotli, which is the smaller.
 * @param {string | undefined} header
 * @returns {Encoding | null}
 */
export function chooseEncoding(header) {
  const q = encodingQs(header);
  if (q.br > 0 && q.br >= q.gzip) return 'br';
  if (q.gzip > 0) return 'gzip';
  return null;
}

/**
 * Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 13.1.2).
 * @param {string | undefined} header
 * @param {string} etag
 */
export function etagMatches(header, etag) {
  if (typeof header !== 'string' || !etag) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * The ETag of `etag`'s representation in `encoding`: each encoding is its own representation, with
 * its own validator, so that a cache holding the gzip copy never has it confirmed by a 304 meant for
 * the brotli one (RFC 9110 8.8.3). The body as it is keeps the ETag as it is.
 * @param {string} etag
 * @param {Encoding | null} encoding
 */
export function etagFor(etag, encoding) {
  if (!encoding) return etag;
  const m = /^(W\/)?"(.*)"$/.exec(etag);
  // A representation that is not the body as it is cannot be byte-identical to it: weak.
  return m ? `W/"${m[2]}-${encoding === 'gzip' ? 'gz' : encoding}"` : etag;
}

/** @param {unknown} cacheControl */
function shareable(cacheControl) {
  const cc = String(cacheControl ?? '').toLowerCase();
  if (!cc || /\b(?:private|no-store|no-cache)\b/.test(cc)) return false;
  return /\b(?:public|s-maxage=[1-9]|max-age=[1-9])/.test(cc);
}

/** @param {Response} res */
function addVary(res) {
  const vary = res.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (!list) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) res.setHeader('Vary', `${list}, Accept-Encoding`);
}

/**
 * @param {Buffer} body
 * @param {Encoding} encoding
 * @param {number} level
 * @returns {Promise<Buffer>}
 */
function compress(body, encoding, level) {
  return new Promise((resolve, reject) => {
    /** @type {(err: Error | null, out: Buffer) => void} */
    const done = (err, out) => (err ? reject(err) : resolve(out));
    if (encoding === 'gzip') zlib.gzip(body, { level }, done);
    else
      zlib.brotliCompress(
        body,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        done,
      );
  });
}

/**
 * A streaming encoder for `encoding`, each `flush()` sending what it has.
 * @param {Encoding} encoding
 * @returns {zlib.Gzip | zlib.BrotliCompress}
 */
function createStreamEncoder(encoding) {
  if (encoding === 'gzip') return zlib.createGzip({ level: LEVELS.gzip.each });
  return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: LEVELS.br.each, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });
}

/**
 * What is known of an answer's body: its weak ETag, its length, and its encodings (gzip, br),
 * each made the first time a client asks for it. Entries are found by the body's SHA-256, and, for
 * a body Next hands over as a string (a cached page), by the string itself: a page served again
 * arrives as the same string, and a Map finds it without encoding or hashing the whole page again. Least
 * recently used first out, bounded in bytes (strings counted at 2 bytes a character, their worst
 * case, plus every encoding kept).
 */
class BodyMemo {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** @type {Map<string, Entry>} */
    this.byHash = new Map();
    /** @type {Map<string, Entry>} */
    this.byText = new Map();
    /** @type {Map<string, Promise<Buffer>>} */
    this.pending = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  /** The remembered entry of `text`, if any. */
  /** @param {string} text */
  text(text) {
    const entry = this.byText.get(text);
    if (!entry) return undefined;
    this.byText.delete(text);
    this.byText.set(text, entry);
    this.touch(entry);
    this.hits += 1;
    return entry;
  }

  /** @param {Entry} entry */
  touch(entry) {
    this.byHash.delete(entry.hash);
    this.byHash.set(entry.hash, entry);
  }

  /** The entry of `body` (a Buffer; `text` is the string it came as, if it did); remembered when `remember`. */
  /**
   * @param {Buffer} body
   * @param {string | undefined} text
   * @param {boolean} remember
   * @returns {Entry}
   */
  entry(body, text, remember) {
    const hash = createHash('sha256').update(body).digest('base64url');
    const known = this.byHash.get(hash);
    if (known) {
      this.touch(known);
      this.hits += 1;
      if (typeof text === 'string' && known.text === undefined && !this.byText.has(text)) {
        known.text = text;
        this.byText.set(text, known);
        this.grow(known, text.length * 2);
      }
      return known;
    }
    /** @type {Entry} */
    const fresh = { hash, etag: `W/"${hash.slice(0, 27)}"`, length: body.length, gzip: undefined, br: undefined, cost: 0, text: undefined, kept: false };
    if (remember) {
      const cost = typeof text === 'string' ? text.length * 2 : 0;
      if (cost <= this.maxBytes / 4) {
        fresh.kept = true;
        this.byHash.set(hash, fresh);
        if (typeof text === 'string') {
          fresh.text = text;
          this.byText.set(text, fresh);
        }
        this.grow(fresh, cost);
      }
    }
    return fresh;
  }

  /** Adds `cost` bytes to a remembered entry, and drops the least recently used past the bound. */
  /**
   * @param {Entry} entry
   * @param {number} cost
   */
  grow(entry, cost) {
    entry.cost += cost;
    this.bytes += cost;
    if (entry.cost > this.maxBytes / 4) this.drop(entry);
    for (const old of this.byHash.values()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(old);
    }
  }

  /** @param {Entry} entry */
  drop(entry) {
    if (!entry.kept) return;
    entry.kept = false;
    this.byHash.delete(entry.hash);
    if (typeof entry.text === 'string' && this.byText.get(entry.text) === entry) this.byText.delete(entry.text);
    this.bytes -= entry.cost;
  }

  /**
   * `entry`'s body in `encoding` (a Buffer when known, else a promise of one), compressed once
   * however many requests ask for it at the same time, and kept when the entry is remembered.
   */
  /**
   * @param {Entry} entry
   * @param {Buffer} body
   * @param {Encoding} encoding
   * @returns {Buffer | Promise<Buffer>}
   */
  encoded(entry, body, encoding) {
    if (entry[encoding]) return entry[encoding];
    const key = `${entry.hash}:${encoding}`;
    const running = this.pending.get(key);
    if (running) return running;
    if (entry.kept) this.misses += 1;
    const promise = compress(body, encoding, LEVELS[encoding][entry.kept ? 'once' : 'each'])
      .then((out) => {
        if (entry.kept) {
          entry[encoding] = out;
          this.grow(entry, out.length);
        }
        return out;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  clear() {
    this.byHash.clear();
    this.byText.clear();
    this.bytes = 0;
  }
}

/**
 * The encoder: call it with every request and its response before Next's handler sees them.
 * `maxBytes` bounds the remembered bodies and their encodings (default 16 MB: the pages a memo
 * entry names are mostly the page cache's own strings, so a few hundred entries cover it, and its
 * encodings are buffers outside V8's heap cap, within a 512 MiB container's budget).
 */
export function createCompressOnce({ maxBytes = 16 * 1024 * 1024 } = {}) {
  const memo = new BodyMemo(maxBytes);

  /**
   * @param {IncomingMessage} req
   * @param {Response} res
   */
  function encode(req, res) {
    const accepted = chooseEncoding(req.headers['accept-encoding']);
    // Node's own methods, called with the argument lists their callers gave.
    const write = /** @type {(...args: unknown[]) => boolean} */ (res.write);
    const end = /** @type {(...args: unknown[]) => Response} */ (res.end);
    const flushHeaders = res.flushHeaders;
    /** 'undecided' until the first byte or header leaves; then 'pass', 'collect' or 'stream'. */
    let mode = 'undecided';
    /** @type {Buffer[]} */
    let chunks = [];
    let size = 0;
    /** @type {zlib.Gzip | zlib.BrotliCompress | null} */
    let enc = null;

    const restore = () => {
      res.write = /** @type {Response['write']} */ (write);
      res.end = /** @type {Response['end']} */ (end);
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
      if (!accepted) {
        mode = 'pass';
        restore();
        return;
      }
      mode = 'stream';
      res.removeHeader('content-length');
      res.setHeader('Content-Encoding', accepted);
      const etag = res.getHeader('etag');
      if (typeof etag === 'string') res.setHeader('ETag', etagFor(etag, accepted));
      const stream = createStreamEncoder(accepted);
      enc = stream;
      stream.on('data', (d) => write.call(res, d));
      stream.on('end', () => end.call(res));
      stream.on('error', (err) => res.destroy(err));
      res.flush = () => stream.flush();
    };

    /** The first write, end or header flush decides how this answer travels. */
    /** @param {boolean} firstChunkIsWhole */
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

    /**
     * @param {any} chunk
     * @param {unknown} encoding
     * @returns {Buffer}
     */
    const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8'));

    /**
     * Sends `data` (the body in this client's encoding, or as it is when `as` is null).
     * @param {Buffer | string} data
     * @param {Encoding | null} as
     * @param {Callback | undefined} cb
     * @param {number} [length]
     */
    const sendBody = (data, as, cb, length = typeof data === 'string' ? Buffer.byteLength(data) : data.length) => {
      if (as) res.setHeader('Content-Encoding', as);
      res.setHeader('Content-Length', length);
      return end.call(res, data, cb);
    };

    /**
     * Sends a known body (`body`: a Buffer, or the string it came as) described by `entry`.
     * @param {Entry} entry
     * @param {Buffer | string} body
     * @param {boolean} remember
     * @param {Callback | undefined} cb
     * @returns {Response}
     */
    const sendEntry = (entry, body, remember, cb) => {
      const as = accepted && entry.length >= MIN_BYTES ? accepted : null;
      // Validators only for answers a cache may keep: a per-visitor or failed answer (the outage
      // patch turns its status into 503 later, at writeHead) must not be confirmed by a 304.
      if (remember) {
        const own = res.getHeader('etag');
        res.setHeader('ETag', etagFor(typeof own === 'string' ? own : entry.etag, as));
        if (req.method === 'GET' && etagMatches(req.headers['if-none-match'], String(res.getHeader('etag')))) {
          res.statusCode = 304;
          for (const h of ['content-length', 'content-type', 'content-encoding']) res.removeHeader(h);
          return end.call(res, cb);
        }
      }
      if (!as) return sendBody(body, null, cb, entry.length);
      // Known already (a remembered page, asked again): no need to turn the text into bytes.
      const data = entry[as] ?? memo.encoded(entry, typeof body === 'string' ? Buffer.from(body, 'utf8') : body, as);
      if (Buffer.isBuffer(data)) return sendBody(data, as, cb);
      data.then(
        (out) => {
          if (!res.destroyed) sendBody(out, as, cb);
        },
        (err) => res.destroy(err),
      );
      return res;
    };

    /**
     * Sends a whole body (a Buffer, or one string: `text`): ETag, 304, the remembered encoding.
     * @param {Buffer | undefined} body
     * @param {string | undefined} text
     * @param {Callback | undefined} cb
     * @returns {Response}
     */
    const finishWhole = (body, text, cb) => {
      restore();
      addVary(res);
      const remember = res.statusCode === 200 && shareable(res.getHeader('cache-control'));
      if (remember && text !== undefined) {
        const known = memo.text(text);
        if (known) return sendEntry(known, text, remember, cb);
      }
      const whole = text !== undefined ? Buffer.from(text, 'utf8') : /** @type {Buffer} */ (body);
      if (whole.length < MIN_BYTES || (!remember && !accepted)) return sendBody(whole, null, cb);
      return sendEntry(memo.entry(whole, text, remember), whole, remember, cb);
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

    /** The stream encoder, once startStream made it. */
    const encoder = () => /** @type {zlib.Gzip | zlib.BrotliCompress} */ (enc);

    res.write = /** @type {Response['write']} */ (function writeEncoded(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
      if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
      if (mode === 'undecided') decide(false);
      if (mode === 'pass') return write.call(res, chunk, encoding, cb);
      if (mode === 'stream') {
        encoder().write(toBuffer(chunk, encoding), cb);
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
        encoder().write(held, cb);
        return true;
      }
      if (cb) process.nextTick(cb);
      return true;
    });

    res.end = /** @type {Response['end']} */ (function endEncoded(/** @type {any} */ chunk, /** @type {any} */ encoding, /** @type {any} */ cb) {
      if (typeof chunk === 'function') [cb, chunk, encoding] = [chunk, undefined, undefined];
      if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
      if (mode === 'undecided') decide(true);
      if (mode === 'pass') return end.call(res, chunk, encoding, cb);
      if (mode === 'stream') {
        if (chunk != null) encoder().end(toBuffer(chunk, encoding));
        else encoder().end();
        if (cb) res.once('finish', cb);
        return res;
      }
      // A page Next sends whole comes as one string: keep it as one, it is the memo's key.
      if (chunks.length === 0 && typeof chunk === 'string' && (encoding === undefined || /^utf-?8$/i.test(encoding))) return finishWhole(undefined, chunk, cb);
      if (chunk != null) chunks.push(toBuffer(chunk, encoding));
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      chunks = [];
      return finishWhole(body, undefined, cb);
    });
  }

  encode.stats = () => ({ entries: memo.byHash.size, bytes: memo.bytes, hits: memo.hits, misses: memo.misses });
  /** Forgets every remembered body (nothing needs it for correctness: the memo is keyed by content). */
  encode.clear = () => memo.clear();
  return encode;
}
