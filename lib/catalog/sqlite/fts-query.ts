/**
 * Turns whatever a visitor typed into a safe FTS5 MATCH expression. Only runs of letters and
 * digits survive, each wrapped in double quotes, so operators (AND, NEAR, *, ^, :, quotes)
 * are plain words and no input can produce an FTS5 syntax error.
 */
import { durationClass } from '../filters';

/** A quoted FTS5 string; quotes cannot occur in tokens, but doubling them keeps this total. */
export function quoted(token: string): string {
  return `"${token.replaceAll('"', '""')}"`;
}

/** The columns a visitor's words are looked up in (facets hold filter tokens only). */
const TEXT_COLUMNS = '{title description categories tags}';

/**
 * The two full-text tables: video_fts indexes every text column, title_fts only the titles
 * (plus the same facets). Both have columns `title` and `facets`.
 */
export type FtsTable = 'video_fts' | 'title_fts';

export interface MatchOptions {
  /** Match the last token as a prefix ("harb" finds "harbour"). */
  prefixLast?: boolean;
  /** Restrict to one duration class through its facet token. */
  durationClass?: number;
  /** Look the words up in the title only (the expression for title_fts). */
  titleOnly?: boolean;
  /** Restrict to one orientation's number through its facet token (entity-kinds.ts). */
  gender?: number;
}

/**
 * A video's facet tokens: its duration class, its categories, and its orientation when it is not
 * the default (so that the catalogues written before orientations, all straight, need no new
 * tokens: straight is "neither of the others").
 */
export function facetsOf(duration: number, categoryIds: readonly number[], gender: number): string {
  return [`d${durationClass(duration)}`, ...categoryIds.map((c) => `c${c}`), ...(gender === 0 ? [] : [`g${gender}`])].join(' ');
}

/**
 * `match` kept to a gay or shemale video in the full-text index itself, so that the walk reads only
 * those (a tenth of the catalogue or less). Straight is tested on the row alone: most videos are,
 * and an FTS NOT of the other two cost a straight search more than the few rows it skips.
 */
function inGender(match: string, gender: number | undefined): string {
  return gender === undefined || gender === 0 ? match : `${match} AND facets : "g${gender}"`;
}

export function searchMatch(tokens: readonly string[], options: MatchOptions = {}): string {
  const parts = tokens.map((t, i) => (options.prefixLast && i === tokens.length - 1 ? `${quoted(t)} *` : quoted(t)));
  let match = `${options.titleOnly ? 'title' : TEXT_COLUMNS} : (${parts.join(' AND ')})`;
  if (options.durationClass) match += ` AND facets : "d${options.durationClass}"`;
  return inGender(match, options.gender);
}

/** Videos sharing a title word and a category (of an orientation, when given): the related-videos match. */
export function relatedMatch(titleTokens: readonly string[], categoryIds: readonly number[], gender?: number): string {
  const words = titleTokens.map(quoted).join(' OR ');
  const cats = categoryIds.map((c) => `"c${c}"`).join(' OR ');
  return inGender(`title : (${words}) AND facets : (${cats})`, gender);
}
