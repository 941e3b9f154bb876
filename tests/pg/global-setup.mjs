// Starts the throwaway PostgreSQL server of the PostgreSQL tests (or takes TEST_DATABASE_URL)
// and hands its URL to the test files through PG_TEST_SERVER_URL.
import { startPostgres } from '../support/system/postgres.mjs';

export default async function globalSetup() {
  const server = await startPostgres({ database: 'postgres' });
  /** @type {typeof globalThis & { __tubefrontPgServer?: import('../support/system/postgres.mjs').PostgresServer }} */ (globalThis).__tubefrontPgServer = server;
  process.env.PG_TEST_SERVER_URL = server.url;
  console.log(server.external ? `\ntest:pg: using TEST_DATABASE_URL` : `\ntest:pg: throwaway PostgreSQL on port ${server.port}`);
}
