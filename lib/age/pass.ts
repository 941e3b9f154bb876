/**
 * The age pass: a cookie value holding only over-18, the method and the expiry, signed with
 * AGE_PASS_SECRET (HMAC-SHA256), so the media routes can trust it without keeping anything about
 * the visitor. `1.<method>.<expiry>.<mac>`; only an over-18 result becomes a pass.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AgePass {
  method: string;
  /** Epoch seconds. */
  expiresAt: number;
}

const METHOD = /^[a-z0-9-]{1,32}$/;
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`tubefront age pass ${body}`).digest();

export function signPass(secret: string, pass: AgePass): string {
  if (!METHOD.test(pass.method)) throw new Error(`not a method name: ${pass.method}`);
  const body = `1.${pass.method}.${Math.floor(pass.expiresAt)}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The pass in `value` when it is signed with `secret` and not expired at `now` (epoch seconds); else null. */
export function readPass(secret: string, value: string | undefined | null, now = Math.floor(Date.now() / 1000)): AgePass | null {
  if (!secret || !value || value.length > 200) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [over18, method, exp, given] = parts as [string, string, string, string];
  if (over18 !== '1' || !METHOD.test(method) || !/^\d{1,12}$/.test(exp)) return null;
  const expected = mac(secret, `${over18}.${method}.${exp}`);
  const g = Buffer.from(given, 'base64url');
  if (g.length !== expected.length || !timingSafeEqual(g, expected)) return null;
  const expiresAt = Number(exp);
  return expiresAt > now ? { method, expiresAt } : null;
}
