// Stops the throwaway server, whatever the tests did (the helper also stops it on exit and signals).
export default async function globalTeardown() {
  await /** @type {typeof globalThis & { __tubefrontPgServer?: import('../support/system/postgres.mjs').PostgresServer }} */ (globalThis).__tubefrontPgServer?.stop();
}
