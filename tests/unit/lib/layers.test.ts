import fs from 'node:fs';
import path from 'node:path';

/**
 * lib/ is grouped by role, and each role may know only the roles it is built on. Every folder of
 * lib/ has its line below (a new folder fails the test until it is given one):
 *   contract   what every source promises (raw shapes, the Source interface, errors, limits, the app's types)
 *   net        the visitor's address, rate limits, same-origin checks
 *   worker     starting worker threads (from TypeScript too)
 *   config     the settings, their start-up checks, and which source is active (source-kind.ts)
 *   web        URLs, routes, query parameters, cookies' names, formatting, security headers (pure)
 *   i18n       interface texts
 *   cache      the page cache, the LRU, what a catalogue change purges
 *   notify     telling running servers and edges of a catalogue change
 *   catalog    the embedded catalogue (one core, SQLite and PostgreSQL stores, the demo content)
 *   import     partner feeds into the catalogue: parsers, the streaming run
 *   upstream   the client of an upstream KVS API
 *   data       the typed getters pages call, over whichever source is configured
 *   kvs        the site's own KVS-compatible API: parameters, answers, bodies, URL shapes
 *   seo        sitemaps, JSON-LD, canonical URLs
 *   geo        the visitor's country
 *   age        age assurance providers and policy
 *   server     server.mjs's parts, per-request context, the clocks, HTTP answers of the media and embed routes
 *   client     code that runs in the browser (its calls to the API, IndexedDB, recent searches)
 * Components reach data through data/ and client/, never a source directly.
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

/** The lib/ folders each lib/ folder may import (besides itself); the client's kvs only for URL shapes and reshape. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: [],
  net: [],
  worker: [],
  // The age policy's parser and the providers' own settings are validated at start like every setting.
  config: ['net', 'age/policy', 'age/providers'],
  web: ['contract', 'config'],
  i18n: ['contract', 'web'],
  cache: ['contract', 'config', 'server'],
  notify: ['cache', 'config'],
  catalog: ['contract', 'config', 'cache', 'net', 'web', 'notify', 'worker'],
  import: ['contract', 'config', 'net', 'catalog', 'worker'],
  upstream: ['contract', 'config', 'cache', 'net', 'web', 'kvs'],
  data: ['contract', 'config', 'cache', 'web', 'i18n', 'catalog', 'upstream', 'kvs', 'seo', 'server'],
  kvs: ['contract', 'config', 'cache', 'net', 'web', 'i18n', 'data'],
  seo: ['contract', 'config', 'web', 'i18n', 'import', 'data', 'server'],
  // The region's policy travels with the country: its parser and the cookie names.
  geo: ['config', 'net', 'web', 'age/policy', 'age/cookies'],
  // cache/lru: the bounded memory of nonces already spent.
  age: ['contract', 'config', 'net', 'web', 'geo', 'cache/lru'],
  server: ['contract', 'config', 'cache', 'net', 'web', 'i18n', 'notify', 'catalog', 'data', 'kvs', 'geo', 'age'],
  client: ['contract', 'web', 'i18n', 'kvs/urls', 'kvs/reshape'],
};

const libFolders = () =>
  fs.readdirSync(path.join(root, 'lib'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** Imports of `dir` that reach into lib/ outside `allowed` (and outside `dir` itself). */
function offenders(dir: string, allowed: readonly string[]): string[] {
  const own = dir.replace(/^lib\//, '');
  return sources(dir).flatMap((f) =>
    importsOf(f)
      .filter((i) => {
        const m = /^@\/lib\/(.+?)(?:\.\w+)?$/.exec(i);
        if (!m) return false;
        const target = m[1]!;
        const folder = target.split('/')[0]!;
        return folder !== own && !allowed.some((a) => target === a || target.startsWith(`${a}/`));
      })
      .map((i) => `${f}: ${i}`),
  );
}

describe('layers', () => {
  it('gives every folder of lib/ its rule', () => {
    expect(Object.keys(MAY_IMPORT).sort()).toEqual(libFolders());
  });

  it.each(Object.entries(MAY_IMPORT))('lib/%s imports only the roles it is built on', (dir, allowed) => {
    expect(offenders(`lib/${dir}`, allowed)).toEqual([]);
  });

  it('components reach no source directly', () => {
    const forbidden = /^@\/lib\/(?:catalog|upstream|import|notify|kvs\/(?!urls$|reshape$))(?:\/|$)/;
    const bad = sources('components').flatMap((f) => importsOf(f).filter((i) => forbidden.test(i)).map((i) => `${f}: ${i}`));
    expect(bad).toEqual([]);
  });

  it('the two stores never import each other, and only open.ts chooses one', () => {
    const reaches = (dir: string, other: string) =>
      sources(dir).flatMap((f) => importsOf(f).filter((i) => i.startsWith(`@/lib/catalog/${other}/`)).map((i) => `${f}: ${i}`));
    expect(reaches('lib/catalog/sqlite', 'postgres')).toEqual([]);
    expect(reaches('lib/catalog/postgres', 'sqlite')).toEqual([]);
    const core = sources('lib/catalog').filter((f) => !/^lib\/catalog\/(?:sqlite|postgres)\//.test(f) && f !== path.join('lib', 'catalog', 'open.ts'));
    const storeImports = core.flatMap((f) => importsOf(f).filter((i) => /^@\/lib\/catalog\/(?:sqlite|postgres)\//.test(i)).map((i) => `${f}: ${i}`));
    expect(storeImports).toEqual([]);
  });

  it('lib/ has no loose modules at its top: every module sits in the folder of its role', () => {
    const loose = fs.readdirSync(path.join(root, 'lib'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(loose).toEqual([]);
  });
});
