import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { claimedJob, type ClaimedJob, type ClaimedRow } from './types';

/**
 * The ceiling of messages a channel that notifies people gets (Telegram,
 * e-mail; LEADS_NOTIFY_PER_MINUTE). A flood of requests from many addresses
 * passes the per-address rate limit; it is stored, and reaches the team as one
 * summary a window instead of thousands of messages:
 *
 * - under the ceiling, each lead is its own message;
 * - the last message the window allows becomes a summary of every lead then
 *   waiting for the channel (if only this one waits, it goes alone);
 * - after a summary the channel is "in a flood": each later window sends one
 *   summary of what waited, until a whole window passes without one.
 *
 * Every message is recorded in `notification_sends` before it is sent, under a
 * lock per channel, so that workers on several instances share one count.
 */

export type NotifyLimits = { perWindow: number; windowMs: number };

export type NotificationPlan =
  | { kind: 'single' }
  | { kind: 'summary'; others: ClaimedJob[]; summaryId: number }
  | { kind: 'wait'; until: Date };

/** How many leads one summary may carry at most (the rest wait for the next). */
const summaryCap = 2_000;

export async function reserveNotification(
  db: Database,
  workerId: string,
  job: ClaimedJob,
  limits: NotifyLimits,
): Promise<NotificationPlan> {
  const window = `${limits.windowMs} milliseconds`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notify:${job.channel}`}))`);
    const { rows } = await tx.execute<{
      now: Date | string;
      last_summary: Date | string | null;
      sent: number;
      oldest: Date | string | null;
    }>(sql`
      SELECT clock_timestamp() AS now,
        (SELECT max(sent_at) FROM notification_sends
          WHERE channel = ${job.channel} AND kind = 'summary'
            AND sent_at > clock_timestamp() - 2 * ${window}::interval) AS last_summary,
        (SELECT count(*)::int FROM notification_sends
          WHERE channel = ${job.channel} AND sent_at > clock_timestamp() - ${window}::interval) AS sent,
        (SELECT min(sent_at) FROM notification_sends
          WHERE channel = ${job.channel} AND sent_at > clock_timestamp() - ${window}::interval) AS oldest`);
    const state = rows[0]!;
    const now = new Date(state.now);
    const lastSummary = state.last_summary ? new Date(state.last_summary) : null;

    const record = async (kind: 'single' | 'summary', leads: number) => {
      const inserted = await tx.execute<{ id: string }>(sql`
        INSERT INTO notification_sends (channel, kind, leads, sent_at)
        VALUES (${job.channel}, ${kind}, ${leads}, clock_timestamp()) RETURNING id`);
      return Number(inserted.rows[0]!.id);
    };
    const summary = async (): Promise<NotificationPlan> => {
      const others = await claimWaiting(tx, workerId, job);
      const summaryId = await record('summary', others.length + 1);
      return { kind: 'summary', others, summaryId };
    };

    if (lastSummary) {
      const next = lastSummary.getTime() + limits.windowMs;
      return now.getTime() < next ? { kind: 'wait', until: new Date(next) } : summary();
    }
    if (state.sent < limits.perWindow - 1) {
      await record('single', 1);
      return { kind: 'single' };
    }
    if (state.sent < limits.perWindow) {
      const waiting = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM outbox_jobs
        WHERE channel = ${job.channel} AND kind = 'lead' AND id <> ${job.id}
          AND ((status = 'pending' AND next_attempt_at <= now())
            OR (status = 'sending' AND locked_by = ${workerId}))`);
      if ((waiting.rows[0]?.n ?? 0) > 0) return summary();
      await record('single', 1);
      return { kind: 'single' };
    }
    const oldest = state.oldest ? new Date(state.oldest).getTime() : now.getTime();
    return { kind: 'wait', until: new Date(oldest + limits.windowMs) };
  });
}

/**
 * Claims every job of the channel that is due, for one summary, and takes in
 * those this worker already holds for the channel (the rest of its batch).
 * Jobs another worker holds are its own: they wait for the next window.
 */
async function claimWaiting(
  tx: Pick<Database, 'execute'>,
  workerId: string,
  job: ClaimedJob,
): Promise<ClaimedJob[]> {
  const { rows } = await tx.execute<ClaimedRow>(sql`
    UPDATE outbox_jobs SET status = 'sending', locked_at = now(), locked_by = ${workerId},
      attempts = CASE WHEN status = 'pending' THEN attempts + 1 ELSE attempts END
    WHERE id IN (
      SELECT id FROM outbox_jobs
      WHERE channel = ${job.channel} AND kind = 'lead' AND id <> ${job.id}
        AND ((status = 'pending' AND next_attempt_at <= now())
          OR (status = 'sending' AND locked_by = ${workerId}))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT ${summaryCap}
    )
    RETURNING id, lead_id, channel, kind, attempts, external_id`);
  return rows.map(claimedJob);
}
