/**
 * What the public page on age assurance says (app/information/age-assurance), made from the
 * configuration: the policy of each region and the method of the provider. Regulators ask for it
 * (Ofcom asks a service to publish a summary of its age-assurance method).
 */
import type { Config } from '@/lib/config';
import { ageProvider } from './check-flow';
import { policyEntries, UNKNOWN_REGION, type AgePolicyKind } from './policy.mjs';

export interface RegionRow {
  code: string;
  name: string;
  policy: AgePolicyKind;
  asked: string;
}

export const POLICY_TEXT: Record<AgePolicyKind, string> = {
  none: 'No age check.',
  confirm: 'Visitors confirm that they are 18 or older before the site is shown.',
  verify: 'An age-verification provider checks that the visitor is 18 or older before any video, picture or preview is shown.',
  block: 'The site is not available (HTTP 451, Unavailable For Legal Reasons).',
};

const names = new Intl.DisplayNames(['en'], { type: 'region' });

function regionName(code: string): string {
  if (code === UNKNOWN_REGION) return 'Visitors whose region cannot be told';
  const [country, sub] = code.split('-');
  let name = code;
  try {
    name = names.of(country!) ?? code;
  } catch {
    // a code Intl does not know keeps its letters
  }
  return sub ? `${name}, subdivision ${code}` : name;
}

export function regionRows(c: Pick<Config, 'agePolicy'>): RegionRow[] {
  return policyEntries(c.agePolicy).map(([code, policy]) => ({ code, name: regionName(code), policy, asked: POLICY_TEXT[policy] }));
}

/** The provider's own sentence, or null without one. */
export function methodText(c: Config): string | null {
  return ageProvider(c)?.description ?? null;
}
