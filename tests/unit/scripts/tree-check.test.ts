/**
 * scripts/tree-check.mjs, the last step of `npm test`: a run that leaves a file git sees changed
 * fails, naming it; a contributor's uncommitted work, there before and after, does not. On a real
 * git repository in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { changedPaths, treeState } from '@/scripts/tree-check.mjs';

describe('the tree check', () => {
  let dir: string;
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'pipe' });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-check-'));
    git('init', '-q');
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{"include":["**/*.ts"]}\n');
    fs.writeFileSync(path.join(dir, '.gitignore'), '.next-edge/\n');
    fs.writeFileSync(path.join(dir, 'work.ts'), 'export const a = 1;\n');
    git('add', '.');
    git('commit', '-qm', 'start');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes a run that changed nothing git sees, uncommitted work and ignored builds included', () => {
    fs.writeFileSync(path.join(dir, 'work.ts'), 'export const a = 2;\n');
    fs.writeFileSync(path.join(dir, 'notes.md'), 'mine\n');
    const before = treeState(dir);
    fs.mkdirSync(path.join(dir, '.next-edge'));
    fs.writeFileSync(path.join(dir, '.next-edge', 'BUILD_ID'), 'x');
    expect(changedPaths(before, treeState(dir))).toEqual([]);
  });

  it('names each file a run edited, added or removed', () => {
    fs.writeFileSync(path.join(dir, 'work.ts'), 'export const a = 2;\n');
    const before = treeState(dir);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{"include":["**/*.ts",".next-edge/types/**/*.ts"]}\n');
    fs.writeFileSync(path.join(dir, 'work.ts'), 'export const a = 3;\n');
    fs.writeFileSync(path.join(dir, 'left-over.log'), '');
    fs.rmSync(path.join(dir, '.gitignore'));
    expect(changedPaths(before, treeState(dir))).toEqual(['.gitignore', 'left-over.log', 'tsconfig.json', 'work.ts']);
  });
});
