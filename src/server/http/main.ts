import 'server-only';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtAnalyticsOrigins } from '@/lib/security/headers';
import { errorDetails, logger } from '@/server/log';
import { initErrorTracking } from '@/server/monitoring/errors';
import { assignedRequestId, withRequestIds } from '@/server/monitoring/request-ids';
import { startServerServices, stopServerServices } from '@/server/startup';
import { listenAddress } from './listen-address';
import { createSiteServer, type AppHandler } from './site-server';

/**
 * `node dist/server.mjs`: the production server, bundled next to the build it
 * serves (`dist/client` and Astro's `dist/server`). `npm start` runs it
 * (scripts/start.mjs); so does the container image. It reads `content/` and
 * `drizzle/` from the folder it is started in, which must be the project's
 * (or the image's /app).
 *
 * On SIGTERM or SIGINT it stops taking connections, finishes the requests in
 * hand, lets the outbox worker finish or give back its job, closes the
 * database and exits 0, all within the 10 s a platform waits before SIGKILL.
 */
const here = path.dirname(new URL(import.meta.url).pathname);
// With SENTRY_DSN, errors are reported (docs/error-tracking.md): from now on, by the
// SDK once the server listens, so that loading it never delays the start.
let listening: () => void = () => {};
void initErrorTracking('server', {
  buildDir: here,
  after: new Promise<void>((r) => (listening = r)),
});
const { handler } = (await import(pathToFileURL(path.join(here, 'server/entry.mjs')).href)) as {
  handler: AppHandler;
};

// Made before the database opens: a redirect list with a problem stops the
// start here, naming each problem, before anything else is touched.
const server = createSiteServer({
  clientDir: path.join(here, 'client'),
  // Each answer made per request gets its id (X-Request-Id), in its log lines and reports.
  app: withRequestIds(handler),
  // The analytics providers are fixed when the site is built, like the pages that
  // load them: the policy allows the origins of that build (scripts/build-server.mts).
  extraOrigins: builtAnalyticsOrigins(),
  onError: (error, request) =>
    logger.error(
      {
        event: 'server.request.error',
        method: request.method,
        requestId: assignedRequestId(request),
        ...errorDetails(error),
      },
      'a request failed in the server',
    ),
});
// A connection left idle by a client must not hold a shutdown up for long.
server.keepAliveTimeout = 5_000;

await startServerServices();

const port = Number(process.env.PORT ?? 3000);
const host = listenAddress();
server.listen(port, host, () => {
  logger.info({ event: 'server.listening', host, port }, `listening on ${host}:${port}`);
  listening();
});
server.on('error', (error) => {
  logger.fatal({ event: 'server.error', ...errorDetails(error) }, 'the server could not start');
  process.exit(1);
});

/** The whole shutdown must fit in the 10 s a container platform waits before SIGKILL. */
const shutdownDeadlineMs = 9_000;
/** How long requests in hand may take before their connections are closed. */
const requestGraceMs = 4_000;

let stopping = false;
function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  logger.info({ event: 'server.shutdown', signal }, 'finishing requests in hand, then stopping');
  const deadline = setTimeout(() => {
    logger.error({ event: 'server.shutdown.timeout' }, 'shutdown took too long; exiting');
    process.exit(1);
  }, shutdownDeadlineMs);
  deadline.unref();

  // No new connection; a request that still comes on an open one is
  // answered and its connection closed after it.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.prependListener('request', (_request, response) =>
    response.setHeader('Connection', 'close'),
  );
  // A kept-alive connection becomes idle when its request is answered: close it then.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  idle.unref();
  const grace = setTimeout(() => server.closeAllConnections(), requestGraceMs);
  grace.unref();

  void stopServerServices(closed).then(
    () => {
      clearInterval(idle);
      logger.info({ event: 'server.stopped' }, 'stopped');
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ event: 'server.shutdown.error', ...errorDetails(error) }, 'shutdown');
      process.exit(1);
    },
  );
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
