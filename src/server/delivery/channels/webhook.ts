import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env as siteEnv } from '@/env';
import { siteConfig } from '@/config/site';
import type { ServerEnv } from '@/server/env';
import { leadProposalUrl } from '@/server/proposal/lead';
import { alertText, type NotificationTexts } from '../format';
import {
  DeliveryError,
  postJson,
  retryAfterMs,
  type Delivery,
  type BookingForDelivery,
  type DeliveryAlert,
  type JobContext,
  type LeadForDelivery,
} from '../types';

/**
 * A generic JSON webhook (LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET) for any
 * other system: every lead is POSTed as JSON, signed with HMAC-SHA256.
 *
 *   X-Webhook-Id:        the lead's id; the same on every retry (deduplicate on it)
 *   X-Webhook-Timestamp: Unix seconds when this attempt was signed
 *   X-Webhook-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the secret>
 *
 * The receiver recomputes the signature over the raw body, compares it in
 * constant time and refuses a timestamp older than five minutes (docs/channels.md,
 * "Any other system: a signed webhook"). A 2xx answer is success; 408, 409, 425, 429 and 5xx are tried
 * again (Retry-After is honoured); any other answer fails the job at once.
 */

export const webhookHeaders = {
  id: 'X-Webhook-Id',
  timestamp: 'X-Webhook-Timestamp',
  signature: 'X-Webhook-Signature',
} as const;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check, as docs/channels.md documents it: true when the body is ours and fresh. */
export function verifyWebhook({
  secret,
  body,
  timestamp,
  signature,
  now = Date.now(),
  toleranceSeconds = 300,
}: {
  secret: string;
  body: string;
  timestamp: string | null;
  signature: string | null;
  now?: number;
  toleranceSeconds?: number;
}): boolean {
  const seconds = Number(timestamp);
  if (!timestamp || !signature || !Number.isInteger(seconds)) return false;
  if (Math.abs(now / 1000 - seconds) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, seconds, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The JSON a receiver gets: the lead as stored, with its absolute page address. */
export function webhookPayload(lead: LeadForDelivery, attempt: number) {
  return {
    event: 'lead.created',
    id: lead.id,
    reference: lead.reference,
    createdAt: lead.createdAt.toISOString(),
    language: lead.language,
    page: lead.page,
    pageUrl: `${siteEnv.SITE_URL}${lead.page}`,
    kind: lead.kind ?? 'form',
    contact: { method: lead.contactMethod, value: lead.contactValue },
    name: lead.name ?? null,
    message: lead.message ?? null,
    budget: lead.budget ?? null,
    preferredTime: lead.contactTime
      ? { part: lead.contactTime, timeZone: lead.timeZone ?? null }
      : null,
    estimate: lead.estimate ?? null,
    estimatePdf: leadProposalUrl(lead) ?? null,
    attribution: lead.attribution ?? null,
    analytics: lead.analytics ?? null,
    review: lead.reviewReason ?? null,
    attempt,
  };
}

/**
 * The JSON of a booked call (`event: "booking.created"`), sent once per
 * booking (`X-Webhook-Id` is the booking's id): when it starts and ends
 * (UTC), the visitor's time zone and the agency's, and the lead it belongs
 * to, by id and reference, with how to reach the visitor.
 */
export function webhookBookingPayload(
  lead: LeadForDelivery,
  booking: BookingForDelivery,
  attempt: number,
) {
  return {
    event: 'booking.created',
    id: booking.id,
    leadId: lead.id,
    reference: lead.reference,
    createdAt: booking.createdAt.toISOString(),
    start: booking.startsAt.toISOString(),
    end: booking.endsAt.toISOString(),
    timeZone: booking.timeZone,
    agencyTimeZone: siteConfig.timeZone,
    language: lead.language,
    contact: { method: lead.contactMethod, value: lead.contactValue },
    name: lead.name ?? null,
    attempt,
  };
}

/**
 * The JSON of an alert about another channel (`event: "delivery.alert"`): the
 * facts as fields, and the text the team would read in Telegram or e-mail.
 * No lead's data: counts, times and the channel's own (redacted) error.
 */
export function webhookAlertPayload(alert: DeliveryAlert, texts: NotificationTexts) {
  const { title, lines } = alertText(alert, texts, siteConfig.timeZone);
  return {
    event: 'delivery.alert',
    id: alert.id,
    alert: alert.kind,
    channel: alert.channel,
    since: alert.since.toISOString(),
    until: alert.kind === 'recovered' ? alert.until.toISOString() : null,
    lastError: alert.kind === 'failing' ? alert.lastError : null,
    waiting: alert.kind === 'failing' ? alert.waiting : null,
    givenUp: alert.givenUp,
    leads: alert.kind === 'recovered' ? alert.leads : null,
    waitedMinutes: alert.kind === 'recovered' ? alert.waitedMinutes : null,
    title,
    text: lines.join('\n'),
  };
}

export function webhookDelivery(env: ServerEnv, texts: NotificationTexts): Delivery {
  const url = env.LEADS_WEBHOOK_URL!;
  const secret = env.LEADS_WEBHOOK_SECRET!;
  async function post(id: string, payload: unknown) {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await postJson('Webhook', url, body, {
      'User-Agent': 'agency-site-webhook/1',
      [webhookHeaders.id]: id,
      [webhookHeaders.timestamp]: String(timestamp),
      [webhookHeaders.signature]: signWebhook(secret, timestamp, body),
    });
    if (response.status >= 200 && response.status < 300) return;
    const retryable = [408, 409, 425, 429].includes(response.status) || response.status >= 500;
    throw new DeliveryError(`Webhook answered ${response.status}`, {
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      permanent: !retryable,
    });
  }
  return {
    send: (lead: LeadForDelivery, job: JobContext) =>
      post(lead.id, webhookPayload(lead, job.attempt)),
    sendBooking: (lead, booking, job) =>
      post(booking.id, webhookBookingPayload(lead, booking, job.attempt)),
    sendAlert: (alert) => post(alert.id, webhookAlertPayload(alert, texts)),
  };
}
