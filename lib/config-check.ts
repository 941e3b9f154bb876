import 'server-only';
import { ConfigError, getConfig } from './config';
import { forgeableAddressWarning } from './net/trust-warning';

/** A wrong configuration stops start-up with one line naming the variable and what it accepts. */
export function checkConfigOrExit(): void {
  try {
    getConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`tubefront: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * What a valid configuration may still get wrong, said once by the server at start (not by the
 * tools, and not by `npm start` before it, which would say it twice). `hostname` is the address
 * the server listens on (server.mjs's HOSTNAME).
 */
export function configWarnings(hostname: string | undefined = process.env.HOSTNAME): string[] {
  const trust = forgeableAddressWarning(getConfig().trustProxy, hostname);
  return trust ? [trust] : [];
}

export function warnAboutConfig(): void {
  for (const w of configWarnings()) console.warn(`tubefront: warning: ${w}`);
}
