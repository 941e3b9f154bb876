/**
 * Recent searches in localStorage `history_search`: a list of { title }, oldest first, no
 * duplicates (docs/spec.md §3 and §5). Saved when a listing loads with `s` set; the search
 * panel shows the last 3. Storage failures are silent.
 */
import { parseTerm } from '@/lib/web/params';

export const SEARCH_HISTORY_KEY = 'history_search';
export const RECENT_SHOWN = 3;
/** Keeps the stored list bounded. */
export const SEARCH_HISTORY_LIMIT = 50;

export interface SearchHistoryItem {
  title: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored list, cleaned: only valid terms, no duplicates. */
export function readSearchHistory(): SearchHistoryItem[] {
  const ls = storage();
  if (!ls) return [];
  try {
    const parsed: unknown = JSON.parse(ls.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    const items: SearchHistoryItem[] = [];
    for (const entry of parsed) {
      const title = parseTerm((entry as { title?: unknown } | null)?.title);
      if (title && !seen.has(title)) {
        seen.add(title);
        items.push({ title });
      }
    }
    return items;
  } catch {
    return [];
  }
}

function write(items: SearchHistoryItem[]): boolean {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.setItem(SEARCH_HISTORY_KEY, JSON.stringify(items.slice(-SEARCH_HISTORY_LIMIT)));
    return true;
  } catch {
    return false;
  }
}

/** Appends a term unless it is already present; false when rejected (invalid, duplicate, no storage). */
export function saveSearchTerm(term: string): boolean {
  const title = parseTerm(term);
  if (!title) return false;
  const items = readSearchHistory();
  if (items.some((i) => i.title === title)) return false;
  return write([...items, { title }]);
}

/** The last RECENT_SHOWN terms, newest first. */
export function recentSearches(): string[] {
  return readSearchHistory()
    .slice(-RECENT_SHOWN)
    .reverse()
    .map((i) => i.title);
}

/** Replaces the list (import); returns the number of terms kept. */
export function replaceSearchHistory(items: unknown): number {
  const list = Array.isArray(items) ? items : [];
  const seen = new Set<string>();
  const clean: SearchHistoryItem[] = [];
  for (const entry of list) {
    const title = parseTerm((entry as { title?: unknown } | null)?.title);
    if (title && !seen.has(title)) {
      seen.add(title);
      clean.push({ title });
    }
  }
  return write(clean) ? Math.min(clean.length, SEARCH_HISTORY_LIMIT) : 0;
}

export function clearSearchHistory(): boolean {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.removeItem(SEARCH_HISTORY_KEY);
    return true;
  } catch {
    return false;
  }
}
