/**
 * Runs once when a server process starts: checks the settings, prepares the
 * database and starts lead delivery (src/server/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const { startServerServices } = await import('./server/startup');
  await startServerServices();
}
