import { createHmac } from 'node:crypto';

const DAY_MS = 86_400_000;

/**
 * An opaque key for a visitor's address: HMAC-SHA256 under a key derived from the secret and the
 * current UTC day. Nothing stores or logs the address itself; without the secret the key cannot
 * be tested against the 4 billion IPv4 addresses, and since the key rotates daily, yesterday's
 * keys cannot be linked to today's visitors. The browser's User-Agent is deliberately not part of
 * it: a script could forge a new one per request.
 */
export function visitorKey(secret: string, address: string, now = Date.now()): string {
  const day = Math.floor(now / DAY_MS);
  const dayKey = createHmac('sha256', secret).update(`day:${day}`).digest();
  return createHmac('sha256', dayKey).update(address).digest('base64url').slice(0, 32);
}
