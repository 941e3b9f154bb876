/** Types of scripts/preflight.mjs (plain JavaScript, run by node before the suites). */
export type Suite = 'test:e2e' | 'test:compat' | 'test:cache' | 'test:judges' | 'test:import' | 'test:pg' | 'test:redis' | 'test:edge';

export const SUITE_NEEDS: Record<Suite, string[]>;

/** What the lookup looks at: the environment, the platform and the files there. */
export interface Probe {
  env: Record<string, string | undefined>;
  platform: string;
  exists(path: string): boolean;
  readdir(dir: string): string[];
  bundledChromium(): string | null;
}

export interface Missing {
  program: string;
  suites: string[];
  install: string;
}

export function missingPrograms(suites: readonly string[], probe: Probe): Missing[];
export function describe(missing: readonly Missing[]): string[];
