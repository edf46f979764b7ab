import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { outboxRun, runOutboxOnce } from '@/server/delivery/outbox';
import type { Deliverers } from '@/server/delivery/types';

/**
 * Runs the outbox until nothing is left to send, skipping the back-off waits:
 * what a worker would do over the next hours, in a test's few seconds.
 */
export async function drainOutbox(db: Database, deliverers: Deliverers, workerId: string) {
  const run = outboxRun(workerId);
  for (let round = 0; round < 60; round += 1) {
    await db.execute(sql`UPDATE outbox_jobs SET next_attempt_at = now() WHERE status = 'pending'`);
    const tried = await runOutboxOnce(db, deliverers, run);
    const [left] = (
      await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM outbox_jobs WHERE status IN ('pending', 'sending')`,
      )
    ).rows;
    if (tried === 0 && left?.n === 0) return;
  }
  throw new Error('the outbox did not drain');
}
