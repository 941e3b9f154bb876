/**
 * Runs once when the server starts: a wrong configuration stops start-up with one clear line
 * that names the variable and what it accepts, instead of failing later on a visitor's request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getConfig, ConfigError } = await import('@/lib/config');
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
