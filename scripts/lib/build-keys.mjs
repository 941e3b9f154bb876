/**
 * What a build reads of its config files, shared by the suites' harness (which rebuilds only when
 * that changed) and `npm run build` (scripts/next-build.mjs, which puts tsconfig.json back after
 * `next build` added its folder's lines).
 */

/** What `next build` adds to tsconfig.json's include for its folder (.next-edge/types/**\/*.ts, …). */
export const BUILD_TYPES_INCLUDE = /^(?:\.\/)?\.next[^/]*\/(?:dev\/)?types\//;

/**
 * A config file as JSON written out again (layout aside) after `edit`, or its text as it is when it
 * is not plain JSON.
 * @param {string} text
 * @param {(config: Record<string, unknown>) => Record<string, unknown>} edit
 * @returns {string}
 */
function jsonKey(text, edit) {
  let config;
  try {
    config = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(config && typeof config === 'object' && !Array.isArray(config) ? edit(config) : config);
}

/**
 * tsconfig.json as far as a build reads it: without the include entries of build folders'
 * generated types, which `next build` adds for its own folder (another suite's build into
 * .next-edge adds its lines, `git checkout` takes them off again: neither changes what a build makes).
 * @param {string} text
 * @returns {string}
 */
export function tsconfigBuildKey(text) {
  return jsonKey(text, (config) =>
    Array.isArray(config.include) ? { ...config, include: config.include.filter((/** @type {unknown} */ e) => !(typeof e === 'string' && BUILD_TYPES_INCLUDE.test(e))) } : config,
  );
}

/**
 * package.json as far as a build reads it: everything but the npm scripts other than `build`
 * (adding a suite's script changes nothing a build makes; a dependency or the build script does).
 * @param {string} text
 * @returns {string}
 */
export function packageBuildKey(text) {
  return jsonKey(text, ({ scripts, ...rest }) => ({ ...rest, buildScript: /** @type {Record<string, unknown> | undefined} */ (scripts)?.build ?? null }));
}
