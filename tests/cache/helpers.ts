import http from 'node:http';

/** The site under test (`next start` with API_ORIGIN), the hostile nginx in front, and the runner's control server. */
export const SITE = process.env.SITE_URL ?? '';
export const CACHE = process.env.CACHE_URL ?? '';
const CONTROL = process.env.CONTROL_URL ?? '';
export const API_TIMEOUT_MS = Number(process.env.API_TIMEOUT_MS ?? 2000);
/** lib/api/upstream.ts FAILURE_MEMORY_MS: a failure is remembered this long, so that one page asks a failing upstream once. */
export const FAILURE_MEMORY_MS = 2000;
/** next.config.ts expireTime: stale-while-revalidate = EXPIRE - the page's lifetime. */
export const EXPIRE = 172_800;

export interface RawAnswer {
  status: number;
  /** Lower-case name -> every value sent, in order (duplicates kept, unlike fetch). */
  headers: Map<string, string[]>;
  body: string;
  ms: number;
}

/** One GET over plain HTTP, no redirect followed, raw headers kept. */
export function get(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'identity', ...headers }, agent: false }, (res) => {
      const map = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        map.set(name, [...(map.get(name) ?? []), res.rawHeaders[i + 1]!]);
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: map, body, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

export const one = (a: RawAnswer, name: string) => a.headers.get(name)?.join(', ') ?? null;

/** A returning visitor, with the country cookie (pages are the same bytes with or without it). */
export const RETURNING = { cookie: 'tf_country=XX' };

export async function upstream(action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${CONTROL}/upstream/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`upstream ${action}: ${res.status} ${await res.text()}`);
}

/** Real videos and a category, from the site's own API. */
export async function catalogue(): Promise<{ videos: { id: number; dir: string }[]; category: string }> {
  const list = (await (await fetch(`${SITE}/api/json/videos2/86400/str/latest-updates/60/..1.all...json`)).json()) as {
    videos: { video_id: string | number; dir: string }[];
  };
  const cats = (await (await fetch(`${SITE}/api/json/categories/14400/str.toptn.en.json`)).json()) as { categories: { dir: string }[] };
  return { videos: list.videos.map((v) => ({ id: Number(v.video_id), dir: v.dir })), category: cats.categories[0]!.dir };
}
