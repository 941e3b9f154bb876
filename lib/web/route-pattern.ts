/**
 * The URL patterns of the route families (./route-families.ts), in the form Next's proxy matcher
 * takes them: literal text, `:name` for one path segment (or part of one), `:name(a|b)` for a
 * segment that takes only those values and `:name*` for the rest of the path, slashes included.
 * One pattern gives the regular expression that the edge's key (nginx, PCRE), the loading
 * placeholder (JavaScript) and the tests match paths with, so the three cannot read it differently.
 *
 * Client-safe: no server-only import.
 */

export type PatternPart = { literal: string } | { param: string; values: readonly string[] | null; rest?: true };

const PARAM = /:([A-Za-z_]\w*)(?:\(([^()]*)\)|(\*))?/g;

/** The pattern's literal text and parameters, in order. */
export function patternParts(pattern: string): PatternPart[] {
  const parts: PatternPart[] = [];
  let at = 0;
  for (const m of pattern.matchAll(PARAM)) {
    if (m.index > at) parts.push({ literal: pattern.slice(at, m.index) });
    parts.push({ param: m[1] as string, values: m[2] === undefined ? null : m[2].split('|'), ...(m[3] ? { rest: true as const } : {}) });
    at = m.index + m[0].length;
  }
  if (at < pattern.length) parts.push({ literal: pattern.slice(at) });
  return parts;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the pattern names one path only (the edge looks it up by hash instead of a pattern). */
export const isLiteralPattern = (pattern: string) => patternParts(pattern).every((p) => 'literal' in p);

/**
 * The pattern as an anchored regular expression's source, the same in PCRE and JavaScript. A
 * parameter is one or more characters other than '/' (the rest parameter, any), as Next's matcher
 * takes it (escaped, as the request line carries it).
 */
export function patternRegExpSource(pattern: string): string {
  const body = patternParts(pattern)
    .map((p) => ('literal' in p ? escapeRegExp(p.literal) : p.values ? `(?:${p.values.map(escapeRegExp).join('|')})` : p.rest ? '.*' : '[^/]+'))
    .join('');
  return `^${body}$`;
}

/** A path of the pattern: each parameter from `values` (by name) when it takes that value, else its first allowed value, else `fallback`. */
export function patternPath(pattern: string, values: Readonly<Record<string, string>> = {}, fallback = 'x'): string {
  const valueOf = (p: Exclude<PatternPart, { literal: string }>) => {
    const given = values[p.param];
    if (p.values) return given !== undefined && p.values.includes(given) ? given : (p.values[0] as string);
    return given ?? fallback;
  };
  return patternParts(pattern)
    .map((p) => ('literal' in p ? p.literal : valueOf(p)))
    .join('');
}
