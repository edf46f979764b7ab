import 'server-only';
import type { AnalyticsClientIds } from '@/lib/analytics/client-ids';
import { errorMessage } from '@/lib/errors';
import {
  DeliveryError,
  retryAfterMs,
  type DealForDelivery,
  type Delivery,
  type JobContext,
  type LeadForDelivery,
} from '../types';

/** Where a won deal goes in Yandex Metrica: the site's counter, and the goal it counts as. */
export type MetrikaSettings = {
  /** The site's counter (METRIKA_COUNTER_ID, the same the pages load). */
  counterId: string;
  /** An OAuth token with access to the counter (METRIKA_OFFLINE_TOKEN; a secret). */
  token: string;
  /** The identifier of the counter's "JavaScript event" goal (METRIKA_OFFLINE_GOAL). */
  goal: string;
  /** The Management API (METRIKA_API_URL; a stand-in in tests). */
  apiUrl: string;
};

/** One line of an upload: whose visit, which goal, when, and for how much. */
export type MetrikaConversion = {
  clientId: string;
  goal: string;
  at: Date;
  /** The amount as the database keeps it ("150000.00"), or none. */
  amount: string | null;
  currency: string | null;
};

/** A CSV field, quoted only when it has to be. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The file Metrica's offline conversions upload takes: the column names first,
 * then a line per conversion, the time in Unix seconds, the amount with a dot
 * and an ISO 4217 currency (both left empty when the deal has no amount).
 */
export function metrikaCsv(rows: MetrikaConversion[]): string {
  const lines = [
    ['ClientId', 'Target', 'DateTime', 'Price', 'Currency'],
    ...rows.map((row) => {
      const priced = row.amount !== null && row.currency !== null;
      return [
        row.clientId,
        row.goal,
        String(Math.floor(row.at.getTime() / 1000)),
        priced ? row.amount! : '',
        priced ? row.currency! : '',
      ];
    }),
  ];
  return `${lines.map((line) => line.map(csvField).join(',')).join('\n')}\n`;
}

/** What a channel that carries only conversions answers when handed a lead. */
export function conversionsOnly(service: string): Delivery['send'] {
  return () =>
    Promise.reject(
      new DeliveryError(`${service} takes won deals only, not leads`, { permanent: true }),
    );
}

/**
 * When the deal was won, as Metrica is told it: never later than a minute ago,
 * since Metrica refuses a conversion dated after the upload, and a clock a
 * little ahead of Yandex's must not make a deal won a second ago one of those.
 */
function uploadTime(wonAt: Date | null): Date {
  const latest = Date.now() - 60_000;
  return new Date(Math.min(wonAt?.getTime() ?? latest, latest));
}

type MetrikaProblem = { message?: string; errors?: { error_type?: string; message?: string }[] };

/**
 * Yandex Metrica's offline conversions (Management API): each won deal of a
 * lead that carried the visitor's ClientID is uploaded as a one-line CSV to
 * the site's counter, counted as the goal METRIKA_OFFLINE_GOAL at the time it
 * was won. The upload's id is recorded on the job. A refusal that cannot
 * change (a wrong token, no access to the counter, a file Metrica rejects)
 * fails the job at once; a limit or a server error is retried.
 */
export function metrikaDelivery(settings: MetrikaSettings): Delivery {
  const url = `${settings.apiUrl}/management/v1/counter/${encodeURIComponent(
    settings.counterId,
  )}/offline_conversions/upload?client_id_type=CLIENT_ID`;

  async function upload(csv: string): Promise<string | undefined> {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'conversions.csv');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `OAuth ${settings.token}`, Accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new DeliveryError(`Yandex Metrica unreachable: ${errorMessage(error)}`);
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) {
      const id = (body as { uploading?: { id?: unknown } } | undefined)?.uploading?.id;
      return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
    }
    const problem = (body ?? {}) as MetrikaProblem;
    const detail = problem.errors?.[0]?.message ?? problem.message ?? 'no detail';
    const what = `Yandex Metrica upload answered ${response.status}: ${detail}`;
    if (response.status === 429 || response.status === 420)
      throw new DeliveryError(what, {
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? 60_000,
      });
    if (response.status >= 500) throw new DeliveryError(what);
    // 400 a file it refuses, 401 a token that is wrong or revoked, 403 no
    // access to the counter, 404 no such counter: a person must act.
    throw new DeliveryError(what, { permanent: true });
  }

  return {
    send: conversionsOnly('Yandex Metrica'),
    async sendConversion(lead: LeadForDelivery, deal: DealForDelivery, job: JobContext) {
      // Uploaded once: a job that already has Metrica's upload id is done.
      if (job.externalId) return;
      const clientId = (lead.analytics as AnalyticsClientIds | null | undefined)?.metrika;
      if (!clientId)
        throw new DeliveryError('the lead has no Yandex Metrica ClientID', { permanent: true });
      const id = await upload(
        metrikaCsv([
          {
            clientId,
            goal: settings.goal,
            at: uploadTime(deal.wonAt),
            amount: deal.amount,
            currency: deal.currency,
          },
        ]),
      );
      if (id) await job.saveExternalId(id);
    },
  };
}
