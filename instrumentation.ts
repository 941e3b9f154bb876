/**
 * Runs once when the server starts: the configuration check (in a Node-only module so that the
 * Edge build of this file never sees process.exit) and its warnings, the response patches and,
 * under Next's own server, the visitor's address and the body gate of server.mjs, the
 * clock that publishes scheduled videos, and the daily drop of past days' votes.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigOrExit, warnAboutConfig } = await import('./lib/config/check');
    checkConfigOrExit();
    warnAboutConfig();
    const { installResponsePatches } = await import('./lib/server/response-patches');
    installResponsePatches();
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      const { installNextServerGuard } = await import('./lib/server/next-server-guard');
      installNextServerGuard();
    }
    const { startPublishClock } = await import('./lib/server/publish-clock');
    startPublishClock(process.env.TUBEFRONT_SELF_ORIGIN);
    // Not while building: a build's workers serve nobody's votes.
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      const { startVoterExpiry } = await import('./lib/server/voter-expiry');
      startVoterExpiry();
    }
  }
}
