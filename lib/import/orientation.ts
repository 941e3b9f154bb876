import type { Orientation } from '@/lib/contract/types';

/**
 * The spellings feeds give a video's orientation in (KVS and the network say str/gay/she; partner
 * feeds and the tubes spell it out), lower case. Nothing else is guessed: a value not listed here
 * rejects its row (normalise.ts says why).
 */
const SPELLINGS: Record<string, Orientation> = {
  str: 'str',
  straight: 'str',
  hetero: 'str',
  heterosexual: 'str',
  gay: 'gay',
  she: 'she',
  shemale: 'she',
  trans: 'she',
  transgender: 'she',
  ts: 'she',
};

/** What the rejection of an unknown value says is accepted. */
export const ORIENTATION_SPELLINGS = Object.keys(SPELLINGS);

/** The orientation a feed's value names, or null when it names none of them. */
export function orientationOf(value: string): Orientation | null {
  return SPELLINGS[value.trim().toLowerCase()] ?? null;
}

/**
 * The tubes' dumps have no orientation column: their gay and trans sections show as a category
 * (pornhub's "Gay" and "Transgender", xvideos' "Gay" and "Shemale"). A category naming one of
 * them sets it; two that disagree, or none, leave the row to the default (straight).
 */
export function orientationFromCategories(categories: readonly string[]): Orientation | undefined {
  let found: Orientation | undefined;
  for (const c of categories) {
    const o = orientationOf(c);
    if (o === null || o === 'str') continue;
    if (found !== undefined && found !== o) return undefined;
    found = o;
  }
  return found;
}
