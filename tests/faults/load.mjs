/**
 * Visitors asking the site for pages while something breaks: a few workers, each taking turns
 * between a page served before (cached) and one never asked for (rendered from the catalogue),
 * every answer recorded with its kind, status and time.
 */

/** How long a visitor waits before the answer counts as hung. */
export const SLOW_MS = 5000;

/** @typedef {'cached' | 'new'} Kind */
/** @typedef {{ kind: Kind; url: string; status: number | 'no answer'; ms: number; at: number }} Answer */

/**
 * GETs `url`, never throwing: an answer that does not come within 2 x SLOW_MS is 'no answer'.
 * @param {string} url
 * @returns {Promise<{ status: number | 'no answer'; ms: number; body: string }>}
 */
export async function timedGet(url) {
  const t = performance.now();
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2 * SLOW_MS) });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - t, body };
  } catch {
    return { status: 'no answer', ms: performance.now() - t, body: '' };
  }
}

/**
 * Starts `workers` visitors on `base`; stop() ends them and resolves to every answer.
 * @param {string} base
 * @param {readonly string[]} cached paths served before
 * @param {() => string} fresh the next path never asked for
 * @param {number} workers
 */
export function startVisitors(base, cached, fresh, workers = 3) {
  let running = true;
  /** @type {Answer[]} */
  const answers = [];
  /** @param {number} w */
  const visitor = async (w) => {
    for (let i = w; running; i++) {
      /** @type {Kind} */
      const kind = i % 2 === 0 ? 'cached' : 'new';
      const url = kind === 'cached' ? /** @type {string} */ (cached[i % cached.length]) : fresh();
      const r = await timedGet(base + url);
      answers.push({ kind, url, status: r.status, ms: r.ms, at: performance.now() });
    }
  };
  const all = Promise.all(Array.from({ length: workers }, (_, w) => visitor(w)));
  return {
    answers,
    async stop() {
      running = false;
      await all;
      return answers;
    },
  };
}

/**
 * Answers by kind and status ("cached 200", "new 503", ...), with the slowest of each.
 * @param {readonly Answer[]} answers
 * @returns {Map<string, { n: number; slowest: number }>}
 */
export function byKindAndStatus(answers) {
  /** @type {Map<string, { n: number; slowest: number }>} */
  const out = new Map();
  for (const a of answers) {
    const key = `${a.kind} ${a.status}`;
    const e = out.get(key) ?? { n: 0, slowest: 0 };
    e.n++;
    e.slowest = Math.max(e.slowest, a.ms);
    out.set(key, e);
  }
  return out;
}
