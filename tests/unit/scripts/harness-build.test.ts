/**
 * tests/support/system/harness.mjs: whether the shared build is out of date. A source newer than
 * the build makes it so; tsconfig.json only when what a build reads of it changed, not when
 * another folder's `next build` added its include lines or `git checkout` took them off again;
 * package.json only when more than an npm script other than `build` changed.
 * The build folder a suite builds into is the caller's to choose, never the shell's.
 */
import fs from 'node:fs';
import { changedSinceBuild, freshCatalogEnv, packageBuildKey, tsconfigBuildKey } from '@/tests/support/system/harness.mjs';

const BUILT = 1_000_000;
const OLDER = { app: BUILT - 5, lib: BUILT - 1, 'package.json': BUILT - 9, 'tsconfig.json': BUILT - 3 };

// The repository's tsconfig.json as committed, and as `next build` leaves it after building into
// .next-edge (its two include lines added, written out again in its own layout).
const committed = fs.readFileSync(`${process.cwd()}/tsconfig.json`, 'utf8');
const parsed = JSON.parse(committed) as { include: string[]; compilerOptions: Record<string, unknown> };
const afterEdgeBuild = `${JSON.stringify({ ...parsed, include: [...parsed.include, '.next-edge/types/**/*.ts', '.next-edge/dev/types/**/*.ts'] }, null, 4)}\n`;

describe('changedSinceBuild', () => {
  it('finds nothing when every source is older than the build', () => {
    expect(changedSinceBuild({ built: BUILT, newest: OLDER, keys: { 'tsconfig.json': { now: committed, atBuild: tsconfigBuildKey(committed) } } })).toEqual([]);
  });

  it('names every source with a file newer than the build', () => {
    expect(changedSinceBuild({ built: BUILT, newest: { ...OLDER, app: BUILT + 1, 'package.json': BUILT + 2 } })).toEqual(['app', 'package.json']);
  });

  it('ignores a tsconfig.json touched, or edited by another folder\'s build, when a build would read the same', () => {
    const atBuild = tsconfigBuildKey(committed);
    const newest = { ...OLDER, 'tsconfig.json': BUILT + 60_000 };
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: committed, atBuild } } })).toEqual([]);
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: afterEdgeBuild, atBuild } } })).toEqual([]);
    // Built while another folder's lines were there, and checked out since.
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: committed, atBuild: tsconfigBuildKey(afterEdgeBuild) } } })).toEqual([]);
  });

  it('still finds a real change of tsconfig.json: compiler options, paths, or include entries of its own', () => {
    const atBuild = tsconfigBuildKey(committed);
    const newest = { ...OLDER, 'tsconfig.json': BUILT + 1 };
    const edits = [
      { ...parsed, compilerOptions: { ...parsed.compilerOptions, target: 'ES2020' } },
      { ...parsed, compilerOptions: { ...parsed.compilerOptions, paths: { '@/*': ['./src/*'] } } },
      { ...parsed, include: [...parsed.include, 'scripts/**/*.mjs'] },
      { ...parsed, include: parsed.include.filter((e) => e !== '**/*.tsx') },
      { ...parsed, exclude: ['node_modules'] },
    ];
    for (const edit of edits) {
      expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: JSON.stringify(edit), atBuild } } })).toEqual(['tsconfig.json']);
    }
  });

  it('goes by the time of tsconfig.json when nothing was recorded for the build', () => {
    const newest = { ...OLDER, 'tsconfig.json': BUILT + 1 };
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: committed, atBuild: null } } })).toEqual(['tsconfig.json']);
    expect(changedSinceBuild({ built: BUILT, newest })).toEqual(['tsconfig.json']);
    expect(changedSinceBuild({ built: BUILT, newest: OLDER, keys: { 'tsconfig.json': { now: committed, atBuild: null } } })).toEqual([]);
  });

  it('compares text that is not plain JSON as it is', () => {
    const withComment = `// a comment\n${committed}`;
    const newest = { ...OLDER, 'tsconfig.json': BUILT + 1 };
    expect(tsconfigBuildKey(withComment)).toBe(withComment);
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: withComment, atBuild: tsconfigBuildKey(withComment) } } })).toEqual([]);
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'tsconfig.json': { now: `${withComment} `, atBuild: tsconfigBuildKey(withComment) } } })).toEqual(['tsconfig.json']);
  });
});

describe('package.json', () => {
  const pkgText = fs.readFileSync(`${process.cwd()}/package.json`, 'utf8');
  const pkg = JSON.parse(pkgText) as { scripts: Record<string, string>; dependencies: Record<string, string> };
  const newest = { ...OLDER, 'package.json': BUILT + 1 };
  const atBuild = packageBuildKey(pkgText);
  const edited = (next: object) => changedSinceBuild({ built: BUILT, newest, keys: { 'package.json': { now: JSON.stringify(next, null, 2), atBuild } } });

  it('is no change when only a script other than build was added or edited (or the file touched)', () => {
    expect(edited(pkg)).toEqual([]);
    expect(edited({ ...pkg, scripts: { ...pkg.scripts, 'test:new': 'node --test tests/new/' } })).toEqual([]);
    expect(edited({ ...pkg, scripts: { ...pkg.scripts, test: `${pkg.scripts.test} && npm run test:new` } })).toEqual([]);
  });

  it('is a change when a dependency, the build script or anything else a build may read changed', () => {
    expect(edited({ ...pkg, dependencies: { ...pkg.dependencies, next: '16.9.9' } })).toEqual(['package.json']);
    expect(edited({ ...pkg, scripts: { ...pkg.scripts, build: 'next build --debug' } })).toEqual(['package.json']);
    expect(edited({ ...pkg, type: 'module' })).toEqual(['package.json']);
  });

  it('goes by its time when nothing was recorded for the build', () => {
    expect(changedSinceBuild({ built: BUILT, newest, keys: { 'package.json': { now: pkgText, atBuild: null } } })).toEqual(['package.json']);
  });
});

describe('tsconfigBuildKey', () => {
  it('leaves out only the generated-types include lines of build folders, and the layout', () => {
    expect(tsconfigBuildKey(afterEdgeBuild)).toBe(tsconfigBuildKey(committed));
    const key = JSON.parse(tsconfigBuildKey(committed)) as { include: string[] };
    expect(key.include).toEqual(parsed.include.filter((e) => !/^\.next[^/]*\/(dev\/)?types\//.test(e)));
    expect(key.include).toEqual(expect.arrayContaining(['next-env.d.ts', '**/*.ts', '**/*.tsx']));
  });
});

describe('freshCatalogEnv', () => {
  const saved = process.env.NEXT_DIST_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.NEXT_DIST_DIR;
    else process.env.NEXT_DIST_DIR = saved;
  });

  it('builds into .next unless the caller names another folder; the shell\'s NEXT_DIST_DIR does not count', () => {
    process.env.NEXT_DIST_DIR = '.next-from-the-shell';
    expect(freshCatalogEnv('data/unit-harness.db').NEXT_DIST_DIR).toBeUndefined();
    expect(freshCatalogEnv('data/unit-harness.db', { NEXT_DIST_DIR: undefined }).NEXT_DIST_DIR).toBeUndefined();
    expect(freshCatalogEnv('data/unit-harness.db', { NEXT_DIST_DIR: '.next-soak' }).NEXT_DIST_DIR).toBe('.next-soak');
  });
});
