/**
 * tsvector and tsquery literals built from the words the SQLite catalogue indexes (foldedWords:
 * lower-cased, diacritics folded, runs of letters and digits), so that PostgreSQL's parser never
 * decides what a word is and both catalogues match the same videos.
 */
import { foldedWords } from '../relevance';
import { STOPWORDS } from '../words';

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

/** The title index of a video: its title's distinct words, unweighted (SQLite's title_fts). */
export function titleTsv(text: string): string {
  return [...new Set(foldedWords(text))]
    .filter((w) => Buffer.byteLength(w) <= MAX_LEXEME_BYTES)
    .map(lexeme)
    .join(' ');
}

/**
 * The words of a title a related list matches on (relatedIds in lib/catalog/related-query.ts: 3
 * letters or more, no stopword), each once: the related_words rows of a video, one per word and
 * category. The asking video's words are the same filter over its first search tokens, so a video
 * shares a word with it exactly when one of these rows has that word.
 */
export function relatedWords(title: string): string[] {
  return [...new Set(foldedWords(title))].filter((w) => w.length >= 3 && !STOPWORDS.has(w) && Buffer.byteLength(w) <= MAX_LEXEME_BYTES);
}

/** The search document of a video: title A, tags and categories B, description C. */
export function videoTsv(title: string, description: string, categories: readonly string[], tags: readonly string[]): string {
  return weightedTsv([
    [title, 'A'],
    [[...tags, ...categories].join(' '), 'B'],
    [description, 'C'],
  ]);
}

/**
 * A tsquery literal: every token (AND); the last one as a prefix when asked. With `weight`, each
 * token must hold a position of that weight: 'A' matches a videoTsv exactly when titleTsv matches
 * the same tokens without it (videoTsv gives every title word an A position: the title comes
 * first, so PostgreSQL's 256 kept positions of a lexeme start with it).
 */
export function tsquery(tokens: readonly string[], options: { prefixLast?: boolean; weight?: Weight } = {}): string {
  const weight = options.weight ?? '';
  return tokens.map((t, i) => `${lexeme(t)}${options.prefixLast && i === tokens.length - 1 ? ':*' : weight ? ':' : ''}${weight}`).join(' & ');
}
