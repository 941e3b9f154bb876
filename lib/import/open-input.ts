import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { type Readable, Transform } from 'node:stream';
import { addressRefused, PrivateAddressError, publicOnlyLookup, redirectRefused } from './private-address';

export interface FeedInput {
  stream: Readable;
  /** Bytes in the feed when known (file size, Content-Length): progress shows an ETA then. */
  size: number | null;
  /** Bytes read so far. */
  bytesRead: () => number;
  /**
   * A local file: its descriptor and a byte count shared between threads. A parser on a thread of
   * its own reads the file itself (readFeedFile) instead of `stream` (then never opened), so its
   * reading does not wait for this thread, which a write transaction keeps busy for up to a second.
   */
  file?: { fd: number; read: BigInt64Array };
  /** Ends the reading and lets the input go (without it: stream.destroy()). */
  close?: () => void;
}

/**
 * 256 KB reads: a chunk's text stays out of V8's large-object space, which only a full GC frees
 * (with 1 MB chunks, dead chunk text piled up between collections and counted in the import's peak
 * memory, which `npm run bench:import` reports).
 */
const CHUNK_BYTES = 1 << 18;

/**
 * `source` through a stream that counts each chunk's bytes (`count`) as the parser pulls them (a
 * 'data' listener would start the flow before the parser reads).
 */
function counting(source: Readable, count: (bytes: number) => void): Transform {
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count(chunk.length);
      done(null, chunk);
    },
  });
  source.on('error', (e) => stream.destroy(e));
  source.pipe(stream);
  return stream;
}

/**
 * The feed file at `fd`, from its start, each chunk counted into `read` (on any thread).
 * autoClose: the stream closes the file when it ends or is destroyed; else its opener does.
 */
export function readFeedFile(fd: number, read: BigInt64Array, autoClose: boolean): Readable {
  const source = fs.createReadStream('', { fd, start: 0, autoClose, highWaterMark: CHUNK_BYTES });
  const stream = counting(source, (bytes) => Atomics.add(read, 0, BigInt(bytes)));
  // Destroying the stream (the import's end) closes the file too, when it is this stream's to close
  // (a destroyed fs stream closes its descriptor whatever autoClose says).
  if (autoClose) stream.on('close', () => source.destroy());
  else stream.on('close', () => source.unpipe(stream).pause());
  return stream;
}

export class FeedInputError extends Error {}

const MAX_REDIRECTS = 5;

/** How much of a feed URL an import reads, and where from: whatever the server sends, it stops at these. */
export interface UrlLimits {
  /** Bytes of the response body (IMPORT_URL_MAX_MB). */
  maxBytes: number;
  /** From the first request to the body's last byte, redirects included (IMPORT_URL_TIMEOUT_S). */
  timeoutMs: number;
  /**
   * The URL given may lead to a loopback, private or reserved address (IMPORT_ALLOW_PRIVATE): the
   * operator chose it. A redirect never may: the server chooses that.
   */
  allowPrivate?: boolean;
}

/**
 * The defaults of IMPORT_URL_MAX_MB and IMPORT_URL_TIMEOUT_S (lib/config/index.ts), sized from
 * the sample feeds (tests/fixtures/feeds): a row of the big tubes' dumps or of KVS CSV is 421 bytes
 * at most (a pornhub dump row with its thumbnail list), the widest record of any sample 602 (a KVS
 * XML <video> with its indentation). A feed of 10,000,000 rows, ten times the largest the import
 * is benchmarked with, is then 4.2 GB, 6.0 GB at worst: 8 GB holds either. A URL is read at the
 * pace the import writes, and the slowest writer measured, PostgreSQL, took 5,786 rows a second
 * (docs/benchmarks.md): those 10,000,000 rows in 29 minutes, so an hour. Anything larger or slower
 * is an operator's to allow.
 */
export const DEFAULT_URL_LIMITS: UrlLimits = { maxBytes: 8192 * 1024 * 1024, timeoutMs: 3600 * 1000 };

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * An http(s) response as a feed input, its bytes counted as the parser pulls them, ending in an
 * error at the byte cap or the deadline (the parser then reports the feed as broken off).
 */
function counted(res: http.IncomingMessage, url: URL, size: number | null, limits: UrlLimits, deadline: number): FeedInput {
  let read = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > limits.maxBytes) return done(new FeedInputError(`${url.href}: longer than ${megabytes(limits.maxBytes)} (IMPORT_URL_MAX_MB)`));
      done(null, chunk);
    },
  });
  res.on('error', (e) => stream.destroy(e));
  res.pipe(stream);
  const timer = setTimeout(() => {
    stream.destroy(new FeedInputError(`${url.href}: not read within ${Math.round(limits.timeoutMs / 1000)} s (IMPORT_URL_TIMEOUT_S)`));
  }, Math.max(0, deadline - Date.now()));
  // The response keeps the process alive while it lasts; the timer need not.
  timer.unref();
  stream.on('close', () => {
    clearTimeout(timer);
    res.destroy();
  });
  return { stream, size, bytesRead: () => read };
}

function fetchUrl(url: URL, redirects: number, limits: UrlLimits, deadline: number): Promise<FeedInput> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    // A connection of its own (agent: false): a kept-alive socket of the global agent to the same
    // host and port, opened without the check below, would otherwise carry a redirect unchecked.
    const options: http.RequestOptions = { headers: { 'user-agent': 'tubefront-import/1', accept: '*/*' }, timeout: 30_000, agent: false };
    // The name is resolved and checked here, and the socket connects to the very address checked:
    // a DNS answer that changes between a check and the connection cannot slip past it.
    if (redirects > 0 || !limits.allowPrivate) options.lookup = publicOnlyLookup;
    const req = get(url, options, (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects >= MAX_REDIRECTS) return reject(new FeedInputError(`${url.href}: too many redirects`));
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          return reject(new FeedInputError(`${url.href}: redirect to an invalid URL`));
        }
        const refused = redirectRefused(url, next);
        if (refused) return reject(new FeedInputError(`${url.href}: ${refused}`));
        return resolve(fetchUrl(next, redirects + 1, limits, deadline));
      }
      if (status !== 200) {
        res.resume();
        return reject(new FeedInputError(`${url.href}: HTTP ${status}`));
      }
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > limits.maxBytes) {
        res.destroy();
        return reject(new FeedInputError(`${url.href}: ${megabytes(length)}, more than ${megabytes(limits.maxBytes)} (IMPORT_URL_MAX_MB)`));
      }
      resolve(counted(res, url, Number.isFinite(length) && length > 0 ? length : null, limits, deadline));
    });
    const timer = setTimeout(() => {
      req.destroy(new FeedInputError(`${url.href}: not read within ${Math.round(limits.timeoutMs / 1000)} s (IMPORT_URL_TIMEOUT_S)`));
    }, Math.max(0, deadline - Date.now()));
    req.on('timeout', () => req.destroy(new FeedInputError(`${url.href}: no answer within 30 s`)));
    req.on('error', (e) => {
      clearTimeout(timer);
      // Only the URL given is the operator's to allow.
      const hint = e instanceof PrivateAddressError && redirects === 0 ? ' (IMPORT_ALLOW_PRIVATE=1 allows it)' : '';
      reject(e instanceof FeedInputError ? e : new FeedInputError(`${url.href}: ${e.message}${hint}`));
    });
  });
}

/**
 * Opens a feed file or http(s) URL for streaming. Fails before anything is read when the file
 * cannot be opened or the server does not answer 200, so that a bad argument changes nothing.
 */
export async function openFeed(target: string, limits: UrlLimits = DEFAULT_URL_LIMITS): Promise<FeedInput> {
  if (/^https?:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new FeedInputError(`${target}: not a valid URL`);
    }
    const refused = addressRefused(url, limits.allowPrivate ?? false);
    if (refused) throw new FeedInputError(`${url.href}: ${refused}`);
    return fetchUrl(url, 0, limits, Date.now() + limits.timeoutMs);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) throw new FeedInputError(`${target}: only files and http(s) URLs can be imported`);
  let fd: number;
  try {
    fd = fs.openSync(target, 'r');
  } catch (e) {
    throw new FeedInputError(`${target}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const stat = fs.fstatSync(fd);
  if (!stat.isFile()) {
    fs.closeSync(fd);
    throw new FeedInputError(`${target}: not a file`);
  }
  const read = new BigInt64Array(new SharedArrayBuffer(8));
  let stream: Readable | null = null;
  let closed = false;
  return {
    // Opened when first asked for: a parser on another thread reads the file itself.
    get stream() {
      stream ??= readFeedFile(fd, read, true);
      return stream;
    },
    size: stat.size,
    bytesRead: () => Number(Atomics.load(read, 0)),
    file: { fd, read },
    close: () => {
      if (closed) return;
      closed = true;
      if (stream) stream.destroy();
      else fs.closeSync(fd);
    },
  };
}
