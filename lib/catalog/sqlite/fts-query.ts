/**
 * Turns whatever a visitor typed into a safe FTS5 MATCH expression. Only runs of letters and
 * digits survive, each wrapped in double quotes, so operators (AND, NEAR, *, ^, :, quotes)
 * are plain words and no input can produce an FTS5 syntax error.
 */

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
}

export function searchMatch(tokens: readonly string[], options: MatchOptions = {}): string {
  const parts = tokens.map((t, i) => (options.prefixLast && i === tokens.length - 1 ? `${quoted(t)} *` : quoted(t)));
  let match = `${options.titleOnly ? 'title' : TEXT_COLUMNS} : (${parts.join(' AND ')})`;
  if (options.durationClass) match += ` AND facets : "d${options.durationClass}"`;
  return match;
}

/** Videos sharing a title word and a category: the related-videos match. */
export function relatedMatch(titleTokens: readonly string[], categoryIds: readonly number[]): string {
  const words = titleTokens.map(quoted).join(' OR ');
  const cats = categoryIds.map((c) => `"c${c}"`).join(' OR ');
  return `title : (${words}) AND facets : (${cats})`;
}
