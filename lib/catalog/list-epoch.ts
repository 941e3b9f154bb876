import type { DateFilter } from '@/lib/contract/types';

/**
 * When what a source remembers about its lists (total counts, ranked search results) stops being
 * true: the catalogue's content changed (an import, a takedown), or a scheduled video went live.
 * The second needs no writer: time passes, and the lists grow. Both catalogues (SQLite and
 * PostgreSQL) keep one of these beside their caches and drop the caches when it moves.
 */
export class ListEpoch {
  private version: string | null = null;
  /** post_date (unix seconds) of the next scheduled video, Infinity when none is. */
  private nextPublish = -Infinity;
  /** Scheduled videos gone live since this process started. */
  private published = 0;

  /**
   * The source's content version (Source.contentVersion): the catalogue's own, and how often
   * scheduled videos went live since, so that caches of its answers (lib/data's search results) go too.
   */
  get token(): string {
    return `${this.version ?? ''}.${this.published}`;
  }

  /**
   * True when the caches must be dropped: the content version is new, or `now` reached the next
   * scheduled video. The caller then reads when the next one goes live and says so (publishesAt).
   */
  moved(version: string, now: number): boolean {
    if (version === this.version && now < this.nextPublish) return false;
    if (version === this.version) this.published++;
    this.version = version;
    this.nextPublish = Infinity;
    return true;
  }

  /** The post_date of the first video not yet live at the `now` that moved the epoch (null: none). */
  publishesAt(postDate: number | null): void {
    this.nextPublish = postDate ?? Infinity;
  }
}

/**
 * The key a list's total or a search's ranked ids are remembered by. A date filter's window moves
 * with the clock (videos leave it every second), so such an answer holds for the second it was
 * taken in; one without a date filter changes only with the catalogue or when a scheduled video
 * goes live, and ListEpoch drops it then.
 */
export function listKey(filter: { date: DateFilter }, now: number): string {
  return `${JSON.stringify(filter)}${filter.date === 'all' ? '' : `@${now}`}`;
}

/**
 * The first post_date after `now`, on either catalogue: an index seek on post_date. Hidden videos
 * count too (an early refresh costs less than a second query to exclude them).
 */
export const NEXT_PUBLISH_SQL = 'SELECT min(post_date) AS at FROM videos WHERE post_date > ';

/**
 * Lowest ids of date windows, for the searches of both catalogues. A window's lowest id is a scan
 * of its part of the post_date index, so it is taken over the whole hours around [from, now] (a
 * wider window gives a lower bound still) and kept until the owner clears it (the catalogue changed).
 */
export class WindowBounds {
  private readonly bounds = new Map<string, number | null>();

  /** The whole hours around [from, now]: the range the bound is taken over, and its key. */
  static hours(from: number, now: number): { start: number; end: number; key: string } {
    const start = Math.floor(from / 3600) * 3600;
    const end = Math.ceil((now + 1) / 3600) * 3600;
    return { start, end, key: `${start}-${end}` };
  }

  has(key: string): boolean {
    return this.bounds.has(key);
  }

  get(key: string): number | null {
    return this.bounds.get(key) ?? null;
  }

  set(key: string, lowest: number | null): void {
    // Hours of the last day or two at most: older windows are never asked for again.
    if (this.bounds.size >= 64) this.bounds.clear();
    this.bounds.set(key, lowest);
  }

  clear(): void {
    this.bounds.clear();
  }
}
