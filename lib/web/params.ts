/**
 * Whitelisting of untrusted input (route params, query strings, form bodies). Every parser
 * returns null for anything outside the accepted set, so callers answer 404 or 400.
 */
import { LIMITS } from '@/lib/contract/constants';
import {
  ALL_SORTS,
  CATEGORY_SORTS,
  DATES,
  ENTITY_SORTS,
  DURATIONS,
  PAGE_DURATIONS,
  SORTS,
  type CategorySort,
  type DateFilter,
  type DurationFilter,
  type EntitySort,
  type PageSort,
  type Sort,
} from '@/lib/contract/types';

/** The value when it is one of the list, else null. */
export function oneOf<T extends string>(list: readonly T[], value: unknown): T | null {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : null;
}

/** Every sort: the API's routes. */
export const parseSort = (v: unknown): Sort | null => oneOf(ALL_SORTS, v);
/** The sorts with listing pages. */
export const parsePageSort = (v: unknown): PageSort | null => oneOf(SORTS, v);
export const parseCategorySort = (v: unknown): CategorySort | null => oneOf(CATEGORY_SORTS, v);
export const parseEntitySort = (v: unknown): EntitySort | null => oneOf(ENTITY_SORTS, v);

/** The model index's letter filter: 'a' to 'z', and '0' for names that start with anything else ('#'). */
export const LETTERS = [...'abcdefghijklmnopqrstuvwxyz', '0'] as const;
export const parseLetter = (v: unknown): string | null => oneOf(LETTERS, v);
/** Missing means 'all'. */
export const parseDate = (v: unknown): DateFilter | null => (v === undefined || v === null || v === '' ? 'all' : oneOf(DATES, v));
export const parseDurationFilter = (v: unknown): DurationFilter | null =>
  v === undefined || v === null || v === '' ? 'all' : oneOf(DURATIONS, v);
/** The durations pages offer (missing means 'all'); the API's routes take every one (parseDurationFilter). */
export const parsePageDuration = (v: unknown): DurationFilter | null =>
  v === undefined || v === null || v === '' ? 'all' : oneOf(PAGE_DURATIONS, v);

/** A whole number in [min, max] written in plain decimal digits (no sign, no leading zeros). */
export function parseIntIn(v: unknown, min: number, max: number): number | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v);
  if (!/^(0|[1-9]\d{0,15})$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

export const parsePage = (v: unknown): number | null => parseIntIn(v, 1, LIMITS.maxPage);
/** The largest video id: KVS keeps ids in an unsigned 32-bit column. */
export const MAX_VIDEO_ID = 4_294_967_295;

/** A video id, in every route that takes one (pages, API, media, embed): 1 to MAX_VIDEO_ID in plain digits. */
export const parseVideoId = (v: unknown): number | null => parseIntIn(v, 1, MAX_VIDEO_ID);

/** Slugs: category dirs and video dirs. */
export function parseSlug(v: unknown): string | null {
  return typeof v === 'string' && /^[a-z0-9][a-z0-9_-]{0,127}$/i.test(v) ? v : null;
}

/** Why a search term is refused: too short (missing or blank included), too long, or holding control characters. */
export type TermRefusal = 'short' | 'long' | 'invalid';

function checkTerm(v: unknown): { term: string } | { refused: TermRefusal } {
  if (typeof v !== 'string') return { refused: 'short' };
  if (/[\u0000-\u001f\u007f]/.test(v)) return { refused: 'invalid' };
  const term = v.replace(/\s+/g, ' ').trim();
  const length = [...term].length;
  if (length < LIMITS.minTerm) return { refused: 'short' };
  return length <= LIMITS.maxTerm ? { term } : { refused: 'long' };
}

/** A search term: trimmed, whitespace folded, 3 to 69 characters; control characters rejected. */
export function parseTerm(v: unknown): string | null {
  const c = checkTerm(v);
  return 'term' in c ? c.term : null;
}

/** Why parseTerm refuses `v` (the search page tells the visitor), or null when it takes it. */
export function termRefusal(v: unknown): TermRefusal | null {
  const c = checkTerm(v);
  return 'refused' in c ? c.refused : null;
}
