import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { errorDetails, logger } from '@/server/log';
import { openJobCounts } from './health';
import {
  DeliveryError,
  type Channel,
  type Deliverers,
  type DeliveryAlert,
  type DeliveryChannel,
} from './types';

/**
 * The team hears when leads stop reaching a channel, and when they reach it
 * again: once each way, never once per lead.
 *
 * After every delivery attempt the worker records the channel's outcome in
 * `delivery_channels` (recordAttempt). A channel whose latest attempt failed
 * is failing since the first failure after its last success. Each round the
 * worker looks for a channel that has failed for longer than
 * ALERT_AFTER_MINUTES and still has leads it has not delivered, or one with an
 * open alert that has delivered since (checkAlerts), and claims it with a
 * conditional UPDATE, so that of several workers (or a restarted one) exactly
 * one sends each alert. The alert goes through another channel the team reads:
 * Telegram, then e-mail, then the webhook, never the failing channel itself,
 * and a channel that is failing too only after those that are not. With no
 * other channel configured, an error line (`delivery.alert.nowhere`) is logged
 * instead, once per change as well.
 */

export const alertPolicy = {
  /** Channels that carry alerts, in order of preference. */
  carriers: ['telegram', 'email', 'webhook'] as const satisfies readonly Channel[],
  /**
   * How long a worker holds an alert it is sending. A worker that dies while
   * sending leaves it to another after this; sending through every carrier in
   * turn takes well under a minute even when each times out.
   */
  claimMs: 5 * 60_000,
} as const;

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * Records a channel's latest attempt. A success that ends an outage brings the
 * channel's waiting jobs forward, so leads held back by the retry back-off (up
 * to an hour) go out now rather than at their next turn; it returns how many.
 */
export async function recordAttempt(
  db: Database,
  channel: DeliveryChannel,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<{ recovered: boolean; broughtForward: number }> {
  if (!outcome.ok) {
    await db.execute(sql`
      INSERT INTO delivery_channels (channel, last_attempt_at, last_outcome, last_error, failing_since)
      VALUES (${channel}, now(), 'failed', ${outcome.error}, now())
      ON CONFLICT (channel) DO UPDATE SET
        last_attempt_at = now(), last_outcome = 'failed', last_error = EXCLUDED.last_error,
        failing_since = coalesce(delivery_channels.failing_since, EXCLUDED.failing_since)`);
    return { recovered: false, broughtForward: 0 };
  }
  const { rows } = await db.execute<{ was_failing: Date | string | null }>(sql`
    WITH before AS (SELECT failing_since FROM delivery_channels WHERE channel = ${channel})
    INSERT INTO delivery_channels (channel, last_attempt_at, last_outcome, last_success_at)
    VALUES (${channel}, now(), 'sent', now())
    ON CONFLICT (channel) DO UPDATE SET
      last_attempt_at = now(), last_outcome = 'sent', last_error = NULL,
      last_success_at = now(), failing_since = NULL
    -- A stream of successes rewrites the row at most once a second: in a
    -- flood, every delivery would otherwise leave a new version of one row.
    WHERE delivery_channels.last_outcome <> 'sent'
      OR delivery_channels.last_attempt_at < now() - interval '1 second'
    RETURNING (SELECT failing_since FROM before) AS was_failing`);
  if (!rows[0]?.was_failing) return { recovered: false, broughtForward: 0 };
  const moved = await db.execute(sql`
    UPDATE outbox_jobs SET next_attempt_at = now()
    WHERE channel = ${channel} AND status = 'pending' AND next_attempt_at > now()`);
  return { recovered: true, broughtForward: moved.rowCount ?? 0 };
}

type ClaimedChannel = {
  channel: DeliveryChannel;
  failing_since: Date | string | null;
  last_error: string | null;
  last_success_at: Date | string | null;
  alerted_since: Date | string | null;
  alert_attempts: number;
};

/** Claims the channels that owe the team an alert now; another worker skips them. */
async function claimAlerts(
  db: Database,
  workerId: string,
  alertAfterMs: number,
): Promise<ClaimedChannel[]> {
  const claim = `${alertPolicy.claimMs} milliseconds`;
  const after = `${Math.round(alertAfterMs)} milliseconds`;
  const { rows } = await db.execute<ClaimedChannel>(sql`
    UPDATE delivery_channels SET alert_claimed_by = ${workerId}, alert_claimed_at = now()
    WHERE channel IN (
      SELECT d.channel FROM delivery_channels d
      WHERE (d.alert_claimed_at IS NULL OR d.alert_claimed_at < now() - ${claim}::interval)
        AND (d.alert_next_at IS NULL OR d.alert_next_at <= now())
        AND (
          (d.alerted_since IS NOT NULL AND d.last_success_at > d.alerted_since)
          OR (d.alerted_since IS NULL AND d.failing_since < now() - ${after}::interval
            AND EXISTS (SELECT 1 FROM outbox_jobs j WHERE j.channel = d.channel AND j.status <> 'sent'))
        )
      FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING channel, failing_since, last_error, last_success_at, alerted_since, alert_attempts`);
  return rows;
}

/** How many leads waited for the channel during the outage, and for how long at most. */
async function outageWaits(db: Database, channel: DeliveryChannel, since: Date, until: Date) {
  const { rows } = await db.execute<{ leads: number; waited_minutes: number }>(sql`
    SELECT count(*)::int AS leads,
      ceil(coalesce(max(extract(epoch FROM coalesce(sent_at, now()) - created_at)), 0) / 60)::int
        AS waited_minutes
    FROM outbox_jobs
    WHERE channel = ${channel} AND created_at <= ${until}
      AND (sent_at >= ${since}
        OR (sent_at IS NULL AND NOT (status = 'failed' AND next_attempt_at < ${since})))`);
  return { leads: rows[0]?.leads ?? 0, waitedMinutes: rows[0]?.waited_minutes ?? 0 };
}

/** The alert a claimed channel owes, or undefined when it owes none any more. */
async function alertFor(db: Database, row: ClaimedChannel): Promise<DeliveryAlert | undefined> {
  const alertedSince = asDate(row.alerted_since);
  const lastSuccess = asDate(row.last_success_at);
  const failingSince = asDate(row.failing_since);
  const counts = (await openJobCounts(db, row.channel)).get(row.channel);
  const givenUp = counts?.givenUp ?? 0;
  if (alertedSince && lastSuccess && lastSuccess > alertedSince) {
    return {
      kind: 'recovered',
      id: `alert-${row.channel}-recovered-${alertedSince.getTime()}`,
      channel: row.channel,
      since: alertedSince,
      until: lastSuccess,
      givenUp,
      ...(await outageWaits(db, row.channel, alertedSince, lastSuccess)),
    };
  }
  if (!alertedSince && failingSince) {
    return {
      kind: 'failing',
      id: `alert-${row.channel}-failing-${failingSince.getTime()}`,
      channel: row.channel,
      since: failingSince,
      lastError: row.last_error,
      waiting: counts?.waiting ?? 0,
      givenUp,
    };
  }
  return undefined;
}

/** The carriers for an alert about `channel`: configured, not the channel, working ones first. */
async function carriersFor(db: Database, deliverers: Deliverers, channel: DeliveryChannel) {
  const candidates = alertPolicy.carriers.filter(
    (carrier) => carrier !== channel && deliverers[carrier]?.sendAlert,
  );
  if (candidates.length < 2) return candidates;
  const { rows } = await db.execute<{ channel: Channel }>(sql`
    SELECT channel FROM delivery_channels WHERE failing_since IS NOT NULL`);
  const failing = new Set(rows.map((row) => row.channel));
  return [
    ...candidates.filter((c) => !failing.has(c)),
    ...candidates.filter((c) => failing.has(c)),
  ];
}

/** What a log line may say about an alert: no lead data, only the channel's facts. */
function describe(alert: DeliveryAlert) {
  return alert.kind === 'failing'
    ? {
        alert: alert.kind,
        channel: alert.channel,
        since: alert.since.toISOString(),
        waiting: alert.waiting,
        givenUp: alert.givenUp,
        lastError: alert.lastError,
      }
    : {
        alert: alert.kind,
        channel: alert.channel,
        since: alert.since.toISOString(),
        until: alert.until.toISOString(),
        leads: alert.leads,
        waitedMinutes: alert.waitedMinutes,
        givenUp: alert.givenUp,
      };
}

export type AlertRun = {
  workerId: string;
  /** How long a channel fails before the team is told (ALERT_AFTER_MINUTES). */
  alertAfterMs: number;
  /** The wait before trying an alert again that no carrier took (the outbox's back-off). */
  retryInMs: (attempt: number) => number;
};

/**
 * One look for alerts the team is owed, and sending them. Returns the alerts
 * sent (or logged, with nowhere to send them) in this call.
 */
export async function checkAlerts(
  db: Database,
  deliverers: Deliverers,
  run: AlertRun,
): Promise<DeliveryAlert[]> {
  const claimed = await claimAlerts(db, run.workerId, run.alertAfterMs);
  const done: DeliveryAlert[] = [];
  for (const row of claimed) {
    const alert = await alertFor(db, row);
    if (!alert) {
      await db.execute(sql`
        UPDATE delivery_channels SET alert_claimed_by = NULL, alert_claimed_at = NULL
        WHERE channel = ${row.channel} AND alert_claimed_by = ${run.workerId}`);
      continue;
    }
    const carriers = await carriersFor(db, deliverers, alert.channel);
    let via: string | undefined;
    let lastFailure: unknown;
    if (carriers.length === 0) {
      via = 'log';
      logger.error(
        { event: 'delivery.alert.nowhere', workerId: run.workerId, ...describe(alert) },
        alert.kind === 'failing'
          ? `${alert.channel} has failed since ${alert.since.toISOString()} and no other channel is configured to tell the team`
          : `${alert.channel} delivers again, and no other channel is configured to tell the team`,
      );
    }
    for (const carrier of carriers) {
      try {
        await deliverers[carrier]!.sendAlert!(alert);
        via = carrier;
        break;
      } catch (error) {
        lastFailure = error;
        logger.warn(
          {
            event: 'delivery.alert.retry',
            workerId: run.workerId,
            via: carrier,
            ...describe(alert),
            carrierError: errorDetails(error).error,
          },
          'an alert could not be sent through this channel; trying the next',
        );
      }
    }
    if (!via) {
      const attempt = row.alert_attempts + 1;
      const wait = Math.max(
        run.retryInMs(attempt),
        lastFailure instanceof DeliveryError ? (lastFailure.retryAfterMs ?? 0) : 0,
      );
      await db.execute(sql`
        UPDATE delivery_channels SET alert_claimed_by = NULL, alert_claimed_at = NULL,
          alert_attempts = ${attempt}, alert_next_at = now() + ${`${wait} milliseconds`}::interval
        WHERE channel = ${row.channel} AND alert_claimed_by = ${run.workerId}`);
      logger.error(
        {
          event: 'delivery.alert.failed',
          workerId: run.workerId,
          via: carriers,
          attempt,
          retryInMs: wait,
          ...describe(alert),
        },
        'no channel took the alert; it is tried again later',
      );
      continue;
    }
    if (alert.kind === 'failing') {
      await db.execute(sql`
        UPDATE delivery_channels SET alerted_since = ${alert.since}, alerted_at = now(),
          alerted_via = ${via}, alert_claimed_by = NULL, alert_claimed_at = NULL,
          alert_attempts = 0, alert_next_at = NULL
        WHERE channel = ${row.channel} AND alert_claimed_by = ${run.workerId}`);
    } else {
      await db.execute(sql`
        UPDATE delivery_channels SET alerted_since = NULL, alerted_at = NULL, alerted_via = NULL,
          alert_claimed_by = NULL, alert_claimed_at = NULL, alert_attempts = 0, alert_next_at = NULL
        WHERE channel = ${row.channel} AND alert_claimed_by = ${run.workerId}`);
    }
    if (via !== 'log')
      logger.info(
        { event: 'delivery.alert', workerId: run.workerId, via, ...describe(alert) },
        alert.kind === 'failing'
          ? 'the team was told a channel keeps failing'
          : 'the team was told a channel delivers again',
      );
    done.push(alert);
  }
  return done;
}
