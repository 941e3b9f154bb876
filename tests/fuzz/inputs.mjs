/**
 * Hostile values for the fuzz suite: every kind of text a visitor, a crawler or an attacker can put
 * into a path segment, a query parameter or a form field. Each value is placed into a request in
 * one of two ways (see `encode`): percent-encoded (the site then sees exactly the value) or raw
 * (broken escapes stay broken, Latin-1 bytes go on the wire as they are).
 */
import fc from 'fast-check';

/** A marker that no page can contain unless it echoed a visitor's input without escaping it. */
export const MARK = 'fz7q';

const BROKEN_ESCAPES = ['%', '%Z', '%ZZ', '%G0', '%2', '%%', '%FF', '%C0%AF', '%E0%80%AF', '%C0%AE%C0%AE%C0%AF', '%ED%A0%80', '%F8%88%80%80%80', '%u0041', '%E2%82', '%80', '%FE%FF'];
const NUL_AND_CONTROLS = ['\u0000', '%00', 'a\u0000b', '\u0007', '\r\n', '%0d%0aSet-Cookie:%20x=1', '\t', '\u007f', '\u001b[31m'];
const TRAVERSAL = ['..', '../', '../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f', '%2e%2e/', '..\\..\\windows', '/', '//', '%2F', '.', './', '.next/server', 'node_modules', '%5C..%5C', '....//'];
const UNICODE = ['\u202Eevil', '\u200F\u200E', '😀', '👩‍👩‍👧', 'e\u0301\u0302\u0303', '\uFEFF', 'Ω≈ç√', '𝕏𝕐', 'ﷺ', '\u0000\uFFFF', '\uD800', '\uDC00x', 'İı', 'ß', '中文搜索', 'кириллица', 'עברית', '٣٤٥', '\u2028\u2029', '\u00A0\u3000'];
const SQL = ["' OR 1=1--", "'; DROP TABLE videos;--", '" OR ""="', '1 UNION SELECT sqlite_version()--', "admin'--", '1; SELECT * FROM sqlite_master', "')) OR 1=1 --", '%27%20OR%201%3D1'];
const HTML = [
  `<script>alert('${MARK}')</script>`,
  `"><img src=x onerror=alert('${MARK}')>`,
  `'><svg onload=alert('${MARK}')>`,
  `</title><script>${MARK}()</script>`,
  `<iframe src=javascript:${MARK}>`,
  `</script><script>${MARK}</script>`,
  `javascript:alert('${MARK}')`,
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
];
const FTS = ['a* OR b', 'NEAR(a b)', '"unterminated', 'title:abc', '-abc', '^abc', 'abc AND', '(((', '*', 'col:*', 'a"b"c', 'NOT', 'abc OR', '""', 'a NEAR/3 b', '{title}: x'];
const NUMBERS = ['-1', '0', '00', '1e308', '1e3', '99999999999999999999999', '9007199254740993', '1.5', '0x10', ' 1', '1 ', 'NaN', 'Infinity', '-0', '+1', '١٢٣', '10001', '4294967296', '-9999999999'];

export const HOSTILE_GROUPS = { BROKEN_ESCAPES, NUL_AND_CONTROLS, TRAVERSAL, UNICODE, SQL, HTML, FTS, NUMBERS };

const fixed = fc.constantFrom(...Object.values(HOSTILE_GROUPS).flat());

/** 10 kB and longer strings, plain and made of escapes. */
const long = fc.constantFrom(
  'a'.repeat(10_240),
  '%ZZ'.repeat(3_500),
  '%41'.repeat(3_500),
  '😀'.repeat(2_600),
  `${'x'.repeat(5_000)}<script>${MARK}</script>`,
  '/..'.repeat(3_000),
);

/** One hostile value: a known-bad one, a random string, or a mix of both. */
export const hostile = fc.oneof(
  { weight: 6, arbitrary: fixed },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.tuple(fixed, fixed).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: long },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);

/**
 * A slot that is usually valid (so that deeper code runs) and often hostile.
 * @param {string[]} valid
 * @returns {fc.Arbitrary<string>}
 */
export function slot(valid) {
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: hostile });
}

/**
 * Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD).
 * @param {string} value
 */
export function pct(value) {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Raw: as typed, except what an HTTP request line cannot carry at all (controls, space, non-Latin-1);
 * a '%' stays a '%', so broken escapes reach the server broken.
 * @param {string} value
 */
export function raw(value) {
  let out = '';
  for (const ch of value) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    out += code > 0x20 && code < 0x7f && ch !== '#' && ch !== '?' ? ch : pct(ch);
  }
  return out;
}

/** How a value goes into a URL: encoded (the server sees the value) or raw (escapes pass as they are). */
export const encoder = fc.constantFrom('pct', 'raw', 'pct');
/** @type {(mode: string, value: string) => string} */
export const encode = (mode, value) => (mode === 'raw' ? raw(value) : pct(value));

/**
 * A query string from [key, value] pairs: values duplicated, turned into `key[]=` arrays or left
 * without '=' at times, in random order.
 * @param {[string, fc.Arbitrary<string>][]} entries
 * @returns {fc.Arbitrary<string>}
 */
export function queryArb(entries) {
  const one = fc.tuple(fc.constantFrom(...entries.map((e) => e[0])), encoder, fc.constantFrom('plain', 'plain', 'plain', 'dup', 'array', 'bare'));
  return fc
    .array(fc.tuple(one, fc.nat()), { maxLength: 4 })
    .chain((picks) =>
      fc.tuple(...picks.map(([[key]]) => /** @type {[string, fc.Arbitrary<string>]} */ (entries.find((e) => e[0] === key))[1])).map((values) =>
        picks
          .map(([[key, mode, shape]], i) => {
            const v = encode(mode, /** @type {string} */ (values[i]));
            if (shape === 'dup') return `${key}=${v}&${key}=${v}x`;
            if (shape === 'array') return `${key}[]=${v}&${key}[]=1`;
            if (shape === 'bare') return key;
            return `${key}=${v}`;
          })
          .join('&'),
      ),
    );
}

/**
 * What an HTML body may only contain if it placed a visitor's text into the markup unescaped (each
 * holds a '<', which React writes as &lt; in text and Next as \u003c in its flight payload).
 */
export const REFLECTION_NEEDLES = [
  `<script>alert('${MARK}`,
  `<img src=x onerror=alert('${MARK}`,
  `<svg onload=alert('${MARK}`,
  `<script>${MARK}`,
  `<iframe src=javascript:${MARK}`,
];
