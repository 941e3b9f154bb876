/**
 * What AGE_POLICY asks of a request depends on the visitor's region, which only the proxy
 * (proxy.ts) looks up, and pages are kept off the proxy for speed. So this server marks a request
 * for the proxy's age check (its matcher admits any path with the mark) only when the policy can
 * refuse it: every request while some region is blocked (451 without the edge), the demo's video
 * files (static files, which no route handler sees) while some region verifies. With neither,
 * nothing is marked and nothing is slower. A client's own mark is always removed: nobody can put
 * the site's pages on the slow path.
 */
import { anyRegion, parseAgePolicy } from '../age/policy.mjs';

export const AGE_CHECK_HEADER = 'x-tubefront-age-check';
/** The demo catalogue's video files (public/demo): the previews and the player's clip. */
export const STATIC_MEDIA_PREFIX = '/demo/';

/**
 * Which requests AGE_POLICY can refuse; a policy that does not parse refuses nothing here
 * (lib/config refuses it at start).
 * @param {Record<string, string | undefined>} env
 * @returns {{ blocking: boolean; verifying: boolean }}
 */
export function ageChecks(env) {
  try {
    const policy = parseAgePolicy(env.AGE_POLICY ?? '');
    return { blocking: anyRegion(policy, 'block'), verifying: anyRegion(policy, 'verify') };
  } catch {
    return { blocking: false, verifying: false };
  }
}

/**
 * A function that marks a request (true: marked, it must reach Next, not a store of finished answers).
 * @param {{ blocking: boolean; verifying: boolean }} checks
 * @returns {(req: import('node:http').IncomingMessage) => boolean}
 */
export function createAgeCheckMark({ blocking, verifying }) {
  return (req) => {
    delete req.headers[AGE_CHECK_HEADER];
    const url = req.url ?? '';
    const marked = blocking ? !url.startsWith('/_next/') : verifying && url.startsWith(STATIC_MEDIA_PREFIX);
    if (marked) req.headers[AGE_CHECK_HEADER] = '1';
    return marked;
  };
}
