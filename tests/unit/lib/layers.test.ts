import fs from 'node:fs';
import path from 'node:path';

/**
 * The source contract (raw shapes, the Source interface, errors, limits, the network's URL
 * encoding) lives in lib/contract, which every source implements: the catalogues never reach
 * into lib/api (the upstream source and the getters pages call), and the contract depends on
 * neither.
 */
const root = path.join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.(ts|tsx|mjs)$/.test(e.name) ? [p] : [];
  });
}

const importsOf = (file: string) => [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!);

describe('layers', () => {
  it.each([
    ['lib/catalog', /^@\/lib\/api(\/|$)/],
    ['lib/contract', /^@\/lib\/(api|catalog)(\/|$)/],
  ])('%s imports nothing of the layers above it', (dir, forbidden) => {
    const offenders = sources(dir).flatMap((f) => importsOf(f).filter((i) => forbidden.test(i)).map((i) => `${f}: ${i}`));
    expect(offenders).toEqual([]);
  });
});
