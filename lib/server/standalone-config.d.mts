export const DEFAULT_PAGE_CACHE_MB: number;

/** The build's Next configuration as `npm start` would have it under `env` (lib/server/standalone-config.mjs). */
export function standaloneConfig<T extends Record<string, unknown>>(config: T, env: Record<string, string | undefined>, handler: string | undefined): T;
