/**
 * Runs once when a server process starts: records each connection's address
 * and refuses methods nothing answers (src/server/http/connection.ts), checks
 * the settings, prepares the database and starts lead delivery
 * (src/server/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const { installConnectionGuard } = await import('./server/http/connection');
  installConnectionGuard();
  const { startServerServices } = await import('./server/startup');
  await startServerServices();
}
