/**
 * An upstream path as failure messages and logs show it. What a visitor typed (a search term in
 * `s`, suggestion text in `c`, whatever a page's query string passed on) is theirs and says
 * nothing about the failure, so it never reaches a log: only query parameters the site itself
 * fills with numbers and fixed words are kept, as they were sent.
 */
const KEPT = new Set(['params', 'video_id', 'lifetime']);

export function loggedPath(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const pairs = path.slice(q + 1).split('&');
  const kept = pairs.filter((pair) => KEPT.has(pair.split('=', 1)[0] ?? ''));
  const left = pairs.length - kept.length;
  return `${path.slice(0, q)}${kept.length ? `?${kept.join('&')}` : ''}${left ? ` (${left} more query parameter${left === 1 ? '' : 's'} left out)` : ''}`;
}
