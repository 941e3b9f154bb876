/**
 * The standalone folder's configuration at start (scripts/build-standalone.mjs writes a server.mjs
 * that calls this). There is no next.config.ts in that folder: Next runs on the configuration the
 * build recorded (required-server-files.json), so what `npm start` reads from the environment at
 * start must be put into it here, or the build's values would stay whatever the environment says.
 *
 * - REDIS_URL: read by the page-cache handler the build names (its path relative to the build
 *   folder) when it starts, so nothing to do here; the handler is kept either way (the in-memory
 *   LRU alone without REDIS_URL).
 * - PAGE_CACHE_MB: the in-memory page cache's size (cacheMaxMemorySize), 64 when unset, as in
 *   next.config.ts. A value out of range is left to the site's start-up check, which stops with one
 *   line naming it (instrumentation.ts); the build's size stays until then.
 */
export const DEFAULT_PAGE_CACHE_MB = 64;

/**
 * `config` (the build's Next configuration) as `npm start` would have it under `env`.
 * @template {Record<string, unknown>} T
 * @param {T} config
 * @param {Record<string, string | undefined>} env
 * @param {string | undefined} handler the page-cache handler's path, relative to the build folder
 * @returns {T}
 */
export function standaloneConfig(config, env, handler) {
  /** @type {Record<string, unknown>} */
  const out = { ...config };
  if (handler) out.cacheHandler = handler;
  const raw = env.PAGE_CACHE_MB?.trim();
  const mb = raw ? Number(raw) : DEFAULT_PAGE_CACHE_MB;
  if (Number.isInteger(mb) && mb >= 16 && mb <= 65536) out.cacheMaxMemorySize = mb * 1024 * 1024;
  return /** @type {T} */ (out);
}
