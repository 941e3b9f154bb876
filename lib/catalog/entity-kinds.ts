/**
 * How both stores number what a listing can be of, and the orientations: the numbers stored in
 * entity_stats, period_counts and the videos' gender columns (tables.ts).
 */
import { DEFAULT_ORIENTATION, ORIENTATIONS, type Orientation } from '@/lib/contract/types';

/** A listing's section kinds in the tables: 0 is a category (entity 0: all videos). */
export const KIND = { category: 0, model: 1, channel: 2, tag: 3 } as const;

/** The sections with entity_stats rows: models, channels and tags. */
export type EntityKindName = 'model' | 'channel' | 'tag';
export const ENTITY_KINDS: readonly EntityKindName[] = ['model', 'channel', 'tag'];

/** A model, channel or tag a listing is of. */
export interface EntityRef {
  kind: EntityKindName;
  id: number;
}

/** An orientation's number in the gender columns (0 straight, 1 gay, 2 shemale). */
export const genderNo = (o: Orientation): number => ORIENTATIONS.indexOf(o);

/** The orientation a stored gender number stands for (an unknown number reads as the default). */
export const orientationOf = (n: number): Orientation => ORIENTATIONS[n] ?? DEFAULT_ORIENTATION;

/** An orientation from the query's validated `gender` (anything else is the default). */
export function toOrientation(gender: string): Orientation {
  return (ORIENTATIONS as readonly string[]).includes(gender) ? (gender as Orientation) : DEFAULT_ORIENTATION;
}

/**
 * The dir range of an index's letter filter, half-open [from, to): dirs are slugs (a-z, 0-9 and
 * '-', lowercase), so 'a'..'z' is the dirs starting with that letter and '0' those starting with a
 * digit (below 'a'); '' is every dir.
 */
export function letterRange(letter: string): [string, string] | null {
  if (letter === '') return null;
  if (letter === '0') return ['', 'a'];
  return [letter, String.fromCharCode(letter.charCodeAt(0) + 1)];
}

/** The list tail's `type` values that name an orientation ('all' names none). */
const TYPE_ORIENTATIONS: Record<string, Orientation> = { straight: 'str', gay: 'gay', shemale: 'she' };

/**
 * Whether a list's `type` leaves nothing of its `gender`: 'all' keeps the gender's list, and a type
 * naming another orientation than the gender's is an empty list (the network's clients send
 * 'all'; a type naming the gender's own orientation is that same list).
 */
export function typeExcludes(type: string, gender: Orientation): boolean {
  const named = TYPE_ORIENTATIONS[type];
  return named !== undefined && named !== gender;
}
