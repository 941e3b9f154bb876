/**
 * Checks whose answer the wallet posts itself (OpenID4VP direct_post): that request comes from the
 * wallet, not the visitor's browser, so it carries no check cookie. The site keeps, per check, a
 * random handle (in the return URL, echoed in `state`) -> the check's nonce, and once the wallet
 * has answered, the outcome only (over-18, method, expiry, or a refusal's code): the presentation
 * is verified on arrival and dropped. The browser then collects the outcome with its own cookie.
 *
 * Per server, in memory, like the used nonces: behind a balancer, /age/ must reach the server
 * that started the check (docs/age-assurance.md).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LruCache } from '@/lib/cache/lru.mjs';
import type { AgeCheckErrorCode, AgeResult } from './provider';

export type CheckOutcome = { ok: true; result: AgeResult } | { ok: false; code: AgeCheckErrorCode };

interface PendingCheck {
  nonce: string;
  outcome?: CheckOutcome;
}

/** How long an outcome waits for its browser: the wallet hands the URL over at once. */
export const OUTCOME_TTL_MS = 5 * 60 * 1000;

const HANDLE = /^[A-Za-z0-9_-]{22}$/;

/** Bounded, so a flood of started checks evicts the oldest rather than growing memory. */
const pending = new LruCache<PendingCheck>(100_000, 15 * 60 * 1000);
const outcomes = new LruCache<PendingCheck>(100_000, OUTCOME_TTL_MS);

export function isHandle(value: unknown): value is string {
  return typeof value === 'string' && HANDLE.test(value);
}

/** A new check waiting for its wallet; its handle. */
export function openCheck(nonce: string): string {
  const handle = randomBytes(16).toString('base64url');
  pending.set(handle, { nonce });
  return handle;
}

/** The nonce of a check still waiting for its wallet, taken out so that it is answered once only. */
export function takePendingNonce(handle: string): string | null {
  const check = pending.get(handle);
  if (!check) return null;
  pending.delete(handle);
  return check.nonce;
}

export function storeOutcome(handle: string, nonce: string, outcome: CheckOutcome): void {
  outcomes.set(handle, { nonce, outcome });
}

const sameNonce = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The outcome for the browser whose check cookie holds `nonce`, once only. Another browser (another
 * nonce) gets null and leaves it in place: holding the URL is not enough, and cannot spoil it.
 */
export function collectOutcome(handle: string, nonce: string): CheckOutcome | null {
  const check = outcomes.get(handle);
  if (!check?.outcome || !sameNonce(check.nonce, nonce)) return null;
  outcomes.delete(handle);
  return check.outcome;
}
