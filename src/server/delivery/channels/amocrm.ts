import 'server-only';
import { siteConfig } from '@/config/site';
import { env as siteEnv } from '@/env';
import { leadEstimateSchema } from '@/lib/calculator/lead-estimate';
import type { AnalyticsClientIds } from '@/lib/analytics/client-ids';
import type { Attribution, Touch } from '@/lib/attribution/touch';
import type { ServerEnv } from '@/server/env';
import { bookingText, emailMessage, leadTitle, type NotificationTexts } from '../format';
import {
  DeliveryError,
  postJson,
  retryAfterMs,
  type Delivery,
  type JobContext,
  type LeadForDelivery,
} from '../types';

/** The tracking fields every amoCRM account has, and the touch value each takes. */
const trackingFields: Record<string, (touch: Touch) => string | undefined> = {
  UTM_SOURCE: (t) => t.source,
  UTM_MEDIUM: (t) => t.medium,
  UTM_CAMPAIGN: (t) => t.campaign,
  UTM_TERM: (t) => t.term,
  UTM_CONTENT: (t) => t.content,
  GCLID: (t) => t.gclid,
  YCLID: (t) => t.yclid,
  FBCLID: (t) => t.fbclid,
  REFERRER: (t) => t.referrer,
};

/** The tracking fields that take the analytics services' ids of the visitor's browser. */
const analyticsFields: Record<string, (ids: AnalyticsClientIds) => string | undefined> = {
  _YM_UID: (ids) => ids.metrika,
  GCLIENTID: (ids) => ids.ga,
};

type Problem = { title?: string; detail?: string; retry_after?: number };

/** A request to the account's API v4 with its long-lived token, whatever it answered. */
function amocrmRequest(env: ServerEnv, method: 'GET' | 'POST', path: string, body?: unknown) {
  return postJson(
    'amoCRM',
    `${env.AMOCRM_BASE_URL!}${path}`,
    body,
    { Authorization: `Bearer ${env.AMOCRM_ACCESS_TOKEN}` },
    method,
  );
}

/** The error an answer other than 2xx is, retried or not as amoCRM's codes say. */
function amocrmError(
  method: string,
  path: string,
  response: Awaited<ReturnType<typeof postJson>>,
): DeliveryError {
  const problem = (response.body ?? {}) as Problem;
  const what = `amoCRM ${method} ${path.replace(/\?.*$/, '')} answered ${response.status}: ${
    problem.detail ?? problem.title ?? 'no detail'
  }`;
  if (response.status === 429)
    return new DeliveryError(what, {
      retryAfterMs:
        retryAfterMs(response.headers.get('retry-after')) ??
        retryAfterMs(problem.retry_after) ??
        2_000,
    });
  // Repeated 429s get the address blocked with 403 for a while.
  if (response.status === 403) return new DeliveryError(what, { retryAfterMs: 10 * 60_000 });
  // A revoked token, an unpaid account, a payload amoCRM refuses: a person must act.
  const permanent = [400, 401, 402, 404, 422].includes(response.status);
  return new DeliveryError(what, { permanent });
}

/** An amoCRM lead (a deal, in amoCRM's words) as `GET /api/v4/leads/{id}` gives it. */
export type AmocrmLead = { id: number; price?: number | null; status_id?: number };

/** One lead of the account, or undefined when it has none by that id (deleted, or another account's). */
export async function amocrmLead(env: ServerEnv, id: string): Promise<AmocrmLead | undefined> {
  const path = `/api/v4/leads/${encodeURIComponent(id)}`;
  const response = await amocrmRequest(env, 'GET', path);
  if (response.status === 204 || response.status === 404) return undefined;
  if (response.status >= 200 && response.status < 300)
    return response.body as AmocrmLead | undefined;
  throw amocrmError('GET', path, response);
}

/**
 * amoCRM (Kommo) API v4 with a private integration's long-lived token
 * (AMOCRM_BASE_URL, AMOCRM_ACCESS_TOKEN). AMOCRM_MODE chooses what a request
 * becomes: `lead`, a lead with its contact (`POST /api/v4/leads/complex`), or
 * `unsorted`, an incoming lead the team accepts or declines
 * (`POST /api/v4/leads/unsorted/forms`). UTM tags and click ids go into the
 * account's tracking fields (looked up once, since an unknown field is a 400),
 * and the rest of the brief into a note on the lead. The lead's id is recorded
 * as soon as amoCRM gives it, so a retry only adds the note; a retry that does
 * not know it yet first searches for the reference in the lead's name.
 */
export function amocrmDelivery(env: ServerEnv, texts: NotificationTexts): Delivery {
  let fieldIds: Promise<Map<string, number>> | undefined;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await amocrmRequest(env, method, path, body);
    if (response.status >= 200 && response.status < 300) return response;
    throw amocrmError(method, path, response);
  }

  function trackingFieldIds(): Promise<Map<string, number>> {
    fieldIds ??= call('GET', '/api/v4/leads/custom_fields?limit=250')
      .then((response) => {
        const list =
          (
            response.body as {
              _embedded?: { custom_fields?: { id: number; code?: string | null }[] };
            }
          )?._embedded?.custom_fields ?? [];
        return new Map(
          list.filter((field) => field.code).map((field) => [field.code!.toUpperCase(), field.id]),
        );
      })
      .catch((error: unknown) => {
        fieldIds = undefined;
        throw error;
      });
    return fieldIds;
  }

  async function leadFields(lead: LeadForDelivery) {
    const last = (lead.attribution as Attribution | null | undefined)?.last;
    const clientIds = lead.analytics as AnalyticsClientIds | null | undefined;
    const ids = last || clientIds ? await trackingFieldIds() : new Map<string, number>();
    const values = [
      ...Object.entries(trackingFields).map(([code, pick]) => [code, last && pick(last)] as const),
      ...Object.entries(analyticsFields).map(
        ([code, pick]) => [code, clientIds && pick(clientIds)] as const,
      ),
    ].flatMap(([code, value]) => {
      const id = ids.get(code);
      return value && id ? [{ field_id: id, values: [{ value }] }] : [];
    });
    const estimate = leadEstimateSchema.safeParse(lead.estimate);
    return {
      name: `${leadTitle(lead, texts)} ${lead.reference}`,
      ...(estimate.success && estimate.data.currency === env.AMOCRM_CURRENCY
        ? { price: estimate.data.low }
        : {}),
      ...(env.AMOCRM_PIPELINE_ID ? { pipeline_id: env.AMOCRM_PIPELINE_ID } : {}),
      ...(values.length ? { custom_fields_values: values } : {}),
    };
  }

  async function existing(lead: LeadForDelivery): Promise<string | undefined> {
    const response = await call('GET', `/api/v4/leads?query=${encodeURIComponent(lead.reference)}`);
    if (response.status === 204) return undefined;
    const found = (
      response.body as { _embedded?: { leads?: { id: number; name?: string }[] } }
    )?._embedded?.leads?.find((item) => item.name?.includes(lead.reference));
    return found ? String(found.id) : undefined;
  }

  async function create(lead: LeadForDelivery): Promise<string> {
    const contact = amocrmContact(lead);
    const fields = await leadFields(lead);
    if (env.AMOCRM_MODE === 'unsorted') {
      const response = await call('POST', '/api/v4/leads/unsorted/forms', [
        {
          request_id: lead.reference,
          source_name: siteConfig.name,
          source_uid: 'agency-site-consultation',
          ...(env.AMOCRM_PIPELINE_ID ? { pipeline_id: env.AMOCRM_PIPELINE_ID } : {}),
          created_at: Math.floor(lead.createdAt.getTime() / 1000),
          metadata: {
            form_id: 'consultation',
            form_name: texts.title,
            form_page: `${siteEnv.SITE_URL}${lead.page}`,
            form_sent_at: Math.floor(lead.createdAt.getTime() / 1000),
            ...((lead.attribution as Attribution | null | undefined)?.first.referrer
              ? { referer: (lead.attribution as Attribution).first.referrer }
              : {}),
          },
          _embedded: {
            leads: [{ ...fields, _embedded: { tags: [{ name: 'website' }] } }],
            contacts: [contact],
          },
        },
      ]);
      const id = (
        response.body as {
          _embedded?: { unsorted?: { _embedded?: { leads?: { id: number }[] } }[] };
        }
      )?._embedded?.unsorted?.[0]?._embedded?.leads?.[0]?.id;
      if (id === undefined) throw new DeliveryError('amoCRM gave no lead id for the incoming lead');
      return String(id);
    }
    const response = await call('POST', '/api/v4/leads/complex', [
      {
        ...fields,
        request_id: lead.reference,
        _embedded: { tags: [{ name: 'website' }], contacts: [contact] },
      },
    ]);
    const id = (response.body as { id?: number }[] | undefined)?.[0]?.id;
    if (id === undefined) throw new DeliveryError('amoCRM gave no lead id');
    return String(id);
  }

  return {
    async send(lead: LeadForDelivery, job: JobContext) {
      let id = job.externalId ?? undefined;
      if (!id && job.attempt > 1) id = await existing(lead);
      if (!id) id = await create(lead);
      if (id !== job.externalId) await job.saveExternalId(id);
      // The brief, the estimate and where the visitor came from, as the team reads them.
      const { text } = emailMessage(lead, texts, siteConfig.timeZone);
      await call('POST', `/api/v4/leads/${id}/notes`, [{ note_type: 'common', params: { text } }]);
    },

    /**
     * A booked call becomes a task of the type "call" (`task_type_id` 1) on
     * the lead the request became, due when the call starts and as long as
     * it lasts. It needs that lead: until its id is known it waits. A retry
     * first looks for the task among the lead's, by its text.
     */
    async sendBooking(lead, booking, job) {
      if (job.externalId) return;
      const leadId = job.leadJob?.externalId;
      if (!leadId)
        throw new DeliveryError('the request has not reached amoCRM yet', {
          retryAfterMs: 30_000,
          waiting: job.leadJob?.status !== 'failed',
        });
      const { headline, rows } = bookingText(lead, booking, texts, siteConfig.timeZone);
      const text = [headline, ...rows.map((row) => `${row.label}: ${row.value}`)].join('\n');
      if (job.attempt > 1) {
        const response = await call(
          'GET',
          `/api/v4/tasks?filter[entity_type]=leads&filter[entity_id]=${encodeURIComponent(leadId)}`,
        );
        const found = (
          response.body as { _embedded?: { tasks?: { id: number; text?: string }[] } } | undefined
        )?._embedded?.tasks?.find((task) => task.text?.startsWith(headline));
        if (found) return job.saveExternalId(String(found.id));
      }
      const response = await call('POST', '/api/v4/tasks', [
        {
          task_type_id: amocrmCallTaskType,
          text,
          complete_till: Math.floor(booking.startsAt.getTime() / 1000),
          duration: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 1000),
          entity_id: Number(leadId),
          entity_type: 'leads',
          request_id: booking.id,
        },
      ]);
      const id = (response.body as { _embedded?: { tasks?: { id: number }[] } } | undefined)
        ?._embedded?.tasks?.[0]?.id;
      if (id === undefined) throw new DeliveryError('amoCRM gave no id for the call task');
      await job.saveExternalId(String(id));
    },
  };
}

/** amoCRM's own task types: 1 is a call ("Связаться"), 2 a meeting. */
export const amocrmCallTaskType = 1;

/** The lead's contact: named after the visitor, or after the contact itself. */
export function amocrmContact(lead: LeadForDelivery) {
  const value = lead.contactValue;
  // A chat opened from the site has no contact yet: named after its channel and reference.
  if (!value) return { name: lead.name ?? `${lead.contactMethod} ${lead.reference}` };
  const field =
    lead.contactMethod === 'phone'
      ? { field_code: 'PHONE', values: [{ value, enum_code: 'WORK' }] }
      : lead.contactMethod === 'whatsapp'
        ? { field_code: 'PHONE', values: [{ value, enum_code: 'MOB' }] }
        : lead.contactMethod === 'email'
          ? { field_code: 'EMAIL', values: [{ value, enum_code: 'WORK' }] }
          : undefined;
  const label = lead.contactMethod === 'telegram' ? `Telegram ${value}` : value;
  return {
    name: lead.name ?? label,
    ...(field ? { custom_fields_values: [field] } : {}),
  };
}
