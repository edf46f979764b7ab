/**
 * The outbox worker on its own, for deployments that run delivery apart from
 * the site (OUTBOX_WORKER=off on the site instances): `npm run worker`.
 */
import { hostname } from 'node:os';
import { closeDb, getDb } from '@/server/db/client';
import { createDeliverers } from '@/server/delivery/deliverers';
import { startOutboxWorker } from '@/server/delivery/outbox';
import { serverEnv } from '@/server/env';
import { logger } from '@/server/log';

const env = serverEnv();
const deliverers = await createDeliverers(env);
for (const channel of ['telegram', 'email'] as const) {
  if (!deliverers[channel])
    logger.warn(
      { event: 'channel.off', channel },
      `${channel} is not configured: leads are stored but not sent there`,
    );
}
await getDb(); // connect and migrate before the first round
const worker = startOutboxWorker({
  getDb,
  deliverers,
  workerId: `worker-${hostname()}-${process.pid}`,
  retentionDays: env.LEADS_RETENTION_DAYS,
  leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ event: 'worker.shutdown', signal }, 'stopping');
  // Finishes the delivery in hand and gives the rest back, then closes the database.
  const deadline = setTimeout(() => process.exit(1), 10_000);
  await worker.stop();
  await closeDb();
  clearTimeout(deadline);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
