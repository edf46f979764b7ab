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
}

/**
 * How long the worker may take to finish the delivery in hand. A worker stuck
 * on the database (a query queued behind another process's open transaction
 * on the embedded database, say) is left after this, so the database can still
 * be closed cleanly; a job it held is taken over by the next worker.
 */
const workerGraceMs = 4_000;

/**
 * The outbox worker told to stop at once (it takes no new job), then awaited
 * until it has finished or given back its job, at most `workerGraceMs`.
 */
export async function stopWorker(): Promise<void> {
  const stopping = worker?.stop();
  worker = undefined;
  if (!stopping) return;
  const finished = await Promise.race([
    stopping.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), workerGraceMs).unref()),
  ]);
  if (!finished)
    logger.warn({ event: 'server.shutdown.worker' }, 'the outbox worker did not stop in time');
}

/**
 * The end of a site process, in the order that loses nothing: the worker is
 * told to stop as the server stops taking connections; once the requests in
 * hand are answered (`requestsDone`) and the worker has stopped, the database
 * is closed, last, after the last request has used it.
 */
export async function stopServerServices(requestsDone: Promise<void>): Promise<void> {
  const workerStopped = stopWorker();
  await requestsDone;
  await workerStopped;
  await closeDb();
}
