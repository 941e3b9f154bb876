/** The top search keywords, from the 'stats' call made once at app start; failure gives an empty list. */
import { fetchTopStats } from '@/lib/api/client';

export const TOP_KEYWORDS_SHOWN = 10;

let loading: Promise<string[]> | null = null;

export function loadTopKeywords(): Promise<string[]> {
  loading ??= fetchTopStats()
    .then((s) => s.keywords.filter((k) => typeof k === 'string' && k.trim() !== '').slice(0, TOP_KEYWORDS_SHOWN))
    .catch(() => {
      loading = null; // try again on the next mount
      return [];
    });
  return loading;
}

/** For tests. */
export function resetTopKeywords(): void {
  loading = null;
}
