/**
 * Property-based fuzzing of the running, built site (fast-check over real HTTP), and the table of
 * Next's internal request headers. Starts, on free ports:
 *   - the site on a fresh embedded catalogue;
 *   - a recording upstream (recorder.mjs) that answers with that site's KVS JSON;
 *   - the site in upstream mode (API_ORIGIN = the recorder).
 * Every route family (families.mjs) is fuzzed against the embedded site, families in parallel, one
 * test each; those that reach the upstream also against the upstream-mode site, one input at a
 * time, each upstream request checked against the visitor's input (upstream-checks.mjs). Then the
 * table of internal headers (internal-headers.mjs), one test per path, and the build's proxy
 * matcher keeping plain requests out (proxy-matcher.mjs).
 *
 *   npm run test:fuzz     the CI run: 3,000 inputs, fixed seed, then the header table
 *   npm run fuzz          the long run (FUZZ_LONG=1): 100,000 inputs, a random seed (printed)
 *   node --test --test-concurrency=1 --test-reporter=spec tests/fuzz/   with, in the environment:
 *     FUZZ_LONG=1             the long run's defaults instead of the CI run's
 *     FUZZ_RUNS=N             inputs in all (default 3000, or 100000 with FUZZ_LONG=1)
 *     FUZZ_SEED=S | random    fast-check's seed (default 20261123, or random with FUZZ_LONG=1;
 *                             a family's seed is derived from it)
 *     FUZZ_FAMILIES=a,b       only these families (names as in families.mjs)
 *     FUZZ_HEADERS=0          leave out the header table and the proxy matcher
 * A failing family names its input, seed and counterexample path; the same FUZZ_SEED with
 * FUZZ_FAMILIES=<that family> replays it (a family's seed does not depend on which others run).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { freePort, freshCatalogEnv, root, startNext } from '../support/system/harness.mjs';
import { assertEvery, prepareSite } from '../support/system/suite.mjs';
import { checkAnswer } from './checks.mjs';
import { FAMILIES, UPSTREAM_FAMILIES } from './families.mjs';
import { closeClient, send } from './http.mjs';
import { compareVariants, PATHS } from './internal-headers.mjs';
import { ENTERING, FIRST_VISIT, PLAIN, proxyMatcher, RETURNING_VISITOR } from './proxy-matcher.mjs';
import { startRecorder } from './recorder.mjs';
import { checkUpstreamRequest } from './upstream-checks.mjs';

/**
 * A whole number from the environment, or `fallback` when unset; anything else stops the run.
 * @param {string} name
 * @param {number} fallback
 */
function wholeNumber(name, fallback) {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v)) throw new Error(`${name}=${v}: a whole number is wanted`);
  return Number(v);
}

const long = process.env.FUZZ_LONG === '1';
const totalRuns = wholeNumber('FUZZ_RUNS', long ? 100_000 : 3000);
const randomSeed = Date.now() % 2 ** 31;
const seed = process.env.FUZZ_SEED === 'random' ? randomSeed : wholeNumber('FUZZ_SEED', long ? randomSeed : 20261123);
const only = process.env.FUZZ_FAMILIES ? process.env.FUZZ_FAMILIES.split(',') : null;
const unknownFamilies = (only ?? []).filter((n) => !(n in FAMILIES));
if (unknownFamilies.length) throw new Error(`FUZZ_FAMILIES: no family ${unknownFamilies.join(', ')} (there are ${Object.keys(FAMILIES).join(', ')})`);
const headers = process.env.FUZZ_HEADERS !== '0';

/** The share of inputs sent to the site in upstream mode (sequential, so that each upstream request is the input's). */
const UPSTREAM_SHARE = 0.2;
const NODE_MAX_HEAD = 16 * 1024;
/** A progress line every PROGRESS_EVERY inputs, so that a long run shows it is alive. */
const PROGRESS_EVERY = 10_000;

const names = Object.keys(FAMILIES).filter((n) => !only || only.includes(n));
const upstreamNames = UPSTREAM_FAMILIES.filter((n) => names.includes(n));
const perUpstream = upstreamNames.length ? Math.ceil((totalRuns * UPSTREAM_SHARE) / upstreamNames.length) : 0;
const perEmbedded = Math.ceil((totalRuns - perUpstream * upstreamNames.length) / names.length);

/**
 * A family's own seed, from the run's: its place among all families (so that running fewer
 * families does not change a family's inputs), upstream-mode runs 1000 further on.
 * @param {string} name
 * @param {boolean} [upstreamMode]
 */
const familySeed = (name, upstreamMode = false) => (upstreamMode ? seed + 1000 + UPSTREAM_FAMILIES.indexOf(name) : seed + Object.keys(FAMILIES).indexOf(name));

/** @typedef {import('./http.mjs').FuzzRequest} FuzzRequest */

/** @param {FuzzRequest} request */
function describeRequest(request) {
  const text = `${request.method} ${request.path}${request.body !== undefined ? ` body=${JSON.stringify(request.body)}` : ''}`;
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
}

/** @type {import('../support/system/harness.mjs').SiteServer | undefined} */
let embedded;
/** @type {import('../support/system/harness.mjs').SiteServer | undefined} */
let upstream;
/** @type {import('./recorder.mjs').Recorder | undefined} */
let recorder;

let sent = 0;
/** Inputs sent and the failure, per family (and `upstream:` family), for the summary. */
/** @type {Record<string, { inputs: number; failure: string | null }>} */
const counts = {};

/**
 * Runs fast-check's property over `arbitrary`: every input's answer must hold `probe`. Throws the
 * first broken property, with its input, seed and counterexample path.
 * @param {string} label
 * @param {string} family
 * @param {number} numRuns
 * @param {number} ownSeed the family's seed (familySeed)
 * @param {(request: FuzzRequest) => Promise<string | null>} probe the broken property, or null
 * @param {import('node:test').TestContext} t
 */
async function fuzzFamily(label, family, numRuns, ownSeed, probe, t) {
  const arbitrary = /** @type {fc.Arbitrary<FuzzRequest>} */ (FAMILIES[family]);
  const count = { inputs: 0, failure: /** @type {string | null} */ (null) };
  counts[label] = count;
  const property = fc.asyncProperty(arbitrary, async (request) => {
    count.inputs += 1;
    sent += 1;
    if (sent % PROGRESS_EVERY === 0) console.log(`fuzz: ${sent} inputs, ${(performance.now() / 1000).toFixed(0)} s`);
    const problem = await probe(request).catch((/** @type {NodeJS.ErrnoException} */ err) =>
      // Node refuses a request head over 16 kB with a 431 and closes the socket, often before the
      // client has finished writing it: a reset is then Node's answer, not the site's.
      err.code === 'ECONNRESET' && request.path.length > NODE_MAX_HEAD ? null : `no answer: ${err.message}`,
    );
    if (problem) throw new Error(`${problem}\n    request: ${describeRequest(request)}`);
  });
  const result = await fc.check(property, { numRuns, seed: ownSeed, timeout: 120_000 });
  t.diagnostic(`${label}: ${count.inputs} inputs, seed ${ownSeed}`);
  if (result.failed) {
    // fast-check 4 has no `error` text any more: the thrown Error, or why there is none.
    const why = result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance != null ? String(result.errorInstance) : result.interrupted ? 'interrupted' : 'too many skipped inputs';
    count.failure = `${why} (FUZZ_SEED=${seed}, the family's seed ${ownSeed}, path ${result.counterexamplePath})`;
    assert.fail(`${label}: ${count.failure}`);
  }
}

before(async () => {
  const env = freshCatalogEnv('data/fuzz.db', { PAGE_CACHE_MB: '64' });
  prepareSite(env);
  embedded = await startNext(await freePort(), env);
  recorder = await startRecorder(embedded.baseUrl);
  // The upstream's answers come from the embedded site while every family floods it: on a busy
  // machine one can take longer than the site's default wait for its source (API_TIMEOUT_MS),
  // and the outage page that follows is a 503 this suite would blame on the input. Timeouts are
  // not what is fuzzed here, so the upstream-mode site waits longer, still less than the client
  // (http.mjs) waits for the site.
  const upstreamEnv = freshCatalogEnv('data/fuzz-upstream.db', { API_ORIGIN: recorder.origin, PAGE_CACHE_MB: '64', API_TIMEOUT_MS: '30000' });
  upstream = await startNext(await freePort(), upstreamEnv);
  console.log(`fuzz: site on ${embedded.baseUrl}, upstream-mode site on ${upstream.baseUrl} (API_ORIGIN ${recorder.origin}); ${totalRuns} inputs, seed ${seed}`);
});

after(async () => {
  closeClient();
  embedded?.stop();
  upstream?.stop();
  await recorder?.stop();
});

describe(`every route family holds its properties (${totalRuns} inputs, seed ${seed})`, { concurrency: true }, () => {
  const started = performance.now();
  after(() => {
    const seconds = (performance.now() - started) / 1000;
    let total = 0;
    let failed = 0;
    console.log('\nfamily                          inputs  result');
    for (const [label, { inputs, failure }] of Object.entries(counts)) {
      total += inputs;
      if (failure) failed += 1;
      console.log(`${label.padEnd(30)} ${String(inputs).padStart(8)}  ${failure ? 'FAIL' : 'ok'}`);
    }
    console.log(`${'total'.padEnd(30)} ${String(total).padStart(8)}  ${failed ? `${failed} failing` : 'ok'}`);
    console.log(`seed ${seed}, ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} inputs/s, ${recorder?.records.length ?? 0} upstream requests checked`);
  });

  for (const name of names) {
    test(name, (t) =>
      fuzzFamily(name, name, perEmbedded, familySeed(name), async (request) => checkAnswer(request, await send(/** @type {import('../support/system/harness.mjs').SiteServer} */ (embedded).baseUrl, request)), t),
    );
  }

  if (upstreamNames.length) {
    // One family, and one input, at a time: every upstream request the recorder sees meanwhile is that input's.
    test('in upstream mode, each upstream request checked against the visitor input', async (t) => {
      for (const name of upstreamNames) {
        await t.test(`upstream:${name}`, (st) =>
          fuzzFamily(
            `upstream:${name}`,
            name,
            perUpstream,
            familySeed(name, true),
            async (request) => {
              const rec = /** @type {import('./recorder.mjs').Recorder} */ (recorder);
              const mark = rec.records.length;
              const problem = checkAnswer(request, await send(/** @type {import('../support/system/harness.mjs').SiteServer} */ (upstream).baseUrl, request));
              if (problem) return problem;
              for (const record of rec.since(mark)) {
                const wrong = checkUpstreamRequest(record, request);
                if (wrong) return `upstream request: ${wrong}`;
              }
              return null;
            },
            st,
          ),
        );
      }
    });
  }
});

const skipHeaders = headers ? false : 'FUZZ_HEADERS=0';

describe("Next's internal headers and parameters get what the plain request gets (first visit, CF-IPCountry: DE)", { skip: skipHeaders }, () => {
  for (const p of PATHS) {
    test(p, async (t) => {
      const { plain, wrong } = await compareVariants(/** @type {import('../support/system/harness.mjs').SiteServer} */ (embedded).baseUrl, p);
      t.diagnostic(`plain: ${plain}`);
      assert.deepEqual(wrong, [], `${wrong.length} variant(s) of ${p} differ from the plain request (${plain})`);
    });
  }
});

describe("the build's proxy matcher", { skip: skipHeaders }, () => {
  test("a plain request stays off the proxy, a returning visitor's and a first visit's", () => {
    const match = proxyMatcher(root);
    const visitors = /** @type {const} */ ([
      ['a returning visitor', RETURNING_VISITOR],
      ['a first visit', FIRST_VISIT],
    ]);
    assertEvery(
      PLAIN.flatMap((p) => visitors.map(([who, request]) => ({ p, who, request }))),
      ({ p, who, request }) => (match(p, request) ? `${who}: ${p}` : null),
      'kept off the proxy',
    );
  });

  test("a path with a '%', a '.rsc' path and a listing that redirects enter the proxy", () => {
    const match = proxyMatcher(root);
    assertEvery(ENTERING, (p) => (match(p, RETURNING_VISITOR) ? null : p), 'entering the proxy');
  });
});
