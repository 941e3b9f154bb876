/**
 * `npm run build`'s `next build`, which leaves tsconfig.json as it found it. A build into another
 * folder than `.next` (NEXT_DIST_DIR: the edge's, Redis's and the benches' builds) adds that
 * folder's generated-types lines to tsconfig.json's `include`, which its own `exclude` (`.next-*`)
 * then leaves out again: they check nothing, and a contributor's next `git commit -a` would carry
 * them. When those lines are all the build changed, the file goes back to its bytes and its time
 * (a newer time would read as an edited source to `npm start`, which then builds again).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tsconfigBuildKey } from './lib/build-keys.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tsconfig = path.join(root, 'tsconfig.json');

/** @returns {{ text: string; stat: fs.Stats } | null} */
function read() {
  try {
    return { text: fs.readFileSync(tsconfig, 'utf8'), stat: fs.statSync(tsconfig) };
  } catch {
    return null;
  }
}

const before = read();
const nextCli = createRequire(import.meta.url).resolve('next/dist/bin/next');
const build = spawnSync(process.execPath, [nextCli, 'build', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const after = read();
if (before && after && after.text !== before.text && tsconfigBuildKey(after.text) === tsconfigBuildKey(before.text)) {
  fs.writeFileSync(tsconfig, before.text);
  fs.utimesSync(tsconfig, before.stat.atime, before.stat.mtime);
  console.log('next-build: tsconfig.json put back as it was (next build had added its build folder\'s type lines)');
}
process.exit(build.status ?? 1);
