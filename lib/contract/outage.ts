/**
 * When the source last failed, shared by every module instance of the process (the page bundles
 * and instrumentation are compiled apart, so this lives on globalThis). The response patch in
 * lib/server/response-patches.ts reads it to tell an outage (503) from a bug (500).
 */
const KEY = Symbol.for('tubefront.sourceFailedAt');
type Holder = { [KEY]?: number };

export function noteSourceFailure(now: number = Date.now()): void {
  (globalThis as Holder)[KEY] = now;
}

/** True when a source call failed within the last `windowMs` milliseconds. */
export function sourceFailedWithin(windowMs: number, now: number = Date.now()): boolean {
  const at = (globalThis as Holder)[KEY];
  return at !== undefined && now - at <= windowMs;
}

/** Seconds a visitor (or a crawler) is asked to wait before trying a page again during an outage. */
export const OUTAGE_RETRY_AFTER = 30;
