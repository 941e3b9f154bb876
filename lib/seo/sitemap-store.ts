import 'server-only';
/**
 * Each sitemap file rendered once per catalogue version, and kept gzipped.
 *
 * A video sitemap of 10,000 videos is several megabytes of XML: rendered and compressed per request
 * it held the event loop long enough that a client asking for it a few times a second slowed every
 * other visitor's answers (`npm run bench:sitemaps`). Here a file is rendered once and kept, gzipped
 * (a small part of its size), until the catalogue changes (an import, a takedown, a scheduled video
 * going live: the source's contentVersion) or MAX_AGE_MS has passed (its view counts, and an
 * upstream API, which tells no version); concurrent requests for a file wait for the one render.
 * Kept apart from the page cache: a crawler reading every file must not push out the pages
 * visitors read. The store is bounded in bytes (a quarter of PAGE_CACHE_MB), least recently used
 * first out.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { getConfig } from '@/lib/config';

const gzip = promisify(zlib.gzip);

/** How long a file is kept whatever the version: the sitemap's own max-age. */
export const MAX_AGE_MS = 3600_000;

export interface SitemapFile {
  /** The XML, gzipped. */
  gzip: Buffer;
  /** Bytes of the XML itself. */
  length: number;
  etag: string;
}

interface Kept extends SitemapFile {
  version: string;
  at: number;
}

export class SitemapStore {
  private readonly files = new Map<string, Kept>();
  private readonly renders = new Map<string, Promise<Kept | null>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * File `name` of catalogue version `version`: the one kept, or `render`'s (null when there is no
   * such file, which is not kept). A render that fails is not kept either.
   */
  async get(name: string, version: string, render: () => Promise<string | null>): Promise<SitemapFile | null> {
    const kept = this.files.get(name);
    if (kept && kept.version === version && this.now() - kept.at < MAX_AGE_MS) {
      this.files.delete(name);
      this.files.set(name, kept);
      return kept;
    }
    const key = `${name}\n${version}`;
    let running = this.renders.get(key);
    if (!running) {
      const at = this.now();
      running = (async () => {
        const xml = await render();
        if (xml === null) return null;
        const body = Buffer.from(xml, 'utf8');
        // Level 6: off the event loop either way, but on the server's CPU, where 9 costs several times
        // as much for a file barely smaller.
        const packed = await gzip(body, { level: 6 });
        const file: Kept = { gzip: packed, length: body.length, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, version, at };
        this.keep(name, file);
        return file;
      })().finally(() => this.renders.delete(key));
      this.renders.set(key, running);
    }
    return running;
  }

  private keep(name: string, file: Kept): void {
    this.drop(name);
    if (file.gzip.length > this.maxBytes) return;
    this.files.set(name, file);
    this.bytes += file.gzip.length;
    for (const old of this.files.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(old);
    }
  }

  private drop(name: string): void {
    const f = this.files.get(name);
    if (!f) return;
    this.files.delete(name);
    this.bytes -= f.gzip.length;
  }

  /** Files kept and their bytes (tests, the bench). */
  stats(): { files: number; bytes: number } {
    return { files: this.files.size, bytes: this.bytes };
  }
}

// On globalThis: the two sitemap routes are bundled apart, and share one store per process.
const holder = globalThis as typeof globalThis & { __tubefrontSitemaps?: SitemapStore };

export function sitemapStore(): SitemapStore {
  holder.__tubefrontSitemaps ??= new SitemapStore((getConfig().pageCacheMb * 1024 * 1024) / 4);
  return holder.__tubefrontSitemaps;
}
