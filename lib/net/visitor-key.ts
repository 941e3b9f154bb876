import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

const DAY_MS = 86_400_000;

/**
 * An opaque key for a visitor's address: HMAC-SHA256 under a key derived from the secret and the
 * UTC day of `now`. Nothing stores or logs the address itself; without the secret the key cannot
 * be tested against the 4 billion IPv4 addresses, and since the key rotates daily, yesterday's
 * keys cannot be linked to today's visitors. The secret is the catalogue's (voter-key.ts in
 * lib/catalog/sqlite and lib/catalog/postgres: VOTE_SALT, else a random one kept beside the votes),
 * and a day's keys are dropped when the day ends. The browser's User-Agent is deliberately not part
 * of it: a script could forge a new one per request.
 */
export function visitorKey(secret: string, address: string, now = Date.now()): string {
  const day = Math.floor(now / DAY_MS);
  const dayKey = createHmac('sha256', secret).update(`day:${day}`).digest();
  return createHmac('sha256', dayKey).update(subscriber(address)).digest('base64url').slice(0, 32);
}

/**
 * What one subscriber controls: an IPv4 address, or the /64 of an IPv6 one (a home connection
 * gets a whole /64 and could otherwise vote once per address in it).
 */
export function subscriber(address: string): string {
  if (!isIPv6(address)) return address;
  const full = expandIPv6(address);
  return full ? `${full.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of a valid IPv6 address (an IPv4 tail becomes two groups), or null. */
function expandIPv6(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => {
    if (!part) return [];
    const out = part.split(':');
    const last = out[out.length - 1] ?? '';
    if (isIPv4(last)) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      out.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return out;
  };
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const all = halves.length === 2 ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return all.length === 8 ? all.map((g) => g.padStart(4, '0')) : null;
}
