/**
 * Type-checks the plain ESM files (tsconfig.mjs.json: checkJs over JSDoc), the second half of
 * `npm run typecheck`.
 *
 * Not `tsc -p tsconfig.mjs.json`: a tsconfig's `exclude` only keeps a file from being a root, and a
 * checked file that imports an excluded one (most suites import tests/support/system/harness.mjs) pulls it
 * back in with its errors. Here a file is reported on only when it is one of the config's own files,
 * so the exclude list means what it says; `npx tsc -p tsconfig.mjs.json` shows everything.
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
 * The exported shape of a module as the checker sees it: each exported value with the parameter
 * counts of its call and construct signatures, and a class's instance methods with theirs.
 * @param {ts.TypeChecker} checker
 * @param {ts.SourceFile} file
 * @returns {Map<string, string>} one line per export and per class method
 */
function exportedShape(checker, file) {
  /** @type {Map<string, string>} */
  const out = new Map();
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (!moduleSymbol) return out;
  /** @param {readonly ts.Signature[]} signatures */
  const counts = (signatures) => signatures.map((sig) => sig.getParameters().length).join('|');
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const value = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(value.flags & ts.SymbolFlags.Value)) continue; // an interface or type: no counterpart in JS
    const type = checker.getTypeOfSymbolAtLocation(value, file);
    const constructs = type.getConstructSignatures();
    out.set(symbol.name, `call(${counts(type.getCallSignatures())})${constructs.length ? ` new(${counts(constructs)})` : ''}`);
    if (value.flags & ts.SymbolFlags.Class) {
      for (const member of checker.getDeclaredTypeOfSymbol(value).getProperties()) {
        const calls = checker.getTypeOfSymbolAtLocation(member, file).getCallSignatures();
        if (calls.length) out.set(`${symbol.name}#${member.name}`, `call(${counts(calls)})`);
      }
    }
  }
  return out;
}

/**
 * Hand-written declarations beside an .mjs (foo.d.mts for foo.mjs) until that .mjs carries JSDoc
 * and its .d.mts is deleted (TEMPORARY, issue 19 item 5). Left: lib/server/answer-store,
 * compress-once and unread-body, and lib/cache/redis-handler (edge-headers' went with its JSDoc).
 * TypeScript reads the .d.mts instead of the .mjs, so nothing else notices when they part: their
 * exports must be the same, with the same parameter counts, and each method the .d.mts gives a
 * class must be on the .mjs's class. A check of names and arities, not of types.
 * @returns {string[]} one line per difference
 */
function declarationDrift() {
  const pairs = ts.sys
    .readDirectory(root, ['.d.mts'], ['node_modules', '.next', '.next-*', 'data'], ['**/*.d.mts'])
    .map((dts) => ({ dts, mjs: dts.replace(/\.d\.mts$/, '.mjs') }))
    .filter(({ mjs }) => ts.sys.fileExists(mjs));
  if (pairs.length === 0) return [];
  // Each file alone (noResolve): only its own exports matter here, not what it imports.
  const pairProgram = ts.createProgram({
    rootNames: pairs.flatMap(({ dts, mjs }) => [dts, mjs]),
    options: { allowJs: true, noEmit: true, noResolve: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  });
  const checker = pairProgram.getTypeChecker();
  /** @type {string[]} */
  const drift = [];
  for (const { dts, mjs } of pairs) {
    const declared = exportedShape(checker, /** @type {ts.SourceFile} */ (pairProgram.getSourceFile(dts)));
    const actual = exportedShape(checker, /** @type {ts.SourceFile} */ (pairProgram.getSourceFile(mjs)));
    const name = path.relative(root, dts);
    for (const [key, shape] of declared) {
      const got = actual.get(key);
      if (got === undefined) drift.push(`${name}: declares ${key}, which ${path.basename(mjs)} does not export`);
      else if (got !== shape) drift.push(`${name}: ${key} is declared ${shape}, ${path.basename(mjs)} has ${got}`);
    }
    for (const key of actual.keys()) {
      if (!key.includes('#') && !declared.has(key)) drift.push(`${name}: does not declare ${key}, which ${path.basename(mjs)} exports`);
    }
  }
  return drift;
}

const drift = declarationDrift();
for (const line of drift) console.error(`typecheck-mjs: ${line}`);

if (diagnostics.length) {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  console.error(`${diagnostics.length} error(s) in .mjs files (tsconfig.mjs.json)`);
}
if (diagnostics.length || drift.length) process.exit(1);
console.log(`typecheck-mjs: ${own.size} .mjs files checked`);
