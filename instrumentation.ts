/**
 * Runs once when the server starts. The check lives in a Node-only module so that the Edge
 * build of this file never sees process.exit.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigOrExit } = await import('./lib/config-check');
    checkConfigOrExit();
    const { installResponsePatches } = await import('./lib/server/response-patches');
    installResponsePatches();
  }
}
