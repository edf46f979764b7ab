import 'server-only';
import { siteConfig } from '@/config/site';
import { env as siteEnv } from '@/env';
import { leadEstimateSchema } from '@/lib/calculator/lead-estimate';
import type { Attribution } from '@/lib/attribution/touch';
import type { ServerEnv } from '@/server/env';
import {
  bookingText,
  emailMessage,
  escapeEmailHtml,
  leadTitle,
  type NotificationTexts,
} from '../format';
import {
  DeliveryError,
  postJson,
  type Delivery,
  type JobContext,
  type LeadForDelivery,
} from '../types';

/** How the site names itself to Bitrix24 (`ORIGINATOR_ID`); `ORIGIN_ID` is the lead's reference. */
export const bitrix24Originator = 'agency-site';

type Bitrix24Answer = { result?: unknown; error?: string; error_description?: string };

/** A REST method's answer as Bitrix24 gave it, whatever it was. */
async function bitrix24Answer(base: string, method: string, body: unknown) {
  const response = await postJson('Bitrix24', `${base}${method}.json`, body);
  return { status: response.status, answer: (response.body ?? {}) as Bitrix24Answer };
}

/** The error a REST method's refusal or failure is, retried or not as Bitrix24's codes say. */
function bitrix24Error(method: string, status: number, answer: Bitrix24Answer): DeliveryError {
  const what = `Bitrix24 ${method} answered ${status}: ${answer.error || 'no code'}${
    answer.error_description ? ` (${answer.error_description})` : ''
  }`;
  // QUERY_LIMIT_EXCEEDED comes as 503 (2 requests a second per portal): a
  // second later it goes through. OPERATION_TIME_LIMIT (429) resets within minutes.
  if (answer.error === 'QUERY_LIMIT_EXCEEDED')
    return new DeliveryError(what, { retryAfterMs: 2_000 });
  if (status === 429) return new DeliveryError(what, { retryAfterMs: 60_000 });
  // A wrong or deleted webhook, or one without the crm scope, needs a person.
  const permanent =
    status === 401 ||
    status === 403 ||
    status === 404 ||
    (status === 400 && answer.error !== 'INTERNAL_SERVER_ERROR');
  return new DeliveryError(what, { permanent });
}

/** A REST method called through the incoming webhook at `base`: its result, or a DeliveryError. */
export async function bitrix24Call(base: string, method: string, body: unknown): Promise<unknown> {
  const { status, answer } = await bitrix24Answer(base, method, body);
  if (status === 200 && answer.result !== undefined && !answer.error) return answer.result;
  throw bitrix24Error(method, status, answer);
}

/** A deal as `crm.deal.get` gives it: the fields the site reads. */
export type Bitrix24Deal = {
  ID?: string | number;
  STAGE_ID?: string;
  /** `P` in progress, `S` won, `F` lost. */
  STAGE_SEMANTIC_ID?: string;
  OPPORTUNITY?: string | number;
  CURRENCY_ID?: string;
  /** The CRM lead the deal was made from. */
  LEAD_ID?: string | number | null;
  ORIGINATOR_ID?: string | null;
  ORIGIN_ID?: string | null;
};

/**
 * A deal read through the incoming webhook (`crm.deal.get`), or undefined
 * when the portal has no such deal (deleted since, or another portal's).
 */
export async function bitrix24Deal(base: string, id: string): Promise<Bitrix24Deal | undefined> {
  const { status, answer } = await bitrix24Answer(base, 'crm.deal.get', { id });
  if (status === 200 && answer.result && typeof answer.result === 'object' && !answer.error)
    return answer.result;
  // Bitrix24 answers a deal it does not have with 400 and "Not found".
  if (status === 400 && /not found/i.test(answer.error_description ?? '')) return undefined;
  throw bitrix24Error('crm.deal.get', status, answer);
}

/**
 * Bitrix24 through an incoming webhook (BITRIX24_WEBHOOK_URL, the address
 * Bitrix24 shows when you create one, with the `crm` scope): each lead becomes
 * a CRM lead made by `crm.lead.add`, with its contact, UTM tags, source and a
 * comment holding the rest of the brief. Bitrix24 has no idempotency key, so a
 * retry first asks `crm.lead.list` for a lead with this site's ORIGINATOR_ID
 * and the lead's reference as ORIGIN_ID, and adds one only if there is none.
 */
export function bitrix24Delivery(env: ServerEnv, texts: NotificationTexts): Delivery {
  const base = env.BITRIX24_WEBHOOK_URL!;

  const call = (method: string, body: unknown) => bitrix24Call(base, method, body);

  async function existing(lead: LeadForDelivery): Promise<string | undefined> {
    const found = await call('crm.lead.list', {
      filter: { '=ORIGINATOR_ID': bitrix24Originator, '=ORIGIN_ID': lead.reference },
      select: ['ID'],
    });
    const first = Array.isArray(found) ? (found[0] as { ID?: unknown } | undefined) : undefined;
    const id = first?.ID;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  }

  return {
    async send(lead: LeadForDelivery, job: JobContext) {
      if (job.externalId) return;
      if (job.attempt > 1) {
        const id = await existing(lead);
        if (id) return job.saveExternalId(id);
      }
      const id = await call('crm.lead.add', {
        fields: bitrix24Fields(lead, texts, env),
        params: { REGISTER_SONET_EVENT: 'Y' },
      });
      await job.saveExternalId(String(id));
    },

    /**
     * A booked call becomes a to-do on the lead (`crm.activity.todo.add`,
     * the universal activity that replaced `crm.activity.add`), due when
     * the call starts, with reminders 15 minutes before and at the time. It
     * needs the lead the request became: until that is known it waits. A
     * retry first looks for the to-do by its title on that lead.
     */
    async sendBooking(lead, booking, job) {
      if (job.externalId) return;
      const ownerId = job.leadJob?.externalId;
      if (!ownerId)
        throw new DeliveryError('the request has not reached Bitrix24 yet', {
          retryAfterMs: 30_000,
          // A request Bitrix24 refused for good leaves the call nowhere to go.
          waiting: job.leadJob?.status !== 'failed',
        });
      const title = texts.booking.summary(lead.reference);
      if (job.attempt > 1) {
        const found = await call('crm.activity.list', {
          filter: {
            OWNER_TYPE_ID: bitrix24LeadType,
            OWNER_ID: ownerId,
            PROVIDER_ID: 'CRM_TODO',
            SUBJECT: title,
          },
          select: ['ID'],
        });
        const first = Array.isArray(found) ? (found[0] as { ID?: unknown } | undefined) : undefined;
        if (typeof first?.ID === 'string' || typeof first?.ID === 'number')
          return job.saveExternalId(String(first.ID));
      }
      const { headline, rows } = bookingText(lead, booking, texts, siteConfig.timeZone);
      const result = (await call('crm.activity.todo.add', {
        ownerTypeId: bitrix24LeadType,
        ownerId: Number(ownerId),
        deadline: bitrix24Time(booking.startsAt),
        title,
        description: [headline, ...rows.map((row) => `${row.label}: ${row.value}`)].join('\n'),
        pingOffsets: [15, 0],
        ...(env.BITRIX24_ASSIGNED_BY_ID
          ? { responsibleId: Number(env.BITRIX24_ASSIGNED_BY_ID) }
          : {}),
      })) as { id?: unknown } | undefined;
      const id = result?.id;
      if (typeof id !== 'number' && typeof id !== 'string')
        throw new DeliveryError('Bitrix24 gave no id for the call to-do');
      await job.saveExternalId(String(id));
    },
  };
}

/** The CRM object type of a lead in Bitrix24 (1 lead, 2 deal, 3 contact, 4 company). */
export const bitrix24LeadType = 1;

/** An instant as Bitrix24's REST takes it: ISO 8601 with its offset, no fraction. */
export function bitrix24Time(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The fields of `crm.lead.add` for one lead. */
export function bitrix24Fields(lead: LeadForDelivery, texts: NotificationTexts, env: ServerEnv) {
  const last = (lead.attribution as Attribution | null | undefined)?.last;
  const estimate = leadEstimateSchema.safeParse(lead.estimate);
  const { text } = emailMessage(lead, texts, siteConfig.timeZone);
  const value = lead.contactValue;
  const fields: Record<string, unknown> = {
    TITLE: `${leadTitle(lead, texts)} ${lead.reference}`,
    SOURCE_ID: env.BITRIX24_SOURCE_ID,
    SOURCE_DESCRIPTION: `${siteEnv.SITE_URL}${lead.page}`,
    // Bitrix24 shows the comment as HTML: the text is escaped, lines kept.
    COMMENTS: escapeEmailHtml(text, true).replace(/\n/g, '<br>'),
    ORIGINATOR_ID: bitrix24Originator,
    ORIGIN_ID: lead.reference,
    OPENED: 'Y',
    ...(lead.name ? { NAME: lead.name } : {}),
    ...(env.BITRIX24_ASSIGNED_BY_ID ? { ASSIGNED_BY_ID: env.BITRIX24_ASSIGNED_BY_ID } : {}),
    ...(last?.source ? { UTM_SOURCE: last.source } : {}),
    ...(last?.medium ? { UTM_MEDIUM: last.medium } : {}),
    ...(last?.campaign ? { UTM_CAMPAIGN: last.campaign } : {}),
    ...(last?.content ? { UTM_CONTENT: last.content } : {}),
    ...(last?.term ? { UTM_TERM: last.term } : {}),
    ...(estimate.success
      ? { OPPORTUNITY: estimate.data.low, CURRENCY_ID: estimate.data.currency }
      : {}),
  };
  // A chat opened from the site has no contact yet: the chat itself is it.
  if (!value) return fields;
  switch (lead.contactMethod) {
    case 'phone':
      fields.PHONE = [{ VALUE: value, VALUE_TYPE: 'WORK' }];
      break;
    case 'whatsapp':
      // Bitrix24 has no WhatsApp messenger type: the number, as a mobile.
      fields.PHONE = [{ VALUE: value, VALUE_TYPE: 'MOBILE' }];
      break;
    case 'email':
      fields.EMAIL = [{ VALUE: value, VALUE_TYPE: 'WORK' }];
      break;
    case 'telegram':
      fields.IM = [{ VALUE: value, VALUE_TYPE: 'TELEGRAM' }];
      break;
  }
  return fields;
}
