/**
 * What the system suites on Node's test runner (`node --test`, tests/<suite>/*.test.mjs) share
 * beyond the servers of harness.mjs: a build (or a prepared catalogue) that fails the suite's
 * `before` hook with the reason, and a check over many items that names every one that failed.
 *
 * A suite starts what it needs in `before`, stops it in `after` (harness.mjs also stops every
 * process it started when the runner exits), and asserts with node:assert inside `test`s: a failed
 * assertion fails that test and the run, and the others still run.
 */
import assert from 'node:assert/strict';
import { buildOrPrepare } from './harness.mjs';

/**
 * Builds the site when the build is missing or older than the sources, else prepares the
 * catalogue `env` names; throws when that fails, so the suite's tests do not run on a stale build.
 * @param {NodeJS.ProcessEnv} env
 */
export function prepareSite(env) {
  const code = buildOrPrepare(env);
  if (code !== 0) throw new Error(`the build (or preparing the catalogue) exited ${code}`);
}

/**
 * Asserts that `check` holds for every item, naming each item it does not hold for (not only the
 * first): `check` returns null when the item is fine, else what is wrong with it.
 * @template T
 * @param {Iterable<T>} items
 * @param {(item: T) => string | null} check
 * @param {string} what what every item should be, for the message
 */
export function assertEvery(items, check, what) {
  /** @type {string[]} */
  const wrong = [];
  for (const item of items) {
    const problem = check(item);
    if (problem !== null) wrong.push(problem);
  }
  assert.deepEqual(wrong, [], `${wrong.length} not ${what}:\n  ${wrong.join('\n  ')}`);
}
