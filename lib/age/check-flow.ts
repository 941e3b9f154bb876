/**
 * The verification's two routes share this: the provider AGE_PROVIDER names, the check's cookie
 * (its single-use nonce and the page to return to), and the pass the return route sets.
 */
import { randomBytes } from 'node:crypto';
import type { NextResponse } from 'next/server';
import { LruCache } from '@/lib/cache/lru.mjs';
import { getConfig, type Config } from '@/lib/config';
import { AGE_CHECK_COOKIE, AGE_PASS_COOKIE, AGE_PASS_UNTIL_COOKIE } from './cookies';
import { signPass } from './pass';
import type { AgeProvider, AgeResult } from './provider';
import { providerEntry } from './providers';

/** The check's own path: its cookie goes to nothing else. */
export const CHECK_PATH = '/age/';
export const RETURN_PATH = '/age/return/';
/** How long a visitor may take at the provider. */
export const CHECK_TTL_S = 900;

let provider: { id: string; instance: AgeProvider } | undefined;

/** The configured provider, or null when AGE_PROVIDER is unset. */
export function ageProvider(c: Config = getConfig()): AgeProvider | null {
  if (!c.ageProvider) return null;
  if (provider?.id !== c.ageProvider) {
    const entry = providerEntry(c.ageProvider);
    if (!entry) return null;
    provider = { id: c.ageProvider, instance: entry.create(c.ageProviderOptions) };
  }
  return provider.instance;
}

/** A page of this site to go back to: a path, never another origin ('//x', '/\\x'), else the home page. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 1024 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\u007f]/.test(value) || value.startsWith(CHECK_PATH)) return '/';
  return value;
}

export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

const secure = (c: Config) => c.siteUrl.startsWith('https:');

export function setCheckCookie(response: NextResponse, nonce: string, returnPath: string, c: Config = getConfig()): void {
  const value = `${nonce}.${Buffer.from(returnPath).toString('base64url')}`;
  response.cookies.set(AGE_CHECK_COOKIE, value, { path: CHECK_PATH, maxAge: CHECK_TTL_S, httpOnly: true, sameSite: 'lax', secure: secure(c) });
}

export function readCheckCookie(value: string | undefined): { nonce: string; returnPath: string } | null {
  const m = value ? /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{0,1400})$/.exec(value) : null;
  if (!m) return null;
  return { nonce: m[1]!, returnPath: safeReturnPath(Buffer.from(m[2]!, 'base64url').toString('utf8')) };
}

export function clearCheckCookie(response: NextResponse): void {
  response.cookies.set(AGE_CHECK_COOKIE, '', { path: CHECK_PATH, maxAge: 0, httpOnly: true, sameSite: 'lax' });
}

/**
 * Nonces already answered, kept as long as a check may last: the same answer sent twice (a
 * replay, with or without the check's cookie) is refused. Per server; with several servers the
 * check's cookie is cleared on the first answer anyway.
 */
const used = new LruCache<true>(100_000, CHECK_TTL_S * 1000);

/** True the first time a nonce is answered, false after. */
export function spendNonce(nonce: string): boolean {
  if (used.get(nonce)) return false;
  used.set(nonce, true);
  return true;
}

/** The pass and its marker for an over-18 result: never longer than the proof, nor than AGE_PASS_DAYS. */
export function setPassCookies(response: NextResponse, result: AgeResult, c: Config = getConfig(), now = Math.floor(Date.now() / 1000)): number {
  const expiresAt = Math.min(result.expiresAt, now + c.agePassMaxAgeS);
  const maxAge = Math.max(0, expiresAt - now);
  const value = signPass(c.agePassSecret, { method: result.method, expiresAt });
  response.cookies.set(AGE_PASS_COOKIE, value, { path: '/', maxAge, httpOnly: true, sameSite: 'lax', secure: secure(c) });
  response.cookies.set(AGE_PASS_UNTIL_COOKIE, String(expiresAt), { path: '/', maxAge, sameSite: 'lax', secure: secure(c) });
  return expiresAt;
}
