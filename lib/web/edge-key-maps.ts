/**
 * The edge's cache key by route (deploy/nginx/nginx.conf), written from the route families'
 * table: `npm run edge:key` puts edgeKeyMaps() between the file's BEGIN/END route keys lines, and
 * a unit test fails while the two differ. A family is keyed on exactly the query arguments it
 * reads: one it reads and the key leaves out would let one answer be stored for another request's
 * (a search's results for another term), one the key holds and it does not read would store a
 * copy per made-up value.
 *
 * What the maps give nginx.conf:
 * - $edge_route: for a request with a query, the family that owns its path (by hash for a literal
 *   path, else the first of the patterns in the table's order), `unknown` for a path no family
 *   owns; "" without a query (a plain request never runs the patterns);
 * - $edge_query: the key's query, `name=$arg_name&...` in the table's order ($arg_ finds the first
 *   argument of that name, as the site reads it), the whole query for a `wholeQuery` family, ""
 *   for a family that reads none (a campaign's utm_source shares the plain URL's entry);
 * - $edge_query_odd: 1, passed through and never stored, for a query the key cannot vouch for: a
 *   whole-query family's holding an argument the family does not read, and any on a path no
 *   family owns (a variant of a family's path that the site might still answer, /api/videos2.php/
 *   say, must not be stored without the arguments it reads);
 * - $edge_odd_args: 1 for a query that $arg_ and the site would read differently (below).
 */
import { ROUTE_FAMILIES, type RouteFamily } from './route-families';
import { withGeneratedBlock } from './nginx-block';
import { isLiteralPattern, patternRegExpSource } from './route-pattern';

export const EDGE_KEY_BEGIN = '  # BEGIN route keys: generated from lib/web/route-families.ts by `npm run edge:key`; edit there';
export const EDGE_KEY_END = '  # END route keys';
/** $edge_route of a path no family owns. */
export const UNKNOWN_ROUTE = 'unknown';

const NGINX_NAME = /^[A-Za-z0-9_]+$/;

/** The family's name as part of an nginx variable's. */
const variablePart = (name: string) => name.replace(/-/g, '_');

const keyed = (f: RouteFamily) => Object.keys(f.query).length > 0;

function checkFamily(f: RouteFamily): void {
  if (!/^[a-z0-9-]+$/.test(f.name) || f.name === UNKNOWN_ROUTE) throw new Error(`edge key: family name ${JSON.stringify(f.name)} is not lower-case letters, digits and '-', or is taken`);
  for (const arg of Object.keys(f.query)) {
    // $arg_<name> exists only for such names; they also go into the patterns below as they are.
    if (!NGINX_NAME.test(arg)) throw new Error(`edge key: ${f.name} reads ${JSON.stringify(arg)}, which nginx's $arg_ cannot name`);
  }
  for (const p of f.paths) {
    // Between double quotes in nginx's syntax, where " and $ followed by a name mean something.
    if (/["\s]|\$\w/.test(p)) throw new Error(`edge key: ${f.name}'s pattern ${p} cannot be written into nginx.conf`);
  }
}

/** The whole-query pattern: nothing but the family's own arguments, in any order, any of them repeated. */
function onlyArgsPattern(f: RouteFamily): string {
  const names = `(?:${Object.keys(f.query).join('|')})`;
  return `~^(?:${names}=[^&]*)(?:&${names}=[^&]*)*$`;
}

/** The maps (nginx.conf's http block), between the BEGIN and END lines. */
export function edgeKeyMaps(families: readonly RouteFamily[] = ROUTE_FAMILIES): string {
  families.forEach(checkFamily);
  const entries = families.flatMap((f) => f.paths.map((p) => ({ family: f, literal: isLiteralPattern(p), key: isLiteralPattern(p) ? p : `~${patternRegExpSource(p)}` })));
  const width = Math.max(...entries.map((e) => e.key.length + 2)) + 2;
  const entry = (key: string, value: string) => `    ${`"${key}"`.padEnd(width)}${value};`;
  const whole = families.filter((f) => keyed(f) && f.wholeQuery);
  // Argument names with a capital letter that a family reads: the odd-query check lets those through.
  const capitals = [...new Set(families.flatMap((f) => Object.keys(f.query)).filter((a) => /[A-Z]/.test(a)))];
  const exempt = capitals.length ? `(?!(?:${capitals.join('|')})(?:[=&]|$))` : '';
  const lines = [
    EDGE_KEY_BEGIN,
    '  map $args $edge_route {',
    '    "" "";',
    '    default $edge_path_route;',
    '  }',
    "  # The family that owns the path: literal paths by hash, then the patterns in the table's order.",
    '  map $edge_path $edge_path_route {',
    ...entries.filter((e) => e.literal).map((e) => entry(e.key, e.family.name)),
    ...entries.filter((e) => !e.literal).map((e) => entry(e.key, e.family.name)),
    `    default ${UNKNOWN_ROUTE};`,
    '  }',
    '  map $edge_route $edge_query {',
    ...families.filter(keyed).map((f) => `    ${f.name} ${f.wholeQuery ? '$args' : `"${Object.keys(f.query).map((a) => `${a}=$arg_${a}`).join('&')}"`};`),
    '    default "";',
    '  }',
    '  map $edge_route $edge_query_odd {',
    ...whole.map((f) => `    ${f.name} $edge_query_odd_${variablePart(f.name)};`),
    `    ${UNKNOWN_ROUTE} 1;`,
    '    default 0;',
    '  }',
    ...whole.flatMap((f) => [`  map $args $edge_query_odd_${variablePart(f.name)} {`, `    "${onlyArgsPattern(f)}" 0;`, '    default 1;', '  }']),
    "  # $arg_ finds a name whatever its case and leaves it escaped, where the site tells cases apart and",
    '  # decodes it: a query whose argument names hold a capital letter (other than a name a family',
    '  # reads), a % or a + would be read one way here and another there. Passed through, never stored.',
    '  map $args $edge_odd_args {',
    '    "" 0;',
    `    "~(?:^|&)${exempt}[^&=]*[A-Z%+]" 1;`,
    '    default 0;',
    '  }',
    EDGE_KEY_END,
  ];
  return `${lines.join('\n')}\n`;
}

/** `conf` (nginx.conf's text) with its route keys block replaced by `block`; throws without exactly one. */
export const withEdgeKeyBlock = (conf: string, block: string) => withGeneratedBlock(conf, EDGE_KEY_BEGIN, EDGE_KEY_END, block, 'route keys');
