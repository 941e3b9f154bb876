import 'server-only';
import { ConfigError, getConfig, type Config } from './index';
import { forgeableAddressWarning } from '../net/trust-warning';
import { sourceCapabilities, type SourceSettings } from './source-kind';

/**
 * Values of VOTE_SALT that are public: the default of earlier versions, and the placeholders people
 * type. With one of them, a copy of the catalogue is enough to test every IPv4 address against
 * the day's votes (a few hours on one core).
 */
const PUBLIC_VOTE_SALTS = new Set(['tubefront', 'secret', 'changeme', 'change-me', 'change_me', 'salt', 'vote_salt', 'password', 'test', 'default']);
/** As for the other secrets (REVALIDATE_SECRET, EDGE_SECRET). */
const MIN_VOTE_SALT = 16;

/** Why a production server must not start with this VOTE_SALT, or null. The value itself is never shown. */
export function voteSaltProblem(c: Pick<Config, 'voteSalt'> & SourceSettings): string | null {
  // A source that stores no vote (an upstream API counts its own, docs/privacy.md) needs no salt.
  if (!c.voteSalt || !sourceCapabilities(c).votes) return null;
  const fix = 'leave it unset (the catalogue keeps a random secret of its own) or set 16 or more random characters (openssl rand -base64 32)';
  if (PUBLIC_VOTE_SALTS.has(c.voteSalt.toLowerCase())) {
    return `VOTE_SALT is a published value ("${c.voteSalt}"): anyone with a copy of the catalogue could tell which address cast each vote; ${fix}.`;
  }
  if (c.voteSalt.length < MIN_VOTE_SALT) return `VOTE_SALT is shorter than ${MIN_VOTE_SALT} characters; ${fix}.`;
  return null;
}

/** A server of a production build (next start, server.mjs), as opposed to the build itself or dev. */
function isProductionServer(): boolean {
  return process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build';
}

/**
 * A wrong configuration stops start-up with one line naming the variable and what it accepts;
 * so does, in production (`npm start`, or a production server), a public VOTE_SALT.
 */
export function checkConfigOrExit({ production = isProductionServer() }: { production?: boolean } = {}): void {
  let config: Config;
  try {
    config = getConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`tubefront: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const problem = production ? voteSaltProblem(config) : null;
  if (problem) {
    console.error(`tubefront: ${problem}`);
    process.exit(1);
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
