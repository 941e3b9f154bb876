// Stops the throwaway server, whatever the tests did (the helper also stops it on exit and signals).
export default async function globalTeardown() {
  await globalThis.__tubefrontPgServer?.stop();
}
