import 'server-only';
import { ConfigError, getConfig } from './config';

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
