import { visitorKey } from '@/lib/net/visitor-key';

/**
 * What someone holding a copy of the catalogue would try (issue 20, item 1): the key derivation is
 * public (lib/net/visitor-key.ts), so every address of a range is hashed under every secret they
 * can think of, for the day of the votes, and looked for among the stored voters.
 */

/**
 * The secrets the documentation names: none (an empty key), VOTE_SALT's default before issue 20
 * ('tubefront'), and the placeholders production refuses (lib/config/check.ts).
 */
export const DOCUMENTED_SECRETS = ['', 'tubefront', 'secret', 'changeme', 'change-me', 'change_me', 'salt', 'vote_salt', 'password', 'test', 'default'];

/** The 256 addresses of the IPv4 /24 that starts with `prefix` ('203.0.113'). */
export const range24 = (prefix: string): string[] => Array.from({ length: 256 }, (_, i) => `${prefix}.${i}`);

/** The address the tests vote from, and the range searched: the /24 around it. */
export const VOTER_ADDRESS = '203.0.113.77';
export const SEARCHED = range24('203.0.113');

/** Addresses of `range` whose key under one of `secrets`, on the day of `at` (unix seconds), is a stored voter. */
export function addressesFound(voters: Iterable<string>, secrets: readonly string[], at: number, range: readonly string[] = SEARCHED): string[] {
  const stored = new Set(voters);
  const found = new Set<string>();
  for (const secret of secrets) {
    for (const address of range) if (stored.has(visitorKey(secret, address, at * 1000))) found.add(address);
  }
  return [...found];
}

/** The keys of `addresses` under `secret` on the day of `at`, to look for in a file's bytes. */
export function keysOf(addresses: readonly string[], secret: string, at: number): string[] {
  return addresses.map((a) => visitorKey(secret, a, at * 1000));
}
