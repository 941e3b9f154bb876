/**
 * tsvector and tsquery literals built from the words the SQLite catalogue indexes (foldedWords:
 * lower-cased, diacritics folded, runs of letters and digits), so that PostgreSQL's parser never
 * decides what a word is and both catalogues match the same videos.
 */
import { foldedWords } from '../relevance';
import { STOPWORDS } from '../keywords';

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

/** Words a title pairs (titlePairs): 3 letters or more, no stopword, short enough for a pair to be a lexeme. */
function pairedWord(word: string): boolean {
  return word.length >= 3 && !STOPWORDS.has(word) && Buffer.byteLength(word) <= 1000;
}

/**
 * Distinct paired words a title pairs at most (120 pairs; a pathological title would have hundreds
 * of thousands): a title with more has a lexeme '+word' for each of them instead, which a title
 * read looks up too (titlePairQuery).
 */
export const MAX_PAIRED_WORDS = 16;

/** Every pair of distinct words as one lexeme, '+a+b' with a < b: no word holds a '+', so no search token or prefix is one. */
function pairLexemes(words: readonly string[]): string[] {
  const sorted = [...new Set(words)].sort();
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) out.push(`+${sorted[i]}+${sorted[j]}`);
  return out;
}

/**
 * The title pairs of a video (schema.ts title_pairs): a lexeme for every pair of its paired words,
 * or when it has more than MAX_PAIRED_WORDS of them, '+word' for each.
 */
export function titlePairsTsv(text: string): string {
  const words = [...new Set(foldedWords(text))].filter(pairedWord);
  return (words.length > MAX_PAIRED_WORDS ? words.map((w) => `+${w}`) : pairLexemes(words)).map(lexeme).join(' ');
}

/** The title index of a video: its title's distinct words, unweighted (SQLite's title_fts). */
export function titleTsv(text: string): string {
  return [...new Set(foldedWords(text))]
    .filter((w) => Buffer.byteLength(w) <= MAX_LEXEME_BYTES)
    .map(lexeme)
    .join(' ');
}

/**
 * A title read through the word pairs: titles whose title_pairs match `pairs` and whose title_tsv
 * match `rest` (when not null) are exactly those whose title_tsv match tsquery(tokens). `pairs`
 * names the pairs of the paired words (a pair's posting list holds only the titles with both words:
 * schema.ts), or for a long title their '+word' lexemes; `rest` the other tokens (short words,
 * stopwords, a prefix). Null with fewer than two paired words: then the words are the read.
 */
export function titlePairQuery(tokens: readonly string[], options: { prefixLast?: boolean } = {}): { pairs: string; rest: string | null } | null {
  const prefix = options.prefixLast ? tokens[tokens.length - 1] : undefined;
  const paired = tokens.filter((t, i) => pairedWord(t) && !(prefix !== undefined && i === tokens.length - 1));
  if (paired.length < 2) return null;
  const others = tokens.filter((t) => !paired.includes(t));
  const pairs = pairLexemes(paired).map(lexeme).join(' & ');
  const long = paired.map((w) => lexeme(`+${w}`)).join(' & ');
  return {
    pairs: `(${pairs}) | (${long})`,
    rest: others.length > 0 ? tsquery(others, { prefixLast: prefix !== undefined && others[others.length - 1] === prefix }) : null,
  };
}

/**
 * The words of a title a related list matches on (relatedIds in lib/catalog/sqlite/related-query.ts: 3
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
