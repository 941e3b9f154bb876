/**
 * How far a search or a related list may walk, on either store: the same numbers, so that both
 * answer from the same newest part of the catalogue (npm run test:pg compares them).
 *
 * A search ranks at most SEARCH_WINDOW videos, newest matches first: the full-text index is walked
 * in id order and stops there (ids follow post_date), so a word matching a large part of the
 * catalogue costs no more than a rare one. total_count is capped at the window (10 pages of 60).
 * Ranking costs a read and a score per candidate, which is what bounds the window.
 *
 * Titles are searched first: their index is a fraction of the every-column one, so an AND of
 * common words that has to walk it to the end (few videos have all three) stays cheap. When at
 * least TITLE_ENOUGH videos have every word in their title, those are the answer; otherwise the
 * words are looked up in every text column too, and the title matches still rank first.
 */
export const SEARCH_WINDOW = 600;
/** Title matches that make the every-column lookup unnecessary: one full page. */
export const TITLE_ENOUGH = 60;
/**
 * Index entries one search may read. An AND of common words that few videos share has no early
 * exit: the index is read on until the next match, and a lower id bound does not stop it. So a
 * walk is limited to the newest part of the catalogue where the words' entries number WALK_BUDGET,
 * and the answer is the newest matches in that part. When the title walk found nothing below that
 * part it read its entries to the end; the every-column walk then gets what is left of
 * 2 * WALK_BUDGET, and at least MIN_WALK.
 */
export const WALK_BUDGET = 60_000;
export const MIN_WALK = 20_000;
/** Title index entries above which the title walk is skipped: with no match it would read all of them. */
export const MAX_TITLE_WALK = 200_000;

/** Related lists are read 10 at a time up to page 3: a few hundred candidates are plenty. */
export const RELATED_WINDOW = 200;

/**
 * The lowest id a newest-first walk down from `hi` may reach so that it reads about `budget`
 * index entries. Assumes words are spread evenly over the ids, which they are to within a few
 * per cent (the seed favours neither old nor new videos).
 */
export function walkFloor(perRowid: number, budget: number, lo: number, hi: number): number {
  if (perRowid * (hi - lo + 1) <= budget) return lo;
  return Math.max(lo, hi - Math.floor(budget / perRowid) + 1);
}
