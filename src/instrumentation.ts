/**
 * Runs once when a server process starts: records each connection's address
 * and refuses methods nothing answers (src/server/http/connection.ts),
 * sends 404 pages as whole documents (src/server/http/not-found-response.ts),
 * compresses responses, each unchanging one once (src/server/http/compression.ts), checks
 * the settings, prepares the database and starts lead delivery
 * (src/server/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const { installConnectionGuard } = await import('./server/http/connection');
  installConnectionGuard();
  if (process.env.NODE_ENV === 'production') {
    // 404 pages as whole documents, before the compression so that they go out compressed.
    const { installNotFoundResponses } = await import('./server/http/not-found-response');
    installNotFoundResponses();
    // Next.js's own compression is off (next.config.ts): pages that never change are compressed once.
    const { installCompression } = await import('./server/http/compression');
    installCompression();
  }
  const { startServerServices } = await import('./server/startup');
  await startServerServices();
}
