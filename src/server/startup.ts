import 'server-only';
import { hostname } from 'node:os';
import { closeDb, getDb } from '@/server/db/client';
import { createDeliverers } from '@/server/delivery/deliverers';
import { startOutboxWorker, type OutboxWorker } from '@/server/delivery/outbox';
import { EnvError, serverEnv } from '@/server/env';
import { logger } from '@/server/log';

let worker: OutboxWorker | undefined;

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
      { event: 'db.unavailable', error: (error as Error).message },
      'database not reachable at start; will retry on demand',
    );
  }

  const deliverers = await createDeliverers(env);
  for (const channel of ['telegram', 'email'] as const) {
    if (!deliverers[channel]) {
      logger.warn(
        { event: 'channel.off', channel },
        `${channel} is not configured: leads are stored but not sent there`,
      );
    }
  }
  if (env.OUTBOX_WORKER === 'in-server') {
    worker = startOutboxWorker({
      getDb,
      deliverers,
      workerId: `site-${hostname()}-${process.pid}`,
      retentionDays: env.LEADS_RETENTION_DAYS,
    });
  }

  process.once('SIGTERM', () => void stopServerServices());
  process.once('SIGINT', () => void stopServerServices());
}

export async function stopServerServices() {
  await worker?.stop();
  worker = undefined;
  await closeDb();
}
