/**
 * tsvector and tsquery literals built from the words the SQLite catalogue indexes (foldedWords:
 * lower-cased, diacritics folded, runs of letters and digits), so that PostgreSQL's parser never
 * decides what a word is and both catalogues match the same videos.
 */
import { foldedWords } from '../relevance';

const MAX_POS = 16_383;
/** PostgreSQL keeps at most 256 positions a lexeme. */
const MAX_POSITIONS = 256;
/** A lexeme is at most 2 KB; no real word comes near. */
const MAX_LEXEME_BYTES = 2046;

function lexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export type Weight = 'A' | 'B' | 'C' | 'D';

/**
 * A weighted tsvector literal: the words of each part at consecutive positions, with the part's
 * weight. E.g. [['Harbour Walk', 'A'], ['boats', 'C']] → 'harbour':1A 'walk':2A 'boats':3C.
 */
export function weightedTsv(parts: readonly (readonly [string, Weight])[]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const [text, weight] of parts) {
    for (const w of foldedWords(text)) {
      if (Buffer.byteLength(w) > MAX_LEXEME_BYTES) continue;
      pos = Math.min(MAX_POS, pos + 1);
      let list = positions.get(w);
      if (!list) {
        list = [];
        positions.set(w, list);
      }
      if (list.length < MAX_POSITIONS) list.push(`${pos}${weight}`);
    }
  }
  return [...positions].map(([w, list]) => `${lexeme(w)}:${list.join(',')}`).join(' ');
}

/** The facet lexeme of a category: '#' never occurs in a searched word, so no search can match it. */
export const categoryFacet = (categoryId: number): string => `#c${categoryId}`;

/**
 * The title index of a video: its title's distinct words, unweighted, and a facet lexeme per
 * category (as SQLite's title_fts has a facets column), so that related videos ("a title word and a
 * category in common") are one index condition instead of a join per candidate.
 */
export function titleTsv(text: string, categoryIds: readonly number[] = []): string {
  return [...new Set(foldedWords(text))]
    .filter((w) => Buffer.byteLength(w) <= MAX_LEXEME_BYTES)
    .concat(categoryIds.map(categoryFacet))
    .map(lexeme)
    .join(' ');
}

/** The search document of a video: title A, tags and categories B, description C. */
export function videoTsv(title: string, description: string, categories: readonly string[], tags: readonly string[]): string {
  return weightedTsv([
    [title, 'A'],
    [[...tags, ...categories].join(' '), 'B'],
    [description, 'C'],
  ]);
}

/** Any of the given title words, and any of the categories: the related-videos match. */
export function relatedTsquery(words: readonly string[], categoryIds: readonly number[]): string {
  return `(${tsquery(words, { any: true })}) & (${categoryIds.map((c) => lexeme(categoryFacet(c))).join(' | ')})`;
}

/** A tsquery literal: every token (AND), or any (OR); the last one as a prefix when asked. */
export function tsquery(tokens: readonly string[], options: { prefixLast?: boolean; any?: boolean } = {}): string {
  return tokens
    .map((t, i) => `${lexeme(t)}${options.prefixLast && i === tokens.length - 1 ? ':*' : ''}`)
    .join(options.any ? ' | ' : ' & ');
}
