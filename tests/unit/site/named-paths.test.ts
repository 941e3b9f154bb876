import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Docs and comments send a reader to files by their paths (`lib/catalog/sqlite/site-write.ts`); a
 * file that moves leaves those pointers behind unless something notices. Every path they name
 * must exist, from the repository's root or from the naming file's own folder.
 */
const root = path.join(__dirname, '..', '..', '..');
const NAMED = /(?<![\w./@-])((?:lib|scripts|tests|app|components|deploy|docs)\/[\w./[\]-]*\w\.(?:tsx|ts|mjs|md|conf|lua|json|js))(?!\w)/g;

describe('paths named in docs and comments', () => {
  it('are the paths of files that exist', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    const readers = tracked.filter((f) => /\.(?:tsx?|mjs|js|md|conf|lua|ya?ml)$/.test(f) && fs.existsSync(path.join(root, f)));
    const missing = readers.flatMap((f) =>
      [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(NAMED)]
        .map((m) => m[1]!)
        .filter((p) => !fs.existsSync(path.join(root, p)) && !fs.existsSync(path.join(root, path.dirname(f), p)))
        .map((p) => `${f}: ${p}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
