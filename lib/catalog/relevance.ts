/**
 * Relevance of a candidate video to a set of words, computed in JS from its title.
 *
 * Why not FTS5's bm25: its first call per query counts every document of every phrase (the
 * IDF pass), which for a common word at a large catalogue costs more than the rest of the search,
 * whatever the LIMIT. Every candidate already matched all the words somewhere (title,
 * description, category or tag), so what is left to rank is bm25's dominant signal with our
 * column weights: how many words are in the title, and how short the title is.
 */

/** Lower-cased, diacritics folded (as FTS5's remove_diacritics does) letter/digit runs. */
export function foldedWords(text: string): string[] {
  // Most titles are plain ASCII: skip the Unicode normalisation, which costs more than the rest.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export interface ScoreOptions {
  /** The last query word may match the start of a title word. */
  prefixLast?: boolean;
}

/** Higher is better: 10 per query word in the title, 1 per word found elsewhere, minus a length term. */
export function titleScore(queryWords: readonly string[], title: string, options: ScoreOptions = {}): number {
  const words = foldedWords(title);
  const set = new Set(words);
  let score = 0;
  queryWords.forEach((q, i) => {
    const prefix = options.prefixLast === true && i === queryWords.length - 1;
    score += (prefix ? words.some((w) => w.startsWith(q)) : set.has(q)) ? 10 : 1;
  });
  // bm25's length normalisation in miniature: among equal matches, the tighter title first.
  return score - words.length * 0.1;
}

export interface Scored {
  id: number;
  score: number;
}

/** Best first; newest (highest id) first among equals. */
export function byScore(a: Scored, b: Scored): number {
  return b.score - a.score || b.id - a.id;
}

const MAX_TOKENS = 8;

/** Folded letter/digit runs of the text, de-duplicated, at most MAX_TOKENS. */
export function searchTokens(text: string): string[] {
  return [...new Set(foldedWords(text))].slice(0, MAX_TOKENS);
}
