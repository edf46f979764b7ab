import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { leads, outboxJobs } from '@/server/db/schema';
import { purgeOlderThan } from '@/server/leads/admin';
import { logger } from '@/server/log';
import type { Channel } from '@/server/leads/channels';
import { DeliveryError, type Deliverers } from './deliverers';
import type { LeadForNotification } from './format';

export const outboxPolicy = {
  /** Jobs claimed per round. */
  batch: 5,
  maxAttempts: 10,
  /** Backoff: 10 s, 20 s, 40 s … at most an hour. */
  firstRetryMs: 10_000,
  maxRetryMs: 60 * 60 * 1000,
  /**
   * A job left "sending" this long by a worker that died is taken over
   * (OUTBOX_LEASE_SECONDS sets it; it must exceed the slowest delivery).
   */
  leaseMs: 2 * 60 * 1000,
} as const;

export function backoffMs(
  attempt: number,
  policy: Pick<typeof outboxPolicy, 'firstRetryMs' | 'maxRetryMs'> = outboxPolicy,
): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempt - 1));
}

type ClaimedJob = { id: number; leadId: string; channel: Channel; attempts: number };

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED, so that several workers on one
 * database never take the same job, and marks them as being sent.
 */
export async function claimJobs(
  db: Database,
  workerId: string,
  limit: number = outboxPolicy.batch,
  leaseMs: number = outboxPolicy.leaseMs,
): Promise<ClaimedJob[]> {
  const lease = `${leaseMs} milliseconds`;
  const result = await db.execute<{
    id: string;
    lead_id: string;
    channel: Channel;
    attempts: number;
  }>(sql`
    UPDATE outbox_jobs SET status = 'sending', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox_jobs
      WHERE (status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND locked_at < now() - ${lease}::interval)
      ORDER BY next_attempt_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, lead_id, channel, attempts`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    leadId: row.lead_id,
    channel: row.channel,
    attempts: row.attempts,
  }));
}

async function deliver(db: Database, job: ClaimedJob, deliverers: Deliverers, workerId: string) {
  const log = logger.child({
    jobId: job.id,
    channel: job.channel,
    attempt: job.attempts,
    workerId,
  });
  const deliverer = deliverers[job.channel];
  const [lead] = await db.select().from(leads).where(eq(leads.id, job.leadId));
  try {
    if (!lead) throw new DeliveryError('lead no longer exists');
    if (!deliverer) throw new DeliveryError(`channel ${job.channel} is not configured`);
    await deliverer(lead as LeadForNotification);
    await db
      .update(outboxJobs)
      // locked_by stays: which worker sent it.
      .set({ status: 'sent', sentAt: new Date(), lockedAt: null, lastError: null })
      .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.lockedBy, workerId)));
    log.info({ reference: lead.reference, event: 'delivery.sent' }, 'lead delivered');
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const final = job.attempts >= outboxPolicy.maxAttempts || !lead || !deliverer;
    const wait = Math.max(
      backoffMs(job.attempts),
      error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0,
    );
    await db
      .update(outboxJobs)
      .set({
        status: final ? 'failed' : 'pending',
        nextAttemptAt: new Date(Date.now() + wait),
        lockedAt: null,
        lockedBy: null,
        lastError: message,
      })
      .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.lockedBy, workerId)));
    log.warn(
      {
        reference: lead?.reference,
        event: final ? 'delivery.failed' : 'delivery.retry',
        retryInMs: wait,
        error: message,
      },
      'delivery attempt failed',
    );
  }
}

/** Gives back claimed jobs a stopping worker will not send, for the next worker. */
export async function releaseJobs(db: Database, ids: number[], workerId: string) {
  if (ids.length === 0) return;
  await db
    .update(outboxJobs)
    .set({
      status: 'pending',
      lockedAt: null,
      lockedBy: null,
      attempts: sql`greatest(${outboxJobs.attempts} - 1, 0)`,
    })
    .where(and(inArray(outboxJobs.id, ids), eq(outboxJobs.lockedBy, workerId)));
}

/** One round: claim due jobs and deliver them one by one. Returns how many were tried. */
export async function runOutboxOnce(
  db: Database,
  deliverers: Deliverers,
  workerId: string,
  shouldStop: () => boolean = () => false,
  leaseMs: number = outboxPolicy.leaseMs,
): Promise<number> {
  const jobs = await claimJobs(db, workerId, outboxPolicy.batch, leaseMs);
  for (const [index, job] of jobs.entries()) {
    if (shouldStop()) {
      await releaseJobs(
        db,
        jobs.slice(index).map((j) => j.id),
        workerId,
      );
      return index;
    }
    await deliver(db, job, deliverers, workerId);
  }
  return jobs.length;
}

export type OutboxWorker = { stop: () => Promise<void> };

/** How often the worker also deletes what the privacy policy says is not kept. */
const housekeepingEveryMs = 60 * 60 * 1000;

/**
 * Empties the outbox continuously: a round as soon as the last one found work,
 * otherwise every `idleMs`. A database that is down is waited out, not fatal.
 */
export function startOutboxWorker({
  getDb,
  deliverers,
  workerId,
  idleMs = 1_000,
  retentionDays,
  leaseMs = outboxPolicy.leaseMs,
}: {
  getDb: () => Promise<Database>;
  deliverers: Deliverers;
  workerId: string;
  idleMs?: number;
  /** Leads older than this are deleted (the privacy policy's retention period). */
  retentionDays: number;
  leaseMs?: number;
}): OutboxWorker {
  let stopping = false;
  let wake: (() => void) | undefined;
  const log = logger.child({ workerId });

  const loop = (async () => {
    log.info({ event: 'worker.start', channels: Object.keys(deliverers) }, 'outbox worker started');
    let lastHousekeeping = 0;
    while (!stopping) {
      let worked = 0;
      try {
        const db = await getDb();
        if (Date.now() - lastHousekeeping > housekeepingEveryMs) {
          lastHousekeeping = Date.now();
          const removed = await purgeOlderThan(db, retentionDays);
          if (removed.leads > 0 || removed.rateLimitEntries > 0)
            log.info({ event: 'housekeeping', ...removed }, 'expired data deleted');
        }
        worked = await runOutboxOnce(db, deliverers, workerId, () => stopping, leaseMs);
      } catch (error) {
        log.error(
          { event: 'worker.error', error: (error as Error).message },
          'outbox round failed',
        );
      }
      if (worked === 0 && !stopping) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, idleMs).unref?.();
        });
      }
    }
    log.info({ event: 'worker.stop' }, 'outbox worker stopped');
  })();

  return {
    stop: async () => {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
