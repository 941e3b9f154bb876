/**
 * The age-verification providers AGE_PROVIDER can name. Each entry reads its own settings from the
 * environment (a list of errors when they are wrong, which stops start-up like any bad setting:
 * lib/config) and makes the provider from them.
 */
import type { AgeProvider } from '../provider';
import { createEudiProvider, readEudiOptions } from './eudi';
import { createOidcProvider, readOidcOptions } from './oidc';
import { createTestProvider, readTestOptions, TEST_PROVIDER_ID } from './test';

type Env = Record<string, string | undefined>;

export interface AgeProviderEntry<Options = unknown> {
  /** The value of AGE_PROVIDER. */
  id: string;
  read(env: Env): { options: Options } | { errors: string[] };
  create(options: Options): AgeProvider;
}

function entry<Options>(e: AgeProviderEntry<Options>): AgeProviderEntry {
  return e as AgeProviderEntry;
}

export const AGE_PROVIDERS: readonly AgeProviderEntry[] = [
  entry({ id: TEST_PROVIDER_ID, read: readTestOptions, create: (options) => createTestProvider(options) }),
  // The EU age-verification blueprint's Proof of Age (mdoc over OpenID4VP or the Digital Credentials API).
  entry({ id: 'eudi', read: readEudiOptions, create: createEudiProvider }),
  // A commercial provider speaking OpenID Connect (an ID token with an over-18 claim).
  entry({ id: 'oidc', read: readOidcOptions, create: createOidcProvider }),
];

export function providerEntry(id: string): AgeProviderEntry | undefined {
  return AGE_PROVIDERS.find((p) => p.id === id);
}
