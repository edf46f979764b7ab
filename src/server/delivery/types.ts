import type { bookings, deals, leads, outboxJobs } from '@/server/db/schema';
import type { LeadForNotification } from './format';
import { errorMessage } from '@/lib/errors';

/** The team's channels: every lead is delivered to each one that is on. */
export const channels = ['telegram', 'email', 'bitrix24', 'amocrm', 'webhook'] as const;
export type Channel = (typeof channels)[number];

/**
 * Channels that reach the visitor rather than the team: `invite`, the
 * calendar invitation of a call they booked, mailed to the address they gave.
 */
export const visitorChannels = ['invite'] as const;
export type VisitorChannel = (typeof visitorChannels)[number];

/** The channels a lead and the call booked after it are delivered to. */
export type DeliveryChannel = Channel | VisitorChannel;

/**
 * The analytics services a won deal goes back to as an offline conversion.
 * They never get a lead: only `conversion` jobs, queued when a CRM reports the
 * lead's deal won (src/server/conversions/).
 */
export const conversionChannels = ['metrika', 'ga4'] as const;
export type ConversionChannel = (typeof conversionChannels)[number];

/** Every channel a job of the outbox can go to. */
export const outboxChannels = [...channels, ...visitorChannels, ...conversionChannels] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

export const isConversionChannel = (channel: string): channel is ConversionChannel =>
  (conversionChannels as readonly string[]).includes(channel);

/** What a job carries: the request, the call booked after it, or a won deal (see schema.ts). */
export type JobKind = (typeof outboxJobs.$inferSelect)['kind'];

/** A job a worker has claimed, to send now. */
export type ClaimedJob = {
  id: number;
  leadId: string;
  channel: OutboxChannel;
  kind: JobKind;
  attempts: number;
  externalId: string | null;
};

/** A job row as `RETURNING id, lead_id, channel, kind, attempts, external_id` gives it. */
export type ClaimedRow = {
  id: string;
  lead_id: string;
  channel: OutboxChannel;
  kind: JobKind;
  attempts: number;
  external_id: string | null;
};

export const claimedJob = (row: ClaimedRow): ClaimedJob => ({
  id: Number(row.id),
  leadId: row.lead_id,
  channel: row.channel,
  kind: row.kind,
  attempts: row.attempts,
  externalId: row.external_id,
});

/** A lead as the outbox hands it to a channel. */
export type LeadForDelivery = LeadForNotification & Pick<typeof leads.$inferSelect, 'id'>;

/** What a channel knows about the job it is doing, and how it records the other side's id. */
export type JobContext = {
  /** 1 on the first try; more when an earlier try failed or its worker died. */
  attempt: number;
  /** The id the other side gave this lead on an earlier try, if one was recorded. */
  externalId: string | null;
  /** Records that id at once, so that a later try never creates the lead again. */
  saveExternalId: (id: string) => Promise<void>;
  /**
   * For a booked call's job: the same channel's job for the request itself,
   * whose external id is the lead there (a CRM's lead the call is added to).
   */
  leadJob?: { externalId: string | null; status: string } | null;
};

/** The call a visitor booked, as a `booking` job hands it to a channel. */
export type BookingForDelivery = typeof bookings.$inferSelect;
/** A lead's won deal, as a `conversion` job hands it to an analytics service. */
export type DealForDelivery = typeof deals.$inferSelect;

export type Delivery = {
  /** Delivers the request itself (a `lead` job). */
  send: (lead: LeadForDelivery, job: JobContext) => Promise<void>;
  /** Tells the channel about the call the visitor booked after the request (a `booking` job). */
  sendBooking?: (
    lead: LeadForDelivery,
    booking: BookingForDelivery,
    job: JobContext,
  ) => Promise<void>;
  /** Sends a won deal back as an offline conversion (a `conversion` job). */
  sendConversion?: (lead: LeadForDelivery, deal: DealForDelivery, job: JobContext) => Promise<void>;
  /**
   * Channels that notify people (Telegram, e-mail) can also send one message
   * for many leads, which the outbox does when a flood passes their ceiling.
   */
  sendSummary?: (leads: LeadForDelivery[]) => Promise<void>;
  /**
   * Channels the team reads (Telegram, e-mail, the webhook) also carry alerts
   * about another channel that fails, and then delivers again. Same transport,
   * same errors as `send`; never under the ceiling of messages a minute.
   */
  sendAlert?: (alert: DeliveryAlert) => Promise<void>;
};
export type Deliverers = Partial<Record<OutboxChannel, Delivery>>;

/**
 * What the team is told about a channel: that it has failed since `since`
 * (with the latest error, already free of contact data, and how many leads
 * wait), or that it delivers again and how long leads waited. Never a lead's
 * contact data: counts and the channel's own error only.
 */
export type DeliveryAlert =
  | {
      kind: 'failing';
      /** Stable for one outage and kind: the webhook's X-Webhook-Id. */
      id: string;
      channel: OutboxChannel;
      since: Date;
      lastError: string | null;
      /** Leads whose delivery to the channel waits for a retry (or is being tried). */
      waiting: number;
      /** Leads whose delivery was given up (waits for `retry-failed`). */
      givenUp: number;
    }
  | {
      kind: 'recovered';
      id: string;
      channel: OutboxChannel;
      since: Date;
      until: Date;
      /** Leads that waited for the channel during the outage. */
      leads: number;
      /** The longest of their waits, in whole minutes (rounded up). */
      waitedMinutes: number;
      givenUp: number;
    };

/**
 * A failed delivery. `retryAfterMs` when the other side said how long to wait;
 * `permanent` when trying again cannot help (a wrong token, a refused payload):
 * the job fails at once and waits for `npm run leads -- retry-failed`.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly retryAfterMs?: number;
  readonly permanent: boolean;
  /**
   * Not a failure at all: the job waits for another one first (a booked
   * call for the CRM lead its request becomes). It is tried again after
   * `retryAfterMs` without counting an attempt or marking the channel as failing.
   */
  readonly waiting: boolean;
  constructor(
    message: string,
    options: { retryAfterMs?: number; permanent?: boolean; waiting?: boolean } = {},
  ) {
    super(message);
    this.retryAfterMs = options.retryAfterMs;
    this.permanent = options.permanent ?? false;
    this.waiting = options.waiting ?? false;
  }
}

/** Seconds of a Retry-After header (or a number a JSON body gave), as milliseconds. */
export function retryAfterMs(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const seconds = typeof value === 'number' ? value : Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 3600) * 1000;
  const date = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.min(date - Date.now(), 3_600_000));
}

/**
 * A POST with a JSON body and a timeout, for the channels that speak HTTP.
 * A connection that fails is a DeliveryError worth retrying; the URL is never
 * put in an error, since some carry a secret (a bot token, a webhook key).
 */
export async function postJson(
  service: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method: 'POST' | 'GET' = 'POST',
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body:
        method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
  } catch (error) {
    throw new DeliveryError(`${service} unreachable: ${errorMessage(error)}`);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
