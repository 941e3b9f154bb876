/**
 * Forged headers and vote abuse, over real HTTP against the site's server (server.mjs).
 * TRUST_NONE_URL trusts no proxy and allows 30 statistics posts a minute per visitor;
 * TRUST_ONE_URL has TRUST_PROXY=1, as behind the shipped nginx.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addressesFound, DOCUMENTED_SECRETS, range24 } from '../unit/catalog/helpers/vote-attack';

const NONE = process.env.TRUST_NONE_URL!;
const ONE = process.env.TRUST_ONE_URL!;
const NONE_DB = process.env.TRUST_NONE_DB!;
if (!NONE || !ONE || !NONE_DB) throw new Error('run through tests/trust/run.mjs (npm run test:trust)');

async function someVideoId(base: string, page: number): Promise<number> {
  const list = (await (await fetch(`${base}/api/json/videos2/86400/str/latest-updates/60/..${page}.all...json`)).json()) as {
    videos: { video_id: number | string }[];
  };
  return Number(list.videos[7]!.video_id);
}

async function counts(base: string, id: number): Promise<number> {
  const m = Math.floor(id / 1_000_000) * 1_000_000;
  const k = Math.floor(id / 1000) * 1000;
  const res = await fetch(`${base}/api/json/video/86400/${m}/${k}/${id}.json`, { headers: { 'cache-control': 'no-cache' } });
  const { video } = (await res.json()) as { video: { statistics: { likes: number | string; dislikes: number | string } } };
  return Number(video.statistics.likes) + Number(video.statistics.dislikes);
}

function vote(base: string, id: number, headers: Record<string, string> = {}, value = 1) {
  return fetch(`${base}/api/input.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: `act=vote&section=video&object_id=${id}&vote=${value}`,
  });
}

const randomIp = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

describe('forged addresses change nothing while no proxy is trusted', () => {
  it('five votes with five different X-Forwarded-For count once', async () => {
    const id = await someVideoId(NONE, 2);
    const before = await counts(NONE, id);
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push(await (await vote(NONE, id, { 'x-forwarded-for': randomIp() })).json());
    expect(answers[0]).toEqual({ ok: 1 });
    for (const a of answers.slice(1)) expect(a).toEqual({ error: 1, code: 'already_voted' });
    expect(await counts(NONE, id)).toBe(before + 1);
  });

  it('1,000 scripted votes on one video, with random forged headers and cookies, count once; the rest are refused or limited', async () => {
    const id = await someVideoId(NONE, 3);
    const before = await counts(NONE, id);
    const statuses = new Map<number, number>();
    let retryAfter = '';
    for (let i = 0; i < 1000; i++) {
      const res = await vote(
        NONE,
        id,
        {
          'x-forwarded-for': `${randomIp()}, ${randomIp()}`,
          'x-real-ip': randomIp(),
          forwarded: `for=${randomIp()}`,
          'user-agent': `bot/${i}`,
          ...(i % 2 ? { cookie: `visitor=${i}; _agev=1` } : {}),
          'x-tubefront-peer': randomIp(),
          'x-tubefront-peer-token': 'guessed',
        },
        i % 2,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 429) retryAfter = res.headers.get('retry-after') ?? '';
      await res.arrayBuffer();
    }
    expect(await counts(NONE, id)).toBe(before + 1);
    expect(statuses.get(429)).toBeGreaterThan(900);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it('stores no address, only keyed hashes', async () => {
    const db = new Database(path.resolve(NONE_DB), { readonly: true });
    const voters = db.prepare('SELECT voter FROM votes').pluck().all() as string[];
    db.close();
    expect(voters.length).toBeGreaterThan(0);
    for (const v of voters) expect(v).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const file = fs.readFileSync(path.resolve(NONE_DB)).toString('latin1') + fs.readFileSync(`${path.resolve(NONE_DB)}-wal`).toString('latin1');
    expect(file).not.toContain('127.0.0.1');
  });

  it('a copy of the catalogue does not tell the voters to someone trying the documented secrets', async () => {
    // Every vote above came from 127.0.0.1 (this test's socket), whatever its headers said.
    const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trust-copy-')), 'catalog.db');
    const live = new Database(path.resolve(NONE_DB), { readonly: true });
    await live.backup(copy);
    live.close();
    const db = new Database(copy, { readonly: true });
    const rows = db.prepare('SELECT voter, created_at FROM votes').all() as { voter: string; created_at: number }[];
    db.close();
    fs.rmSync(path.dirname(copy), { recursive: true, force: true });
    const days = [...new Set(rows.map((r) => Math.floor(r.created_at / 86_400) * 86_400))];
    const found = days.flatMap((at) => addressesFound(rows.map((r) => r.voter), DOCUMENTED_SECRETS, at, range24('127.0.0')));
    expect(rows.length).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
});

describe('a forged country changes nothing while no proxy is trusted', () => {
  it("a CDN's country header sent by the client itself is ignored", async () => {
    // Loopback has no country: whatever the client claims, the answer is the socket's (unknown).
    const claims: Record<string, string>[] = [
      { 'cf-ipcountry': 'NL' },
      { 'cf-ipcountry': 'DE' },
      { 'x-vercel-ip-country': 'NL' },
      { 'cloudfront-viewer-country': 'NL' },
      { 'cf-ipcountry': 'NL', 'x-forwarded-for': '5.9.0.1' },
    ];
    for (const headers of claims) {
      const res = await fetch(`${NONE}/api/country/`, { headers });
      expect([headers, await res.json()]).toEqual([headers, { country: 'XX' }]);
      expect(res.headers.get('set-cookie')).toMatch(/^tf_country=XX;/);
    }
  });
});

describe('cross-site posts', () => {
  it('are refused with 403, same-origin and header-less clients are not', async () => {
    const id = await someVideoId(ONE, 4);
    const view = (headers: Record<string, string>) =>
      fetch(`${ONE}/api/input.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomIp(), ...headers },
        body: `act=view&section=video&object_id=${id}`,
      });
    expect((await view({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await view({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await view({ origin: 'null' })).status).toBe(403);
    expect((await view({ origin: new URL(ONE).origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await view({})).status).toBe(200);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  it('each forwarded visitor votes once, and a forged left part of the header is ignored', async () => {
    const id = await someVideoId(ONE, 5);
    const before = await counts(ONE, id);
    // Three visitors, as nginx's $proxy_add_x_forwarded_for writes them; the third forges a prefix.
    expect(await (await vote(ONE, id, { 'x-forwarded-for': '198.51.100.1' })).json()).toEqual({ ok: 1 });
    expect(await (await vote(ONE, id, { 'x-forwarded-for': '198.51.100.2' })).json()).toEqual({ ok: 1 });
    expect(await (await vote(ONE, id, { 'x-forwarded-for': '6.6.6.6, 198.51.100.1' })).json()).toEqual({ error: 1, code: 'already_voted' });
    expect(await counts(ONE, id)).toBe(before + 2);
  });

  it('the age gate finds the forwarded visitor country, not a forged one', async () => {
    const ask = (xff: string) => fetch(`${ONE}/api/country/`, { headers: { 'x-forwarded-for': xff } });
    // 5.9.0.1 is in Germany in the offline database; 81.2.69.160 in Britain.
    const res = await ask('81.2.69.160, 5.9.0.1');
    expect(await res.json()).toEqual({ country: 'DE' });
    expect(res.headers.get('set-cookie')).toMatch(/^tf_country=DE;/);
  });

  it('no page sets the country cookie, not even for a first visit', async () => {
    const res = await fetch(`${ONE}/information/`, { headers: { 'x-forwarded-for': '5.9.0.1' }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe("the site's server", () => {
  it("serves the spec's /api//json/suggester/ path as written, without a redirect", async () => {
    const res = await fetch(`${NONE}/api//json/suggester/43200/5.json`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { keywords: string[] };
    expect(body.keywords).toHaveLength(5);
    // Other doubled slashes keep Next's normalising redirect.
    expect((await fetch(`${NONE}/videos//latest-updates/1/`, { redirect: 'manual' })).status).toBe(308);
  });
});
