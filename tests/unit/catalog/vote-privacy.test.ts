/**
 * Issue 20, item 1: a copy of the catalogue taken after votes from a known address must not lead
 * back to that address. The votes go in as the site's input endpoint sends them (actorFor on the
 * headers server.mjs writes, then the embedded source); the copy is then searched for the address
 * the way someone holding it would (helpers/vote-attack.ts): every address of its /24 under the
 * documented secrets. Within the day the catalogue's own secret does find it (the key must refuse a
 * second vote that day, and the secret lives beside the votes); once the day is over, nothing does.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { actorFor } from '@/lib/api/http';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';
import { forgetPastVoters } from '@/lib/catalog/sqlite/voter-key';
import type { Source } from '@/lib/contract/source';
import { PEER_HEADER, PEER_TOKEN_ENV, PEER_TOKEN_HEADER } from '@/lib/net/client-address';
import { type Fixture, NOW, openFixture } from './helpers/catalog-fixture';
import { addressesFound, DOCUMENTED_SECRETS, keysOf, VOTER_ADDRESS } from './helpers/vote-attack';

const DAY = 86_400;
const TOKEN = 'vote-privacy-token';
let fx: Fixture;
let clock = NOW;
let source: Source;

beforeAll(() => {
  process.env[PEER_TOKEN_ENV] = TOKEN;
  delete process.env.VOTE_SALT;
  delete process.env.TRUST_PROXY;
  fx = openFixture(800);
  source = createEmbeddedSource(fx.db, { now: () => clock });
  // Whatever the code derives from the wall clock derives it from the fixture's.
  jest.spyOn(Date, 'now').mockImplementation(() => clock * 1000);
});
afterAll(() => {
  jest.restoreAllMocks();
  delete process.env[PEER_TOKEN_ENV];
  fx.close();
});

/** A vote as POST /api/input.php casts it for a visitor at `address` (server.mjs's peer headers). */
function vote(address: string, id: number, value: 0 | 1 = 1) {
  const headers = new Headers({ [PEER_HEADER]: address, [PEER_TOKEN_HEADER]: TOKEN });
  return source.input({ act: 'vote', section: 'video', objectId: id, vote: value }, actorFor(headers));
}

/** A copy of the catalogue as a backup makes it (SQLite's online backup: every page of the file). */
async function copy(name: string): Promise<{ voters: string[]; secret: string | undefined; bytes: string }> {
  const file = path.join(fx.dir, name);
  await fx.db.backup(file);
  const db = new Database(file, { readonly: true });
  const voters = db.prepare('SELECT voter FROM votes').pluck().all() as string[];
  const secret = db.prepare("SELECT value FROM meta WHERE key = 'vote_secret'").pluck().get() as string | undefined;
  db.close();
  return { voters, secret, bytes: fs.readFileSync(file).toString('latin1') };
}

const likes = (id: number) => fx.db.prepare('SELECT likes + dislikes FROM videos WHERE id = ?').pluck().get(id) as number;

describe('a copy of the catalogue after votes from a known address', () => {
  const ids = [101, 202, 303];
  let dayOne: Awaited<ReturnType<typeof copy>>;

  beforeAll(async () => {
    for (const id of ids) expect(await vote(VOTER_ADDRESS, id)).toEqual({ ok: 1 });
    expect(await vote('198.51.100.5', ids[0]!, 0)).toEqual({ ok: 1 });
    dayOne = await copy('day-one.db');
  });

  it('keeps the rule: the same visitor votes once a video the same day', async () => {
    expect(await vote(VOTER_ADDRESS, ids[1]!, 0)).toEqual({ error: 1, code: 'already_voted' });
  });

  it('does not tell the address to someone trying the documented secrets', () => {
    expect(dayOne.voters).toHaveLength(4);
    expect(addressesFound(dayOne.voters, DOCUMENTED_SECRETS, NOW)).toEqual([]);
    expect(dayOne.bytes).not.toContain(VOTER_ADDRESS);
  });

  it('is keyed by a random secret of its own, which finds it during the day only', () => {
    expect(dayOne.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(DOCUMENTED_SECRETS).not.toContain(dayOne.secret);
    // The control: the search works, with the one secret that keys today's votes.
    expect(addressesFound(dayOne.voters, [dayOne.secret!], NOW)).toEqual([VOTER_ADDRESS]);
  });

  it('once the day is over, keeps the counts and no key, in its rows, its pages or its log', async () => {
    const before = ids.map(likes);
    // Every secret anybody could know, the catalogue's own included.
    const secrets = [...DOCUMENTED_SECRETS, ...(dayOne.secret ? [dayOne.secret] : [])];
    const oldKeys = secrets.flatMap((secret) => keysOf([VOTER_ADDRESS, '198.51.100.5'], secret, NOW));
    clock = NOW + DAY;
    // What each server does a minute into the new UTC day (lib/server/voter-expiry.ts).
    expect(forgetPastVoters(fx.db, clock)).toBe(4);
    expect(ids.map(likes)).toEqual(before);
    // A new day, a new vote.
    expect(await vote(VOTER_ADDRESS, ids[1]!, 0)).toEqual({ ok: 1 });
    const dayTwo = await copy('day-two.db');
    expect(dayTwo.voters).toHaveLength(1);
    expect(addressesFound(dayTwo.voters, secrets, NOW)).toEqual([]);
    const file = path.join(fx.dir, 'catalog.db');
    const live = fs.readFileSync(file).toString('latin1') + (fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`).toString('latin1') : '');
    for (const key of oldKeys) {
      expect(dayTwo.bytes).not.toContain(key);
      expect(live).not.toContain(key);
    }
  });
});
