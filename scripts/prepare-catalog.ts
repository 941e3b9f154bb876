/**
 * Run before next build/dev/start: creates and seeds the configured catalogue (lib/catalog/open.ts)
 * when it is missing, applies the migrations an older one lacks (a line each), otherwise returns at
 * once. Does nothing for an upstream API.
 */
import { getConfig } from '@/lib/config';
import { sourceCapabilities } from '@/lib/config/source-kind';
import { backendFor } from '@/lib/catalog/open';

const config = getConfig();

async function main(): Promise<void> {
  const { label, seeded } = await (await backendFor(config)).prepare(config);
  if (seeded) {
    console.log(`prepare-catalog: seeded ${seeded.videos.toLocaleString('en-US')} videos into ${label} in ${(seeded.ms / 1000).toFixed(1)} s.`);
  }
}

if (!sourceCapabilities(config).writable) {
  console.log('prepare-catalog: API_ORIGIN is set, the embedded catalogue is not used.');
} else {
  main().catch((e: unknown) => {
    // A migration that failed, a catalogue newer than this code or too old to migrate, a server down: one line.
    console.error(`prepare-catalog: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  });
}
