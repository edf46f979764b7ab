import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings, deals, leads, outboxJobs } from '@/server/db/schema';
import { purgeOlderThan } from '@/server/leads/admin';
import { serverEnv } from '@/server/env';
import { errorDetails, logger, redactContactData } from '@/server/log';
import { checkAlerts, recordAttempt } from './alerts';
import { reserveNotification, type NotifyLimits } from './ceiling';
import {
  claimedJob,
  DeliveryError,
  type ClaimedJob,
  type ClaimedRow,
  type Deliverers,
  type Delivery,
  type JobContext,
  type LeadForDelivery,
} from './types';
import { notifiesPeople } from './wiring';
import { errorMessage } from '@/lib/errors';

export const outboxPolicy = {
  /** Jobs claimed per round. */
  batch: 5,
  maxAttempts: 10,
  /** Backoff: 10 s, 20 s, 40 s … at most an hour. */
  firstRetryMs: 10_000,
  maxRetryMs: 60 * 60 * 1000,
  /**
   * How long a claimed job is held by its worker (OUTBOX_LEASE_SECONDS). The
   * worker renews the hold every third of it while it sends, so a slow delivery
   * keeps its job, and a job whose worker died is taken over once it runs out.
   */
  leaseMs: 20_000,
  /** How often, and how many times, a worker tries to record a job it has sent. */
  markRetryMs: [100, 500, 1_000, 2_000, 4_000],
  /** How long a channel fails before the team is alerted (ALERT_AFTER_MINUTES). */
  alertAfterMs: 15 * 60_000,
} as const;

export function backoffMs(
  attempt: number,
  policy: Pick<typeof outboxPolicy, 'firstRetryMs' | 'maxRetryMs'> = outboxPolicy,
): number {
  return Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempt - 1));
}

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
  const result = await db.execute<ClaimedRow>(sql`
    UPDATE outbox_jobs SET status = 'sending', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox_jobs
      WHERE (status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND locked_at < now() - ${lease}::interval)
      ORDER BY next_attempt_at, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id, lead_id, channel, kind, attempts, external_id`);
  return result.rows.map(claimedJob);
}

/** What one worker carries from round to round. */
export type OutboxRun = {
  workerId: string;
  leaseMs: number;
  limits: NotifyLimits;
  /** How long a channel fails before the team is alerted through another one. */
  alertAfterMs: number;
  /** Jobs sent whose "sent" could not be recorded yet: recorded first thing next round. */
  unmarked: Map<number, number | null>;
};

export function outboxRun(
  workerId: string,
  {
    leaseMs = outboxPolicy.leaseMs,
    notifyPerMinute = 20,
    notifyWindowMs = 60_000,
    alertAfterMs = outboxPolicy.alertAfterMs,
  }: {
    leaseMs?: number;
    notifyPerMinute?: number;
    notifyWindowMs?: number;
    alertAfterMs?: number;
  } = {},
): OutboxRun {
  return {
    workerId,
    leaseMs,
    limits: { perWindow: notifyPerMinute, windowMs: notifyWindowMs },
    alertAfterMs,
    unmarked: new Map(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while renewing the worker's hold on `ids`, so no other worker
 * takes them over however long the other side takes to answer.
 */
async function holding<T>(db: Database, run: OutboxRun, ids: number[], work: () => Promise<T>) {
  const renew = setInterval(
    () => {
      void db
        .update(outboxJobs)
        .set({ lockedAt: sql`now()` })
        .where(and(inArray(outboxJobs.id, ids), eq(outboxJobs.lockedBy, run.workerId)))
        .catch((error: unknown) =>
          logger.warn(
            {
              event: 'delivery.lease',
              workerId: run.workerId,
              jobIds: ids,
              ...errorDetails(error),
            },
            'could not renew the hold on jobs being sent',
          ),
        );
    },
    Math.max(500, Math.floor(run.leaseMs / 3)),
  );
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}

/**
 * Records jobs as sent. A job whose send succeeded is not sent again because
 * this failed: it is tried a few times at once, then first thing every round
 * until the database takes it. While the database is down no other worker can
 * claim the job either; the hold it still has covers the moments after.
 */
async function markSent(db: Database, run: OutboxRun, ids: number[], summaryId: number | null) {
  const mark = () =>
    db
      .update(outboxJobs)
      // locked_by stays: which worker sent it.
      .set({ status: 'sent', sentAt: new Date(), lockedAt: null, lastError: null, summaryId })
      .where(and(inArray(outboxJobs.id, ids), eq(outboxJobs.lockedBy, run.workerId)));
  for (const [index, wait] of [0, ...outboxPolicy.markRetryMs].entries()) {
    if (wait) await sleep(wait);
    try {
      await mark();
      for (const id of ids) run.unmarked.delete(id);
      return;
    } catch (error) {
      logger.error(
        {
          event: 'delivery.mark',
          workerId: run.workerId,
          jobIds: ids,
          try: index + 1,
          ...errorDetails(error),
        },
        'a delivered job could not be recorded as sent; trying again',
      );
    }
  }
  for (const id of ids) run.unmarked.set(id, summaryId);
}

/** Before a round: record what was sent but not recorded, and keep holding it until then. */
async function markUnmarked(db: Database, run: OutboxRun) {
  const bySummary = new Map<number | null, number[]>();
  for (const [id, summaryId] of run.unmarked) {
    bySummary.set(summaryId, [...(bySummary.get(summaryId) ?? []), id]);
  }
  for (const [summaryId, ids] of bySummary) {
    await db
      .update(outboxJobs)
      .set({ status: 'sent', sentAt: new Date(), lockedAt: null, lastError: null, summaryId })
      .where(and(inArray(outboxJobs.id, ids), eq(outboxJobs.lockedBy, run.workerId)));
    for (const id of ids) run.unmarked.delete(id);
    logger.info(
      { event: 'delivery.marked', workerId: run.workerId, jobIds: ids },
      'recorded late as sent',
    );
  }
}

/** Leaves a job for later without counting it as a failed attempt (the ceiling, a stopping worker). */
async function putBack(db: Database, run: OutboxRun, ids: number[], at: Date = new Date()) {
  if (ids.length === 0) return;
  await db
    .update(outboxJobs)
    .set({
      status: 'pending',
      nextAttemptAt: at,
      lockedAt: null,
      lockedBy: null,
      attempts: sql`greatest(${outboxJobs.attempts} - 1, 0)`,
    })
    .where(and(inArray(outboxJobs.id, ids), eq(outboxJobs.lockedBy, run.workerId)));
}

/** A visitor's words never reach a log, even inside another service's error message. */
function safeMessage(error: unknown, lead: LeadForDelivery | undefined): string {
  let message = errorMessage(error);
  for (const value of [lead?.contactValue, lead?.name, lead?.message]) {
    if (value && value.length >= 3) message = message.split(value).join('[redacted]');
  }
  return redactContactData(message).slice(0, 500);
}

async function failed(
  db: Database,
  run: OutboxRun,
  jobs: ClaimedJob[],
  error: unknown,
  lead: LeadForDelivery | undefined,
  final: boolean,
): Promise<string> {
  const message = safeMessage(error, lead);
  for (const job of jobs) {
    const last = final || job.attempts >= outboxPolicy.maxAttempts;
    const wait = Math.max(
      backoffMs(job.attempts),
      error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0,
    );
    await db
      .update(outboxJobs)
      .set({
        status: last ? 'failed' : 'pending',
        nextAttemptAt: new Date(Date.now() + wait),
        lockedAt: null,
        lockedBy: null,
        lastError: message,
      })
      .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.lockedBy, run.workerId)));
    logger.warn(
      {
        event: last ? 'delivery.failed' : 'delivery.retry',
        jobId: job.id,
        channel: job.channel,
        attempt: job.attempts,
        workerId: run.workerId,
        reference: lead?.reference,
        retryInMs: last ? undefined : wait,
        error: message,
      },
      'delivery attempt failed',
    );
  }
  return message;
}

/**
 * Records a channel's latest outcome, for /api/health and the alerts. A
 * database that does not take it is logged and the delivery goes on: the
 * next attempt records the channel again.
 */
async function noteOutcome(
  db: Database,
  run: OutboxRun,
  channel: ClaimedJob['channel'],
  error?: string,
) {
  try {
    const result = await recordAttempt(
      db,
      channel,
      error === undefined ? { ok: true } : { ok: false, error },
    );
    if (result.recovered)
      logger.info(
        {
          event: 'delivery.recovered',
          channel,
          workerId: run.workerId,
          broughtForward: result.broughtForward,
        },
        'a failing channel delivers again; the leads waiting for it go out now',
      );
  } catch (recordError) {
    logger.warn(
      {
        event: 'delivery.outcome',
        channel,
        workerId: run.workerId,
        ...errorDetails(recordError),
      },
      "could not record the channel's latest attempt",
    );
  }
}

async function loadLeads(db: Database, ids: string[]): Promise<Map<string, LeadForDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(leads).where(inArray(leads.id, ids));
  return new Map(rows.map((row) => [row.id, row as LeadForDelivery]));
}

/** Delivers one job; returns the ids of other jobs it took along in a summary. */
async function deliver(
  db: Database,
  run: OutboxRun,
  job: ClaimedJob,
  deliverers: Deliverers,
): Promise<number[]> {
  const delivery = deliverers[job.channel];
  const lead = (await loadLeads(db, [job.leadId])).get(job.leadId);
  if (!lead) {
    await failed(db, run, [job], new DeliveryError('lead no longer exists'), lead, true);
    return [];
  }
  if (!delivery) {
    const message = await failed(
      db,
      run,
      [job],
      new DeliveryError(`channel ${job.channel} is not configured`),
      lead,
      true,
    );
    await noteOutcome(db, run, job.channel, message);
    return [];
  }

  // Telegram and e-mail reach people: past their ceiling a burst of requests
  // becomes one summary. A booked call is at most one message per request and
  // is never folded into a summary of requests.
  if (job.kind === 'lead' && notifiesPeople(job.channel) && delivery.sendSummary) {
    const plan = await reserveNotification(db, run.workerId, job, run.limits);
    if (plan.kind === 'wait') {
      await putBack(db, run, [job.id], plan.until);
      return [];
    }
    if (plan.kind === 'summary') {
      const jobs = [job, ...plan.others];
      const byLead = await loadLeads(
        db,
        jobs.map((j) => j.leadId),
      );
      const batch = jobs.flatMap((j) => (byLead.has(j.leadId) ? [byLead.get(j.leadId)!] : []));
      try {
        await holding(
          db,
          run,
          jobs.map((j) => j.id),
          () => delivery.sendSummary!(batch),
        );
      } catch (error) {
        // The others were not tried: they go back as they were.
        await putBack(
          db,
          run,
          plan.others.map((j) => j.id),
        );
        await noteOutcome(
          db,
          run,
          job.channel,
          await failed(db, run, [job], error, undefined, false),
        );
        return plan.others.map((j) => j.id);
      }
      await markSent(
        db,
        run,
        jobs.map((j) => j.id),
        plan.summaryId,
      );
      await noteOutcome(db, run, job.channel);
      logger.info(
        {
          event: 'delivery.summary',
          channel: job.channel,
          workerId: run.workerId,
          leads: batch.length,
          references: batch.slice(0, 50).map((l) => l.reference),
        },
        'a burst of leads delivered as one summary',
      );
      return plan.others.map((j) => j.id);
    }
  }

  const context: JobContext = {
    attempt: job.attempts,
    externalId: job.externalId,
    saveExternalId: async (id: string) => {
      job.externalId = id;
      await db.update(outboxJobs).set({ externalId: id }).where(eq(outboxJobs.id, job.id));
    },
  };
  let send: () => Promise<void>;
  try {
    send = await jobSender(db, job, lead, delivery, context);
  } catch (error) {
    await failed(db, run, [job], error, lead, true);
    return [];
  }
  try {
    await holding(db, run, [job.id], send);
  } catch (error) {
    if (error instanceof DeliveryError && error.waiting) {
      // Waiting for another job (a booked call for the CRM lead its request
      // becomes) is no failure: no attempt counted, the channel not marked.
      await putBack(db, run, [job.id], new Date(Date.now() + (error.retryAfterMs ?? 10_000)));
      logger.info(
        {
          event: 'delivery.waiting',
          jobId: job.id,
          channel: job.channel,
          kind: job.kind,
          workerId: run.workerId,
          reference: lead.reference,
          reason: safeMessage(error, lead),
        },
        'delivery waits for another job',
      );
      return [];
    }
    const permanent = error instanceof DeliveryError && error.permanent;
    await noteOutcome(db, run, job.channel, await failed(db, run, [job], error, lead, permanent));
    return [];
  }
  await markSent(db, run, [job.id], null);
  await noteOutcome(db, run, job.channel);
  logger.info(
    {
      event: 'delivery.sent',
      jobId: job.id,
      channel: job.channel,
      attempt: job.attempts,
      workerId: run.workerId,
      reference: lead.reference,
      ...(job.kind === 'lead' ? {} : { kind: job.kind }),
      ...(job.externalId ? { externalId: job.externalId } : {}),
    },
    job.kind === 'lead' ? 'lead delivered' : `${job.kind} delivered`,
  );
  return [];
}

/**
 * What sending this job means for its channel: the request itself, the call
 * booked after it, or the won deal. A job the channel cannot carry, or whose
 * booking or deal is gone (erased), fails for good.
 */
async function jobSender(
  db: Database,
  job: ClaimedJob,
  lead: LeadForDelivery,
  delivery: Delivery,
  context: JobContext,
): Promise<() => Promise<void>> {
  if (job.kind === 'lead') return () => delivery.send(lead, context);
  if (job.kind === 'booking') {
    const sendBooking = delivery.sendBooking;
    if (!sendBooking) throw new DeliveryError(`channel ${job.channel} does not carry bookings`);
    const [booking] = await db.select().from(bookings).where(eq(bookings.leadId, job.leadId));
    if (!booking) throw new DeliveryError('booking no longer exists');
    // Where the request went on this channel: a CRM adds the call to that lead.
    const [leadJob] = await db
      .select({ externalId: outboxJobs.externalId, status: outboxJobs.status })
      .from(outboxJobs)
      .where(
        and(
          eq(outboxJobs.leadId, job.leadId),
          eq(outboxJobs.channel, job.channel),
          eq(outboxJobs.kind, 'lead'),
        ),
      );
    context.leadJob = leadJob ?? null;
    return () => sendBooking(lead, booking, context);
  }
  const sendConversion = delivery.sendConversion;
  if (!sendConversion) throw new DeliveryError(`channel ${job.channel} does not carry conversions`);
  const [deal] = await db.select().from(deals).where(eq(deals.leadId, job.leadId));
  if (!deal?.wonAt) throw new DeliveryError('won deal no longer exists');
  return () => sendConversion(lead, deal, context);
}

/** Gives back claimed jobs a stopping worker will not send, for the next worker. */
export async function releaseJobs(db: Database, ids: number[], workerId: string) {
  await putBack(db, { workerId } as OutboxRun, ids);
}

/**
 * After each round: alerts the team about a channel that has failed for
 * longer than `alertAfterMs`, or that delivers again (alerts.ts). A failure
 * here is logged and leaves the alert for the next round.
 */
async function alertRound(db: Database, deliverers: Deliverers, run: OutboxRun) {
  try {
    await checkAlerts(db, deliverers, {
      workerId: run.workerId,
      alertAfterMs: run.alertAfterMs,
      retryInMs: (attempt) => backoffMs(attempt),
    });
  } catch (error) {
    logger.warn(
      { event: 'delivery.alert.check', workerId: run.workerId, ...errorDetails(error) },
      'could not check whether the team is owed an alert',
    );
  }
}

/**
 * One round: claim due jobs and deliver them one by one, then see whether the
 * team is owed an alert. Returns how many jobs were tried.
 */
export async function runOutboxOnce(
  db: Database,
  deliverers: Deliverers,
  run: OutboxRun,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  if (run.unmarked.size > 0) await markUnmarked(db, run);
  const jobs = await claimJobs(db, run.workerId, outboxPolicy.batch, run.leaseMs);
  const tried = await deliverAll(db, deliverers, run, jobs, shouldStop);
  if (!shouldStop()) await alertRound(db, deliverers, run);
  return tried;
}

async function deliverAll(
  db: Database,
  deliverers: Deliverers,
  run: OutboxRun,
  jobs: ClaimedJob[],
  shouldStop: () => boolean,
): Promise<number> {
  // Jobs of this batch a summary already took along (or gave back).
  const handled = new Set<number>();
  for (const [index, job] of jobs.entries()) {
    if (handled.has(job.id)) continue;
    if (shouldStop()) {
      await releaseJobs(
        db,
        jobs
          .slice(index)
          .filter((j) => !handled.has(j.id))
          .map((j) => j.id),
        run.workerId,
      );
      return index;
    }
    for (const id of await deliver(db, run, job, deliverers)) handled.add(id);
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
  notifyPerMinute,
  notifyWindowMs,
  alertAfterMs = serverEnv().ALERT_AFTER_MINUTES * 60_000,
}: {
  getDb: () => Promise<Database>;
  deliverers: Deliverers;
  workerId: string;
  idleMs?: number;
  /** Leads older than this are deleted (the privacy policy's retention period). */
  retentionDays: number;
  leaseMs?: number;
  notifyPerMinute?: number;
  notifyWindowMs?: number;
  /** How long a channel fails before the team is alerted; ALERT_AFTER_MINUTES unless given. */
  alertAfterMs?: number;
}): OutboxWorker {
  let stopping = false;
  let wake: (() => void) | undefined;
  const log = logger.child({ workerId });
  const run = outboxRun(workerId, { leaseMs, notifyPerMinute, notifyWindowMs, alertAfterMs });

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
        worked = await runOutboxOnce(db, deliverers, run, () => stopping);
      } catch (error) {
        log.error({ event: 'worker.error', ...errorDetails(error) }, 'outbox round failed');
      }
      if (worked === 0 && !stopping) {
        // A timer that keeps the process alive: when the database goes away
        // (restarting, or the process that served the embedded one died), the
        // pool's connections close, and an unreferenced timer was then all
        // that was left: Node.js ended the worker with status 0 mid-wait.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
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
