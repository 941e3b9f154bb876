/**
 * Blocking a region without the edge (AGE_POLICY's `block`) takes a look at every request's
 * region, which only the proxy (proxy.ts) can take, and pages are kept off the proxy for speed.
 * So this server marks each request for the proxy's age check (its matcher admits any path with
 * the mark) only while some region is blocked: with none, nothing changes and nothing is slower.
 * A client's own mark is always removed: nobody can put the site's pages on the slow path.
 */
import { anyRegion, parseAgePolicy } from '../age/policy.mjs';

export const AGE_CHECK_HEADER = 'x-tubefront-age-check';

/**
 * Whether AGE_POLICY blocks any region; a policy that does not parse blocks nothing here (lib/config
 * refuses it at start).
 * @param {Record<string, string | undefined>} env
 */
export function blocksAnyRegion(env) {
  try {
    return anyRegion(parseAgePolicy(env.AGE_POLICY ?? ''), 'block');
  } catch {
    return false;
  }
}

/**
 * A function that marks a request (true: marked, it must reach Next, not a store of finished answers).
 * @param {boolean} blocking
 * @returns {(req: import('node:http').IncomingMessage) => boolean}
 */
export function createAgeBlockMark(blocking) {
  return (req) => {
    delete req.headers[AGE_CHECK_HEADER];
    if (!blocking || req.url?.startsWith('/_next/')) return false;
    req.headers[AGE_CHECK_HEADER] = '1';
    return true;
  };
}
