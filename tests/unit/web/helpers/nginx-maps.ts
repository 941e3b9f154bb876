/**
 * nginx's `map` blocks read from configuration text and evaluated as nginx does: the source's
 * value looked up among the exact keys first, then the patterns in order (`~` case-sensitive,
 * `~*` not), else the default; variables in sources and values resolved the same way, lazily.
 * Enough of nginx to ask what the edge's key is for a request without starting one (the edge
 * suite asks a real nginx).
 */

interface NginxMap {
  source: string;
  exact: Map<string, string>;
  patterns: { re: RegExp; value: string }[];
  fallback: string;
}

export interface MapRequest {
  /** $edge_path's source: the path as sent. */
  path: string;
  /** $args: the query without its '?'. */
  args: string;
}

const unquote = (s: string) => (s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);
const TOKEN = /"(?:[^"\\]|\\.)*"|[^\s;]+/g;

export function parseMaps(conf: string): Record<string, NginxMap> {
  const maps: Record<string, NginxMap> = {};
  for (const m of conf.matchAll(/^\s*map\s+("[^"]*"|\S+)\s+\$(\w+)\s*\{([\s\S]*?)^\s*\}/gm)) {
    const map: NginxMap = { source: unquote(m[1] as string), exact: new Map(), patterns: [], fallback: '' };
    for (const line of (m[3] as string).split('\n')) {
      const tokens = line.replace(/^\s*#.*$/, '').match(TOKEN);
      if (!tokens || tokens.length < 2) continue;
      const [key, value] = [unquote(tokens[0] as string), unquote(tokens[1] as string)];
      if (key === 'default') map.fallback = value;
      else if (key.startsWith('~*')) map.patterns.push({ re: new RegExp(key.slice(2), 'i'), value });
      else if (key.startsWith('~')) map.patterns.push({ re: new RegExp(key.slice(1)), value });
      else map.exact.set(key, value);
    }
    maps[m[2] as string] = map;
  }
  return maps;
}

/** $arg_name: the first argument of that name, whatever its case, its value as sent. */
function argOf(args: string, name: string): string {
  for (const pair of args.split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    if (key.toLowerCase() === name.toLowerCase()) return at < 0 ? '' : pair.slice(at + 1);
  }
  return '';
}

export function evaluate(maps: Record<string, NginxMap>, name: string, request: MapRequest): string {
  const interpolate = (text: string) => text.replace(/\$(\w+)/g, (_, v: string) => evaluate(maps, v, request));
  if (name === 'args') return request.args;
  if (name === 'request_uri') return request.args ? `${request.path}?${request.args}` : request.path;
  if (name.startsWith('arg_')) return argOf(request.args, name.slice(4));
  if (name === 'edge_path' && !maps[name]) return request.path;
  const map = maps[name];
  if (!map) throw new Error(`no map or variable $${name}`);
  const source = interpolate(map.source);
  const exact = map.exact.get(source);
  if (exact !== undefined) return interpolate(exact);
  const hit = map.patterns.find((p) => p.re.test(source));
  return interpolate(hit ? hit.value : map.fallback);
}
