import 'server-only';
import { hostname } from 'node:os';
import { closeDb, getDb } from '@/server/db/client';
import { startOutboxWorker, type OutboxWorker } from '@/server/delivery/outbox';
import { announceChannels, createDeliverers } from '@/server/delivery/wiring';
import { EnvError, serverEnv } from '@/server/env';
import { describeSamples, publishedSamples } from '@/server/content/samples';
import { errorDetails, logger } from '@/server/log';

let worker: OutboxWorker | undefined;

/**
 * Names, in one warning, each fictional sample item the site still publishes
 * (contacts, cases, testimonials, the team …): README, "Make it yours".
 */
async function warnAboutSamples() {
  try {
    const items = await publishedSamples();
    if (items.length === 0) return;
    logger.warn(
      { event: 'content.samples', count: items.length, items: items.map((item) => item.file) },
      `sample content is still published, replace it with your own (README, "Make it yours"): ${describeSamples(items)}`,
    );
  } catch (error) {
    logger.error(
      { event: 'content.samples.failed', ...errorDetails(error) },
      'could not check for sample content',
    );
  }
}

/**
 * Start-up of a site process. Malformed settings stop it with a message naming
 * the variable; a database that is not reachable yet does not: pages are
 * static and keep working, forms answer 503 until it is back.
 */
export async function startServerServices() {
  let env;
  try {
    env = serverEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  try {
    await getDb();
    logger.info({ event: 'db.ready', embedded: !env.DATABASE_URL }, 'database ready');
  } catch (error) {
    logger.error(
      { event: 'db.unavailable', ...errorDetails(error) },
      'database not reachable at start; will retry on demand',
    );
  }

  announceChannels(env);
  if (process.env.NODE_ENV === 'production') await warnAboutSamples();
  if (env.OUTBOX_WORKER === 'in-server') {
    worker = startOutboxWorker({
      getDb,
      deliverers: await createDeliverers(env),
      workerId: `site-${hostname()}-${process.pid}`,
      retentionDays: env.LEADS_RETENTION_DAYS,
      leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
      notifyPerMinute: env.LEADS_NOTIFY_PER_MINUTE,
    });
  }

  process.once('SIGTERM', () => drainThenExit('SIGTERM'));
  process.once('SIGINT', () => drainThenExit('SIGINT'));
}

/** The whole shutdown must fit in the 10 s a container platform waits before SIGKILL. */
const shutdownDeadlineMs = 9_000;
/**
 * How long the worker may take to finish the delivery in hand. A worker stuck
 * on the database (a query queued behind another process's open transaction
 * on the embedded database, say) is left after this, so the database can still
 * be closed cleanly; a job it held is taken over by the next worker.
 */
const workerGraceMs = 4_000;

/**
 * Graceful shutdown, in the order that loses nothing. Next.js's own handler
 * for the same signal stops taking connections, lets the requests in hand
 * finish and then calls `process.exit`. That exit is held here until the
 * outbox worker has finished or given back its job and the database is closed
 * (the database last, after the last request has used it); the worker is told
 * to stop at once, so it takes no new job meanwhile. If anything hangs, the
 * process exits anyway before the platform's SIGKILL.
 */
function drainThenExit(signal: NodeJS.Signals) {
  logger.info({ event: 'server.shutdown', signal }, 'finishing requests in hand, then stopping');
  const exit = process.exit.bind(process);
  const workerStopped = worker?.stop();
  const deadline = setTimeout(() => {
    logger.error({ event: 'server.shutdown.timeout' }, 'shutdown took too long; exiting');
    exit(1);
  }, shutdownDeadlineMs);
  deadline.unref();
  let exiting = false;
  process.exit = (code?: number | string | null) => {
    if (exiting) return undefined as never;
    exiting = true;
    void (async () => {
      try {
        const finished = await Promise.race([
          workerStopped?.then(() => true) ?? true,
          new Promise<false>((resolve) => setTimeout(() => resolve(false), workerGraceMs).unref()),
        ]);
        if (!finished)
          logger.warn(
            { event: 'server.shutdown.worker' },
            'the outbox worker did not stop in time',
          );
        worker = undefined;
        await closeDb();
        logger.info({ event: 'server.stopped' }, 'stopped');
      } catch (error) {
        logger.error({ event: 'server.shutdown.error', ...errorDetails(error) }, 'shutdown');
      } finally {
        exit(code ?? 0);
      }
    })();
    return undefined as never;
  };
}
