#!/usr/bin/env node
/**
 * Property-based fuzzing of the running, built site (fast-check over real HTTP), and the table of
 * Next's internal request headers. Starts, on free ports:
 *   - the site on a fresh embedded catalogue;
 *   - a recording upstream (tests/fuzz/recorder.mjs) that answers with that site's KVS JSON;
 *   - the site in upstream mode (API_ORIGIN = the recorder).
 * Then checks the table of internal headers (tests/fuzz/internal-headers.mjs) and that the build's
 * proxy matcher keeps plain requests out (tests/fuzz/proxy-matcher.mjs).
 * Every route family (tests/fuzz/families.mjs) is fuzzed against the embedded site, families in
 * parallel; those that reach the upstream also against the upstream-mode site, one input at a time,
 * each upstream request checked against the visitor's input (tests/fuzz/upstream-checks.mjs).
 *
 *   npm run fuzz                    100,000 inputs, random seed (printed)
 *   npm run test:fuzz               the CI run: 3,000 inputs, fixed seed, then the header table
 *   node scripts/fuzz.mjs --runs N --seed S [--no-headers] [--families a,b]
 */
import fc from 'fast-check';
import { buildOrPrepare, freePort, freshCatalogEnv, root, runMain, startNext } from '../tests/support/system/harness.mjs';
import { checkAnswer } from '../tests/fuzz/checks.mjs';
import { FAMILIES, UPSTREAM_FAMILIES } from '../tests/fuzz/families.mjs';
import { closeClient, send } from '../tests/fuzz/http.mjs';
import { runInternalHeaderTable } from '../tests/fuzz/internal-headers.mjs';
import { checkProxyMatcher } from '../tests/fuzz/proxy-matcher.mjs';
import { startRecorder } from '../tests/fuzz/recorder.mjs';
import { checkUpstreamRequest } from '../tests/fuzz/upstream-checks.mjs';

const args = process.argv.slice(2);
/** @param {string} name */
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ci = args.includes('--ci');
const totalRuns = Number(option('--runs') ?? (ci ? 3000 : 100_000));
const seed = Number(option('--seed') ?? (ci ? 20261123 : Date.now() % 2 ** 31));
const only = option('--families')?.split(',');
/** The share of inputs sent to the site in upstream mode (sequential, so that each upstream request is the input's). */
const UPSTREAM_SHARE = 0.2;
const NODE_MAX_HEAD = 16 * 1024;

/** @param {import('../tests/fuzz/http.mjs').FuzzRequest} request */
function describe(request) {
  const text = `${request.method} ${request.path}${request.body !== undefined ? ` body=${JSON.stringify(request.body)}` : ''}`;
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
}

/** A progress line every PROGRESS_EVERY inputs, so that a long run shows it is alive. */
const PROGRESS_EVERY = 10_000;
let sent = 0;
const progressStart = Date.now();

/** @typedef {Record<string, { inputs: number; failure: string | null }>} Counts inputs sent and the failure, per family */

/**
 * @param {string} label
 * @param {fc.Arbitrary<import('../tests/fuzz/http.mjs').FuzzRequest>} arbitrary
 * @param {number} numRuns
 * @param {number} familySeed
 * @param {Counts} counts
 * @param {(request: import('../tests/fuzz/http.mjs').FuzzRequest) => Promise<string | null>} probe the broken property, or null
 */
async function fuzzFamily(label, arbitrary, numRuns, familySeed, counts, probe) {
  /** @type {Counts[string]} */
  const count = { inputs: 0, failure: null };
  counts[label] = count;
  const property = fc.asyncProperty(arbitrary, async (request) => {
    count.inputs += 1;
    sent += 1;
    if (sent % PROGRESS_EVERY === 0) console.log(`fuzz: ${sent} inputs, ${((Date.now() - progressStart) / 1000).toFixed(0)} s`);
    const problem = await probe(request).catch((/** @type {NodeJS.ErrnoException} */ err) =>
      // Node refuses a request head over 16 kB with a 431 and closes the socket, often before the
      // client has finished writing it: a reset is then Node's answer, not the site's.
      err.code === 'ECONNRESET' && request.path.length > NODE_MAX_HEAD ? null : `no answer: ${err.message}`,
    );
    if (problem) throw new Error(`${problem}\n    request: ${describe(request)}`);
  });
  const result = await fc.check(property, { numRuns, seed: familySeed, timeout: 120_000 });
  if (result.failed) {
    // fast-check 4 has no `error` text any more: the thrown Error, or why there is none.
    const why = result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance != null ? String(result.errorInstance) : result.interrupted ? 'interrupted' : 'too many skipped inputs';
    count.failure = `${why} (seed ${familySeed}, path ${result.counterexamplePath})`;
  }
}

runMain('fuzz', async () => {
  const env = freshCatalogEnv('data/fuzz.db', { PAGE_CACHE_MB: '64' });
  const built = buildOrPrepare(env);
  if (built !== 0) return built;

  const embedded = await startNext(await freePort(), env);
  const recorder = await startRecorder(embedded.baseUrl);
  const upstreamEnv = { ...freshCatalogEnv('data/fuzz-upstream.db', { API_ORIGIN: recorder.origin, PAGE_CACHE_MB: '64' }) };
  const upstream = await startNext(await freePort(), upstreamEnv);
  console.log(`fuzz: site on ${embedded.baseUrl}, upstream-mode site on ${upstream.baseUrl} (API_ORIGIN ${recorder.origin}); ${totalRuns} inputs, seed ${seed}`);

  const names = Object.keys(FAMILIES).filter((n) => !only || only.includes(n));
  const upstreamNames = UPSTREAM_FAMILIES.filter((n) => names.includes(n));
  const perUpstream = upstreamNames.length ? Math.ceil((totalRuns * UPSTREAM_SHARE) / upstreamNames.length) : 0;
  const perEmbedded = Math.ceil((totalRuns - perUpstream * upstreamNames.length) / names.length);
  /** @type {Counts} */
  const counts = {};
  const started = Date.now();

  const embeddedRuns = names.map((name, i) =>
    fuzzFamily(name, /** @type {fc.Arbitrary<import('../tests/fuzz/http.mjs').FuzzRequest>} */ (FAMILIES[name]), perEmbedded, seed + i, counts, async (request) => checkAnswer(request, await send(embedded.baseUrl, request))),
  );
  const upstreamRuns = (async () => {
    for (const [i, name] of upstreamNames.entries()) {
      await fuzzFamily(`upstream:${name}`, /** @type {fc.Arbitrary<import('../tests/fuzz/http.mjs').FuzzRequest>} */ (FAMILIES[name]), perUpstream, seed + 1000 + i, counts, async (request) => {
        const mark = recorder.records.length;
        const problem = checkAnswer(request, await send(upstream.baseUrl, request));
        if (problem) return problem;
        for (const record of recorder.since(mark)) {
          const wrong = checkUpstreamRequest(record, request);
          if (wrong) return `upstream request: ${wrong}`;
        }
        return null;
      });
    }
  })();
  await Promise.all([...embeddedRuns, upstreamRuns]);
  const seconds = (Date.now() - started) / 1000;

  let total = 0;
  let failed = 0;
  console.log('\nfamily                          inputs  result');
  for (const [label, { inputs, failure }] of Object.entries(counts)) {
    total += inputs;
    if (failure) failed += 1;
    console.log(`${label.padEnd(30)} ${String(inputs).padStart(8)}  ${failure ? 'FAIL' : 'ok'}`);
  }
  console.log(`${'total'.padEnd(30)} ${String(total).padStart(8)}  ${failed ? `${failed} failing` : 'ok'}`);
  console.log(`seed ${seed}, ${seconds.toFixed(1)} s, ${(total / seconds).toFixed(0)} inputs/s, ${recorder.records.length} upstream requests checked`);
  for (const [label, { failure }] of Object.entries(counts)) if (failure) console.log(`\nFAIL ${label}: ${failure}`);

  let headerFailures = 0;
  if (!args.includes('--no-headers')) headerFailures = (await runInternalHeaderTable(embedded.baseUrl)) + checkProxyMatcher(root);

  closeClient();
  embedded.stop();
  upstream.stop();
  await recorder.stop();
  return failed || headerFailures ? 1 : 0;
});
