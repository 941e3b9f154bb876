/**
 * `npm test` leaves the working tree as it found it: `record` (run first) notes what `git status`
 * shows and the bytes of each file it lists; `check` (run last) fails, naming them, when the run
 * changed, added or removed a file git sees (ignored files, the builds and catalogues, do not
 * count). A contributor's own uncommitted work is there before and after, and passes.
 *
 *   node scripts/tree-check.mjs record | check
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'node_modules', '.cache', 'tubefront', 'tree-before.json');

/**
 * Every path `git status` lists, with its status and a digest of its bytes ('' when it is gone).
 * @param {string} dir the repository's root
 * @returns {Record<string, string>}
 */
export function treeState(dir) {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd: dir, encoding: 'utf8' });
  /** @type {Record<string, string>} */
  const state = {};
  const entries = out.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!entry) continue;
    const status = entry.slice(0, 2);
    const file = entry.slice(3);
    // A rename's entry is followed by its old path.
    if (status.includes('R') || status.includes('C')) i++;
    const full = path.join(dir, file);
    const bytes = fs.existsSync(full) && fs.statSync(full).isFile() ? createHash('sha1').update(fs.readFileSync(full)).digest('hex') : '';
    state[file] = `${status} ${bytes}`;
  }
  return state;
}

/**
 * The paths whose state differs between two treeState results.
 * @param {Record<string, string>} before
 * @param {Record<string, string>} after
 * @returns {string[]}
 */
export function changedPaths(before, after) {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => before[f] !== after[f]).sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const mode = process.argv[2];
  if (mode === 'record') {
    fs.mkdirSync(path.dirname(stamp), { recursive: true });
    fs.writeFileSync(stamp, JSON.stringify(treeState(root)));
  } else if (mode === 'check') {
    /** @type {Record<string, string>} */
    const before = JSON.parse(fs.readFileSync(stamp, 'utf8'));
    const changed = changedPaths(before, treeState(root));
    if (changed.length) {
      console.error(`tree-check: the test run left files git sees changed (a suite must restore what it edits):\n${changed.map((f) => `  ${f}`).join('\n')}`);
      process.exit(1);
    }
    console.log('tree-check: the working tree is as the run found it');
  } else {
    console.error('usage: node scripts/tree-check.mjs record | check');
    process.exit(2);
  }
}
