/**
 * Issue 20, item 1, on the PostgreSQL catalogue (tests/unit/catalog/vote-privacy.test.ts is the
 * SQLite one): votes from a known address, cast as the site's input endpoint casts them, then the
 * catalogue's rows read as a dump would hold them and searched for the address under every
 * documented secret; once the day is over, under the catalogue's own secret too, and (when the
 * test's user may read the server's files) in the table's file itself.
 */
import { actorFor } from '@/lib/api/http';
import { createPgSource } from '@/lib/catalog/postgres/store';
import { pgForgetPastVoters } from '@/lib/catalog/postgres/voter-key';
import type { Source } from '@/lib/contract/source';
import { PEER_HEADER, PEER_TOKEN_ENV, PEER_TOKEN_HEADER } from '@/lib/net/client-address';
import { NOW, SEED_NOW } from '../unit/catalog/helpers/catalog-fixture';
import { addressesFound, DOCUMENTED_SECRETS, keysOf, VOTER_ADDRESS } from '../unit/catalog/helpers/vote-attack';
import { type PgDatabase, seededDatabase } from './helpers/pg-fixture';

const DAY = 86_400;
const TOKEN = 'vote-privacy-token';
let pgdb: PgDatabase;
let source: Source;
let clock = NOW;

beforeAll(async () => {
  process.env[PEER_TOKEN_ENV] = TOKEN;
  delete process.env.VOTE_SALT;
  delete process.env.TRUST_PROXY;
  pgdb = await seededDatabase(800, SEED_NOW);
  source = createPgSource(pgdb.pool, { now: () => clock });
  jest.spyOn(Date, 'now').mockImplementation(() => clock * 1000);
});
afterAll(async () => {
  jest.restoreAllMocks();
  delete process.env[PEER_TOKEN_ENV];
  await pgdb?.drop();
});

function vote(address: string, id: number, value: 0 | 1 = 1) {
  const headers = new Headers({ [PEER_HEADER]: address, [PEER_TOKEN_HEADER]: TOKEN });
  return source.input({ act: 'vote', section: 'video', objectId: id, vote: value }, actorFor(headers));
}

async function dump(): Promise<{ voters: string[]; secret: string | undefined }> {
  const voters = (await pgdb.pool.query<{ voter: string }>('SELECT voter FROM votes')).rows.map((r) => r.voter);
  const secret = (await pgdb.pool.query<{ value: string }>("SELECT value FROM meta WHERE key = 'vote_secret'")).rows[0]?.value;
  return { voters, secret };
}

/** The votes table's file as the server stores it, or null when this user may not read it. */
async function tableFile(): Promise<string | null> {
  const su = (await pgdb.pool.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper;
  if (!su) return null;
  await pgdb.pool.query('CHECKPOINT');
  const r = await pgdb.pool.query<{ bytes: Buffer }>("SELECT pg_read_binary_file(pg_relation_filepath('votes')) AS bytes");
  return r.rows[0]!.bytes.toString('latin1');
}

const counts = async (ids: number[]) =>
  (await pgdb.pool.query<{ n: number }>('SELECT likes + dislikes AS n FROM videos WHERE id = ANY($1) ORDER BY id', [ids])).rows.map((r) => r.n);

describe('the PostgreSQL catalogue after votes from a known address', () => {
  const ids = [101, 202, 303];
  let dayOne: Awaited<ReturnType<typeof dump>>;

  beforeAll(async () => {
    for (const id of ids) expect(await vote(VOTER_ADDRESS, id)).toEqual({ ok: 1 });
    expect(await vote('198.51.100.5', ids[0]!, 0)).toEqual({ ok: 1 });
    dayOne = await dump();
  });

  it('keeps the rule: the same visitor votes once a video the same day', async () => {
    expect(await vote(VOTER_ADDRESS, ids[1]!, 0)).toEqual({ error: 1, code: 'already_voted' });
  });

  it('does not tell the address to someone trying the documented secrets', () => {
    expect(dayOne.voters).toHaveLength(4);
    expect(addressesFound(dayOne.voters, DOCUMENTED_SECRETS, NOW)).toEqual([]);
  });

  it('is keyed by a random secret of its own, which finds it during the day only', () => {
    expect(dayOne.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(addressesFound(dayOne.voters, [dayOne.secret!], NOW)).toEqual([VOTER_ADDRESS]);
  });

  it('once the day is over, keeps the counts and no key', async () => {
    const before = await counts(ids);
    const secrets = [...DOCUMENTED_SECRETS, ...(dayOne.secret ? [dayOne.secret] : [])];
    const oldKeys = secrets.flatMap((secret) => keysOf([VOTER_ADDRESS, '198.51.100.5'], secret, NOW));
    clock = NOW + DAY;
    expect(await pgForgetPastVoters(pgdb.pool, clock)).toBe(4);
    expect(await counts(ids)).toEqual(before);
    expect(await vote(VOTER_ADDRESS, ids[1]!, 0)).toEqual({ ok: 1 });
    const dayTwo = await dump();
    expect(dayTwo.voters).toHaveLength(1);
    expect(addressesFound(dayTwo.voters, secrets, NOW)).toEqual([]);
    const file = await tableFile();
    // The throwaway server of npm run test:pg is its user's own; a TEST_DATABASE_URL user may not read files.
    if (process.env.PG_TEST_SERVER_URL) expect(file).not.toBeNull();
    if (file !== null) for (const key of oldKeys) expect(file).not.toContain(key);
  });
});
