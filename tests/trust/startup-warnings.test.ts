/**
 * What the two servers of tests/trust/run.mjs said at start about forgeable visitor addresses.
 * Both listen on every interface (HOSTNAME unset, as `npm start` by default); run.mjs writes what
 * each prints to a file: TRUST_NONE_LOG (no proxy trusted), TRUST_ONE_LOG (TRUST_PROXY=1).
 */
import fs from 'node:fs';
import { networkInterfaces } from 'node:os';

const NONE = process.env.TRUST_NONE_URL!;
const ONE = process.env.TRUST_ONE_URL!;
const NONE_LOG = process.env.TRUST_NONE_LOG!;
const ONE_LOG = process.env.TRUST_ONE_LOG!;
if (!NONE || !ONE || !NONE_LOG || !ONE_LOG) throw new Error('run through tests/trust/run.mjs (npm run test:trust)');

const FORGEABLE = /tubefront: warning: TRUST_PROXY=1 believes .* can name any address/g;

/** How many times the server whose output is in `file` gave the warning. */
const warnings = (file: string) => (fs.readFileSync(file, 'utf8').match(FORGEABLE) ?? []).length;

// Listening on every interface is public only where the machine has a non-loopback address.
const reachable = Object.values(networkInterfaces()).some((list) => (list ?? []).some((a) => !a.internal));

describe('the start-up warning about forgeable visitor addresses', () => {
  beforeAll(async () => {
    // Visitors with forwarded addresses, to both: the warning is said at start, never per request.
    for (const base of [NONE, ONE]) {
      for (const xff of ['198.51.100.7', '6.6.6.6, 198.51.100.8']) {
        const res = await fetch(`${base}/information/`, { headers: { 'x-forwarded-for': xff }, redirect: 'manual' });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    }
  });

  it('no proxy trusted: no forgeable-address warning', () => {
    expect(warnings(NONE_LOG)).toBe(0);
  });

  it(`TRUST_PROXY=1 on every interface: the warning once at start${reachable ? '' : ' (none: no public interface here)'}`, () => {
    expect(warnings(ONE_LOG)).toBe(reachable ? 1 : 0);
  });
});
