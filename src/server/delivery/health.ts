import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { ServerEnv } from '@/server/env';
import { errorDetails } from '@/server/log';
import { channels, visitorChannels, type DeliveryChannel } from './types';
import { enabledChannels } from './wiring';

/**
 * The state of lead delivery, for `/api/health` (polled every few seconds by
 * the container's health check and the load balancer) and for
 * `npm run leads -- status`. Two small queries: the jobs not delivered yet,
 * counted per channel on a partial index that holds only those, and the one
 * row per channel the worker keeps (`delivery_channels`).
 *
 * A channel is failing while its latest attempt failed and it still has leads
 * it has not delivered (waiting for a retry, or given up); delivery is then
 * `degraded`, and `ok` again once the channel delivers.
 */

export type OpenJobCounts = {
  /** Jobs not delivered yet and not given up: due, on back-off, or being sent. */
  waiting: number;
  /** Of those, the ones waiting for a retry after a failed attempt. */
  failing: number;
  /** Jobs given up after the last attempt (or at once, on a refusal that cannot change). */
  givenUp: number;
  /** Age of the oldest waiting job, whole seconds. */
  oldestWaitingSeconds: number | null;
};

/** Per channel: the jobs not delivered yet (`status <> 'sent'`: the partial index). */
export async function openJobCounts(
  db: Database,
  only?: DeliveryChannel,
): Promise<Map<DeliveryChannel, OpenJobCounts>> {
  const { rows } = await db.execute<{
    channel: DeliveryChannel;
    waiting: number;
    failing: number;
    given_up: number;
    oldest_seconds: number | null;
  }>(sql`
    SELECT channel,
      count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS waiting,
      count(*) FILTER (WHERE status IN ('pending', 'sending') AND last_error IS NOT NULL)::int
        AS failing,
      count(*) FILTER (WHERE status = 'failed')::int AS given_up,
      floor(extract(epoch FROM now() - min(created_at)
        FILTER (WHERE status IN ('pending', 'sending'))))::int AS oldest_seconds
    FROM outbox_jobs
    WHERE status <> 'sent' ${only ? sql`AND channel = ${only}` : sql``}
    GROUP BY channel`);
  return new Map(
    rows.map((row) => [
      row.channel,
      {
        waiting: row.waiting,
        failing: row.failing,
        givenUp: row.given_up,
        oldestWaitingSeconds: row.oldest_seconds === null ? null : Math.max(0, row.oldest_seconds),
      },
    ]),
  );
}

export type ChannelHealth = OpenJobCounts & {
  /** `failing` while the latest attempt failed and leads wait for the channel or were given up. */
  status: 'ok' | 'failing';
  /** The latest attempt, or null before the first. */
  lastAttempt: { outcome: 'sent' | 'failed'; at: string } | null;
  /** The first failure since the channel last delivered, while it fails. */
  failingSince: string | null;
};

/** What `/api/health` shows: counts, times and outcomes, nothing about a lead or a person. */
export type DeliveryHealth = {
  status: 'ok' | 'degraded';
  waiting: number;
  oldestWaitingSeconds: number | null;
  channels: Partial<Record<DeliveryChannel, ChannelHealth>>;
};

/** For the operator (the CLI): the latest error and the open alert, beside the public health. */
export type ChannelDetails = {
  lastError: string | null;
  /** The team was told the channel fails (since `since`, at `at`, through `via`). */
  alert: { since: string; at: string; via: string } | null;
};

export type DeliveryStatus = {
  health: DeliveryHealth;
  details: Partial<Record<DeliveryChannel, ChannelDetails>>;
};

type ChannelRow = {
  channel: DeliveryChannel;
  last_attempt_at: Date | string;
  last_outcome: 'sent' | 'failed';
  last_error: string | null;
  failing_since: Date | string | null;
  alerted_since: Date | string | null;
  alerted_at: Date | string | null;
  alerted_via: string | null;
};

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The delivery state of the channels that are on (`enabled`), and of any
 * other that still has jobs or a record (a channel turned off with leads it
 * never delivered).
 */
export async function deliveryStatus(
  db: Database,
  enabled: DeliveryChannel[],
): Promise<DeliveryStatus> {
  const counts = await openJobCounts(db);
  const { rows } = await db.execute<ChannelRow>(sql`
    SELECT channel, last_attempt_at, last_outcome, last_error, failing_since,
      alerted_since, alerted_at, alerted_via
    FROM delivery_channels`);
  const records = new Map(rows.map((row) => [row.channel, row]));
  const shown = [...channels, ...visitorChannels].filter(
    (c) => enabled.includes(c) || counts.has(c) || records.has(c),
  );

  const health: DeliveryHealth = {
    status: 'ok',
    waiting: 0,
    oldestWaitingSeconds: null,
    channels: {},
  };
  const details: DeliveryStatus['details'] = {};
  for (const channel of shown) {
    const open = counts.get(channel) ?? {
      waiting: 0,
      failing: 0,
      givenUp: 0,
      oldestWaitingSeconds: null,
    };
    const record = records.get(channel);
    const failing =
      record?.last_outcome === 'failed' && open.waiting + open.givenUp > 0 ? 'failing' : 'ok';
    health.channels[channel] = {
      status: failing,
      ...open,
      lastAttempt: record
        ? { outcome: record.last_outcome, at: iso(record.last_attempt_at) }
        : null,
      failingSince:
        failing === 'failing' && record?.failing_since ? iso(record.failing_since) : null,
    };
    details[channel] = {
      lastError: record?.last_error ?? null,
      alert:
        record?.alerted_since && record.alerted_at
          ? {
              since: iso(record.alerted_since),
              at: iso(record.alerted_at),
              via: record.alerted_via ?? 'log',
            }
          : null,
    };
    if (failing === 'failing') health.status = 'degraded';
    health.waiting += open.waiting;
    if (
      open.oldestWaitingSeconds !== null &&
      (health.oldestWaitingSeconds === null ||
        open.oldestWaitingSeconds > health.oldestWaitingSeconds)
    )
      health.oldestWaitingSeconds = open.oldestWaitingSeconds;
  }
  return { health, details };
}

/** "2 h 5 min", "3 min 20 s", "45 s". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * `npm run leads -- status`: the same summary as `/api/health`, with what only
 * an operator sees (each channel's latest error, the open alerts), as lines.
 */
export function formatDeliveryStatus(
  database: { up: true; kind: string } | { up: false; error: string },
  status?: DeliveryStatus,
): string[] {
  if (!database.up) return [`Database: down (${database.error})`, 'Delivery: unknown'];
  const lines = [`Database: up (${database.kind})`];
  if (!status) return lines;
  const { health, details } = status;
  lines.push(
    `Delivery: ${health.status}`,
    `Waiting: ${health.waiting} ${health.waiting === 1 ? 'job' : 'jobs'}${
      health.oldestWaitingSeconds !== null
        ? `, the oldest for ${formatAge(health.oldestWaitingSeconds)}`
        : ''
    }`,
  );
  const entries = Object.entries(health.channels) as [DeliveryChannel, ChannelHealth][];
  if (entries.length === 0) {
    lines.push('No delivery channel is configured: leads are stored but reach nobody.');
    return lines;
  }
  const table = [
    ['channel', 'status', 'waiting', 'failing', 'given up', 'latest attempt'],
    ...entries.map(([channel, c]) => [
      channel,
      c.status,
      String(c.waiting),
      String(c.failing),
      String(c.givenUp),
      c.lastAttempt ? `${c.lastAttempt.outcome} ${c.lastAttempt.at}` : 'none yet',
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  lines.push(
    '',
    ...table.map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    ),
  );
  const failing = entries.filter(([, c]) => c.status === 'failing');
  if (failing.length) lines.push('');
  for (const [channel, c] of failing)
    lines.push(
      `${channel} fails since ${c.failingSince ?? c.lastAttempt?.at ?? '?'}: ${details[channel]?.lastError ?? 'no error recorded'}`,
    );
  const alerts = entries.flatMap(([channel]) => {
    const alert = details[channel]?.alert;
    return alert ? [{ channel, ...alert }] : [];
  });
  lines.push('', alerts.length ? 'Open alerts:' : 'Open alerts: none');
  for (const alert of alerts)
    lines.push(
      `  ${alert.channel}: failing since ${alert.since}, the team was told at ${alert.at} ${
        alert.via === 'log'
          ? 'in the log only (no other channel configured)'
          : `through ${alert.via}`
      }`,
    );
  if (entries.some(([, c]) => c.givenUp > 0))
    lines.push('', 'Given-up deliveries go out again after: npm run leads -- retry-failed');
  return lines;
}

/**
 * `npm run leads -- status`: reads the database the CLI uses and words the
 * summary. Exit code 0 when the database answers (delivery `ok` or
 * `degraded`, as the lines say), 1 when it does not.
 */
export async function statusReport(
  getDb: () => Promise<Database>,
  env: ServerEnv,
): Promise<{ lines: string[]; exitCode: number }> {
  let db: Database;
  try {
    db = await getDb();
    await db.execute(sql`SELECT 1`);
  } catch (error) {
    return {
      lines: formatDeliveryStatus({ up: false, error: errorDetails(error).error }),
      exitCode: 1,
    };
  }
  const kind = env.DATABASE_URL ? 'PostgreSQL, DATABASE_URL' : `embedded, ${env.DATA_DIR}`;
  const status = await deliveryStatus(db, enabledChannels(env));
  return { lines: formatDeliveryStatus({ up: true, kind }, status), exitCode: 0 };
}
