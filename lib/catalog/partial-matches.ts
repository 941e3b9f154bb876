/**
 * Searches that find few videos with every word go on with videos that have some of them, ranked
 * after the full matches. The spec's "view all related" link searches a video's whole title, and a
 * title's exact words are rarely all in another title: the page it leads to must still hold related
 * videos. Full matches keep their relevance and come first; both catalogues fill alike (the same
 * candidates, the same ranking), so their answers hold the same videos.
 */
import { byScore, titleScore } from './relevance';
import { STOPWORDS } from './keywords';

/** Words worth a partial match: no stopwords, no fragments. Fewer than two: a partial match is a full one. */
export function partialWords(tokens: readonly string[]): string[] {
  const words = tokens.filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  return words.length >= 2 ? words : [];
}

/**
 * A search's full matches leave room for partial ones when they are fewer than `fill` (a page);
 * then each word's newest `fill + found` title matches are the candidates: enough to fill the page
 * even if every one is a full match. 0 when there is no room.
 */
export function partialCandidates(found: readonly number[], words: readonly string[], fill: number): number {
  return words.length > 0 && found.length < fill ? fill + found.length : 0;
}

/**
 * The full matches, then the best candidates (videos with some of the words in their title) that
 * are not among them, up to `fill` in all: most words in the title first, then the tighter title,
 * then the newer video.
 */
export function withPartialMatches(
  found: readonly number[],
  candidates: Iterable<number>,
  titles: ReadonlyMap<number, string>,
  words: readonly string[],
  fill: number,
): number[] {
  const full = new Set(found);
  const extra = [...new Set(candidates)]
    .filter((id) => !full.has(id) && titles.has(id))
    .map((id) => ({ id, score: titleScore(words, titles.get(id)!) }))
    .sort(byScore)
    .slice(0, fill - found.length)
    .map((s) => s.id);
  return [...found, ...extra];
}
