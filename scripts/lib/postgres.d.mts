/** Types of scripts/lib/postgres.mjs (a throwaway PostgreSQL server for tests and benchmarks). */
export interface PostgresServer {
  url: string;
  external: boolean;
  dir?: string;
  port?: number;
  stop(): Promise<void>;
}
export function freePort(): Promise<number>;
export function startPostgres(options?: { database?: string; log?: boolean }): Promise<PostgresServer>;
export function databaseUrlOrThrowaway(): Promise<{ url: string; stop(): Promise<void>; throwaway: boolean }>;
