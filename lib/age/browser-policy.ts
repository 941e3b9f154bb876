import { anyRegion, type AgePolicy } from './policy.mjs';

/**
 * What the inline script must know of AGE_POLICY beyond the confirm countries: the countries
 * whose policy is another (verify and block are both a check in the browser: a blocked visitor
 * who got a page anyway, from a CDN that does not apply the policy, sees no media), and whether
 * any region verifies, so that a first visit without cookies holds media back until it knows.
 */
export function browserPolicy(policy: AgePolicy): { policies: Record<string, string>; verify: boolean } {
  const policies: Record<string, string> = {};
  for (const [region, kind] of Object.entries(policy.regions)) if (region.length === 2 && kind !== 'confirm' && kind !== 'none') policies[region] = kind;
  return { policies, verify: anyRegion(policy, 'verify') };
}
