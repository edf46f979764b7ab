/**
 * The outbox worker on its own, for deployments that run delivery apart from
 * the site (OUTBOX_WORKER=off on the site instances): `npm run worker`.
 */
import { hostname } from 'node:os';
import { closeDb, getDb } from '@/server/db/client';
import { startOutboxWorker } from '@/server/delivery/outbox';
import { announceChannels, createDeliverers } from '@/server/delivery/wiring';
import { serverEnv } from '@/server/env';
import { logger } from '@/server/log';
import { flushErrorTracking, initErrorTracking } from '@/server/monitoring/errors';

const env = serverEnv();
// With SENTRY_DSN, a failed round and a job given up are reported (docs/error-tracking.md).
void initErrorTracking('worker', { env, buildDir: new URL('.', import.meta.url).pathname });
announceChannels(env);
const deliverers = await createDeliverers(env);
await getDb(); // connect and migrate before the first round
const worker = startOutboxWorker({
  getDb,
  deliverers,
  workerId: `worker-${hostname()}-${process.pid}`,
  retentionDays: env.LEADS_RETENTION_DAYS,
  leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
  notifyPerMinute: env.LEADS_NOTIFY_PER_MINUTE,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ event: 'worker.shutdown', signal }, 'stopping');
  // Finishes the delivery in hand and gives the rest back, then closes the
  // database; a worker stuck on the database is left after 4 s (see startup.ts).
  const deadline = setTimeout(() => process.exit(1), 9_500);
  await Promise.race([worker.stop(), new Promise((resolve) => setTimeout(resolve, 4_000))]);
  await Promise.all([closeDb(), flushErrorTracking(2_000)]);
  clearTimeout(deadline);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
