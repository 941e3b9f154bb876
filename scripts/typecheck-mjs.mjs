/**
 * Type-checks the plain ESM files (tsconfig.mjs.json: checkJs over JSDoc), the second half of
 * `npm run typecheck`.
 *
 * Not `tsc -p tsconfig.mjs.json`: a tsconfig's `exclude` only keeps a file from being a root, and a
 * checked file that imports an excluded one (most suites import tests/support/system/harness.mjs) pulls it
 * back in with its errors. Here a file is reported on only when it is one of the config's own files,
 * so the exclude list means what it says; `npx tsc -p tsconfig.mjs.json` shows everything.
 *
 * Also fails on a hand-written .d.mts beside an .mjs (shadowingDeclarations, below).
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const configPath = path.join(root, 'tsconfig.mjs.json');

/** @type {ts.FormatDiagnosticsHost} */
const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

const read = ts.readConfigFile(configPath, ts.sys.readFile);
if (read.error) {
  console.error(ts.formatDiagnostics([read.error], host));
  process.exit(2);
}
const config = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
if (config.errors.length) {
  console.error(ts.formatDiagnostics(config.errors, host));
  process.exit(2);
}

const program = ts.createIncrementalProgram({ rootNames: config.fileNames, options: config.options, configFileParsingDiagnostics: config.errors });
const own = new Set(config.fileNames.map((f) => path.resolve(f)));
// The builder's own getters, which reuse what the .tsbuildinfo remembers of unchanged files.
const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...program.getSemanticDiagnostics(),
].filter((d) => !d.file || own.has(path.resolve(d.file.fileName)));
// Saves the incremental state (noEmit: only the .tsbuildinfo is written).
program.emit();

/**
 * A declaration file beside an .mjs (foo.d.mts for foo.mjs) would hide its JSDoc: TypeScript reads
 * the .d.mts instead, on both sides (tsconfig.json's allowJs and this config), and nothing would
 * notice when the two part. The types of every .mjs come from its own JSDoc.
 * @returns {string[]} one line per such file
 */
function shadowingDeclarations() {
  return ts.sys
    .readDirectory(root, ['.d.mts'], ['node_modules', '.next', '.next-*', 'data'], ['**/*.d.mts'])
    .filter((dts) => ts.sys.fileExists(dts.replace(/\.d\.mts$/, '.mjs')))
    .map((dts) => `${path.relative(root, dts)} hides the JSDoc of ${path.basename(dts.replace(/\.d\.mts$/, '.mjs'))}: annotate the .mjs and delete it`);
}

const shadowing = shadowingDeclarations();
for (const line of shadowing) console.error(`typecheck-mjs: ${line}`);

if (diagnostics.length) {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  console.error(`${diagnostics.length} error(s) in .mjs files (tsconfig.mjs.json)`);
}
if (diagnostics.length || shadowing.length) process.exit(1);
console.log(`typecheck-mjs: ${own.size} .mjs files checked`);
