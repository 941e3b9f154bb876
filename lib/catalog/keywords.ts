/**
 * Search keywords as the catalogue keeps them, for the seeds, both writers and both stores' queries
 * alike: what a keyword is, and how titles are counted into keyword popularity.
 */

/** Short words that make poor search keywords. */
export const STOPWORDS = new Set(['the', 'and', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from']);

/** Lower-cased, trimmed, inner spaces collapsed: the form keywords are stored in. */
export function normaliseKeyword(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** Words and adjacent word pairs of a title, lower-cased, as search keywords. */
export function titleKeywords(title: string): string[] {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  const out = [...words];
  for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]} ${words[i + 1]}`);
  return out;
}

/**
 * Counts a title's keywords into `counts`, `by` each: +1 for a video that comes in, -1 for one that
 * leaves or changes its title. Keyword popularity is the number of videos whose titles give it, so
 * that a keyword whose videos are all gone (taken down, renamed) leaves the suggestions and the
 * popular searches instead of leading to an empty search.
 */
export function countTitleKeywords(counts: Map<string, number>, title: string, by: 1 | -1): void {
  for (const k of titleKeywords(title)) counts.set(k, (counts.get(k) ?? 0) + by);
}
