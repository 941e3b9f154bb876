/**
 * The top search keywords, from the 'stats' call made once at app start; failure gives an empty list.
 * The API client (with its response reshaping) is imported when the call is made, after the page
 * is interactive: it is not part of the page's first-load JavaScript.
 */

export const TOP_KEYWORDS_SHOWN = 10;

let loading: Promise<string[]> | null = null;

export function loadTopKeywords(): Promise<string[]> {
  loading ??= import('@/lib/client/api')
    .then((api) => api.fetchTopStats())
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
