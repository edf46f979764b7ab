import 'server-only';
import type { AnalyticsClientIds } from '@/lib/analytics/client-ids';
import {
  DeliveryError,
  postJson,
  retryAfterMs,
  type DealForDelivery,
  type Delivery,
  type LeadForDelivery,
} from '../types';
import { conversionsOnly } from './metrika';

/** Where a won deal goes in Google Analytics 4: the site's web data stream. */
export type Ga4Settings = {
  /** The site's measurement id (GA4_MEASUREMENT_ID, the same the pages load). */
  measurementId: string;
  /** A Measurement Protocol API secret of that data stream (GA4_API_SECRET; a secret). */
  apiSecret: string;
  /** The Measurement Protocol's host (GA4_MP_URL; a stand-in in tests). */
  apiUrl: string;
};

/** GA4's recommended lead-generation event for a lead that became a customer. */
export const ga4ConversionEvent = 'close_convert_lead';

/** How far back the Measurement Protocol takes an event's own time (72 hours, less a margin). */
const backdateLimitMs = 71 * 60 * 60 * 1000;

/**
 * The Measurement Protocol's body for a won deal: the visitor's client id and
 * one `close_convert_lead` event with the deal's amount, its currency and the
 * deal as the transaction, dated when the deal was won (while GA4 still takes
 * that date).
 */
export function ga4Payload(clientId: string, deal: DealForDelivery, now = Date.now()) {
  const priced = deal.amount !== null && deal.currency !== null;
  const wonAt = deal.wonAt?.getTime();
  return {
    client_id: clientId,
    ...(wonAt !== undefined && now - wonAt < backdateLimitMs && wonAt <= now
      ? { timestamp_micros: wonAt * 1000 }
      : {}),
    events: [
      {
        name: ga4ConversionEvent,
        params: {
          transaction_id: `${deal.crm}-${deal.dealId}`,
          ...(priced ? { value: Number(deal.amount), currency: deal.currency } : {}),
        },
      },
    ],
  };
}

/**
 * Google Analytics 4 through the Measurement Protocol: each won deal of a
 * lead that carried the visitor's GA client id is sent as a
 * `close_convert_lead` event to the site's data stream. The API secret travels
 * in the address, which never reaches an error or a log line. GA4 answers 2xx
 * to anything it can read; a 429 or 5xx is retried, any other answer fails the
 * job at once.
 */
export function ga4Delivery(settings: Ga4Settings): Delivery {
  const url = `${settings.apiUrl}/mp/collect?measurement_id=${encodeURIComponent(
    settings.measurementId,
  )}&api_secret=${encodeURIComponent(settings.apiSecret)}`;
  // The secret is never part of what is logged, whatever a lower layer puts in a message.
  const hidden = (message: string) => message.split(settings.apiSecret).join('[api_secret]');

  return {
    send: conversionsOnly('Google Analytics 4'),
    async sendConversion(lead: LeadForDelivery, deal: DealForDelivery) {
      const clientId = (lead.analytics as AnalyticsClientIds | null | undefined)?.ga;
      if (!clientId)
        throw new DeliveryError('the lead has no Google Analytics client id', { permanent: true });
      let response;
      try {
        response = await postJson('Google Analytics 4', url, ga4Payload(clientId, deal));
      } catch (error) {
        if (error instanceof DeliveryError) throw new DeliveryError(hidden(error.message));
        throw error;
      }
      if (response.status >= 200 && response.status < 300) return;
      const what = `Google Analytics 4 answered ${response.status}`;
      if (response.status === 429 || response.status >= 500)
        throw new DeliveryError(what, {
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        });
      throw new DeliveryError(what, { permanent: true });
    },
  };
}
