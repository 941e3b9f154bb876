import fs from 'node:fs';
import path from 'node:path';

/**
 * lib/ is grouped by role, and each role may know only the roles below it:
 *   contract   what every source promises (raw shapes, the Source interface, errors, limits, the app's types)
 *   web        URLs, routes, query parameters, cookies' names, formatting, security headers (pure)
 *   catalog    the embedded catalogue (SQLite or PostgreSQL stores under one core)
 *   upstream   the client of an upstream KVS API
 *   data       the typed getters pages call, over whichever source is configured
 *   kvs        the site's own KVS-compatible API: parameters, answers, bodies, URL shapes
 *   client     code that runs in the browser (its calls to the API, IndexedDB, recent searches)
 * and components reach data through data/ and client/, never a source directly.
 */
const root = path.join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(ts|tsx|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** Module specifiers of a file, relative ones resolved to '@/' form. */
const importsOf = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith('.') ? `@/${path.join(path.dirname(file), spec)}` : spec;
  });

const layer = (...names: string[]) => new RegExp(`^@/lib/(?:${names.join('|')})(?:/|$)`);

describe('layers', () => {
  it.each([
    ['lib/contract', layer('api', 'catalog', 'data', 'kvs', 'upstream', 'client', 'web', 'server', 'cache', 'import', 'config', 'geo', 'net', 'seo')],
    ['lib/web', layer('catalog', 'data', 'kvs', 'upstream', 'client', 'server', 'import', 'seo')],
    ['lib/catalog', layer('api', 'data', 'kvs', 'upstream', 'client', 'seo')],
    ['lib/upstream', layer('catalog', 'data', 'client', 'import', 'server')],
    ['lib/kvs', layer('catalog', 'upstream', 'client')],
    ['lib/client', layer('catalog', 'data', 'upstream', 'server', 'cache', 'import', 'config', 'geo', 'net', 'seo', 'kvs/(?!urls$|reshape$)')],
    ['components', layer('catalog', 'upstream', 'import', 'kvs/(?!urls$|reshape$)')],
  ])('%s imports nothing of the layers it must not know', (dir, forbidden) => {
    const offenders = sources(dir).flatMap((f) => importsOf(f).filter((i) => forbidden.test(i)).map((i) => `${f}: ${i}`));
    expect(offenders).toEqual([]);
  });

  it('lib/ has no loose modules at its top: every module sits in the folder of its role', () => {
    const loose = fs.readdirSync(path.join(root, 'lib'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(loose).toEqual([]);
  });
});
