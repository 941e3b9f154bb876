/**
 * What the site may send to its upstream: a valid request target whose path matches one of the
 * spec's API shapes with whitelisted segments, and whose free-text parameters (s, c) decode back to
 * exactly the visitor's text (folded whitespace, trimmed): never visitor text placed raw.
 */
const INT = '(?:0|[1-9][0-9]{0,15})';
const GENDER = '(?:str|gay|she)';
const LANG = '(?:en|ru|fr|de)';
const SORT = '(?:latest-updates|most-popular|top-rated|longest|most-viewed|most-commented)';
const SLUG = '(?:[A-Za-z0-9][A-Za-z0-9_-]{0,127})';
const ENTITY_SORT = '(?:title|count-videos|most-popular|newest)';
const TAIL = `(?:|categories|model|channel|tag)\\.(?:|${SLUG})\\.${INT}\\.(?:all|straight|gay|shemale)\\.(?:|1|2|3)\\.(?:|day|week|month)`;

/** @type {{ re: RegExp; query: string[]; method?: string }[]} */
const PATHS = [
  { re: new RegExp(`^/api/json/videos2/${INT}/${GENDER}/${SORT}/${INT}/${TAIL}\\.json$`), query: [] },
  { re: /^\/api\/videos2\.php$/, query: ['params', 's'] },
  { re: new RegExp(`^/api/json/video/${INT}/${INT}/${INT}/${INT}\\.json$`), query: [] },
  { re: new RegExp(`^/api/json/videos_related2/${INT}/${INT}/${INT}/${INT}/${INT}\\.all\\.${INT}\\.json$`), query: [] },
  { re: new RegExp(`^/api/jsond?/main/${INT}/${GENDER}\\.${LANG}\\.json$`), query: [] },
  { re: new RegExp(`^/api//json/suggester/${INT}/${INT}\\.json$`), query: [] },
  { re: /^\/api\/suggester\.php$/, query: ['c'] },
  { re: new RegExp(`^/api/json/categories/${INT}/${GENDER}\\.(?:toptn|title|recent)\\.${LANG}\\.json$`), query: [] },
  { re: new RegExp(`^/api/json/models/${INT}/${GENDER}/filt\\.(?:[a-z0]?)\\.{9}/${ENTITY_SORT}/${INT}/${INT}\\.json$`), query: [] },
  { re: new RegExp(`^/api/json/channels/${INT}/${GENDER}/${ENTITY_SORT}/${INT}/\\.\\.${INT}\\.json$`), query: [] },
  { re: /^\/api\/videofile\.php$/, query: ['lifetime', 'video_id'] },
  { re: /^\/api\/input\.php$/, query: [], method: 'POST' },
];
const SEARCH_PARAMS = new RegExp(`^${INT}/${GENDER}/relevance/${INT}/search\\.(?:|${SLUG})\\.${INT}\\.(?:all|straight|gay|shemale)\\.(?:|1|2|3)\\.(?:|day|week|month)$`);
/** @type {Record<string, RegExp | undefined>} */
const INPUT_FIELDS = { act: /^(?:view|vote)$/, section: /^[a-z_]{1,32}$/, object_id: new RegExp(`^${INT}$`), vote: /^-?[0-9]{1,2}$/, user_id: new RegExp(`^${INT}$`), nogeo: /^[01]$/ };

/** A request target of printable ASCII, every '%' starting a valid escape, no fragment. */
const TARGET = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;

/** @param {string} v */
const fold = (v) => v.replace(/\s+/g, ' ').trim();

/**
 * Splits a query string into decoded [key, value] pairs; throws on a broken escape.
 * @param {string} q
 * @returns {[string, string][]}
 */
function decodeQuery(q) {
  if (!q) return [];
  return q.split('&').map((part) => {
    const i = part.indexOf('=');
    const k = i < 0 ? part : part.slice(0, i);
    const v = i < 0 ? '' : part.slice(i + 1);
    return [decodeURIComponent(k.replace(/\+/g, ' ')), decodeURIComponent(v.replace(/\+/g, ' '))];
  });
}

/**
 * The texts the visitor gave in a request (each folded), the only free text allowed upstream.
 * @param {import('./http.mjs').FuzzRequest} request
 */
export function visitorTexts(request) {
  /** @type {Set<string>} */
  const texts = new Set();
  const query = request.path.includes('?') ? request.path.slice(request.path.indexOf('?') + 1) : '';
  for (const source of [query, request.body ?? '']) {
    for (const [, v] of new URLSearchParams(source)) texts.add(fold(v));
    for (const part of source.split('&')) {
      const v = part.slice(part.indexOf('=') + 1);
      try {
        texts.add(fold(decodeURIComponent(v)));
      } catch {
        texts.add(fold(v));
      }
    }
  }
  return texts;
}

/**
 * null when the upstream request is allowed, else why not.
 * @param {import('./recorder.mjs').UpstreamRecord} record
 * @param {import('./http.mjs').FuzzRequest} request
 * @returns {string | null}
 */
export function checkUpstreamRequest(record, request) {
  const { url, method, body } = record;
  if (!TARGET.test(url)) return `an invalid request target: ${JSON.stringify(url.slice(0, 300))}`;
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const shape = PATHS.find((p) => p.re.test(path));
  if (!shape) return `a path outside the API's shapes: ${path.slice(0, 300)}`;
  if (shape.method && shape.method !== method) return `${method} to ${path}`;
  let pairs;
  try {
    pairs = decodeQuery(query);
  } catch {
    return `a query that does not decode: ${query.slice(0, 300)}`;
  }
  const texts = visitorTexts(request);
  for (const [k, v] of pairs) {
    if (!shape.query.includes(k)) return `an unexpected query parameter ${JSON.stringify(k)} in ${url.slice(0, 300)}`;
    if (k === 'params' && !SEARCH_PARAMS.test(v)) return `params outside the whitelist: ${v.slice(0, 300)}`;
    if ((k === 'lifetime' || k === 'video_id') && !new RegExp(`^${INT}$`).test(v)) return `${k} is not a whole number: ${v}`;
    if ((k === 's' || k === 'c') && !texts.has(v)) return `${k}=${JSON.stringify(v.slice(0, 100))} is not exactly the visitor's text`;
  }
  if (shape.method === 'POST') {
    for (const [k, v] of new URLSearchParams(body)) {
      const rule = INPUT_FIELDS[k];
      if (!rule) return `an unexpected form field ${JSON.stringify(k)}`;
      if (!rule.test(v)) return `form field ${k}=${JSON.stringify(v.slice(0, 100))} outside the whitelist`;
    }
  }
  return null;
}
