import 'server-only';
import { siteConfig } from '@/config/site';
import type { LangCode } from '@/i18n/locales';
import { knownTimeZone } from '@/lib/booking/display';
import { bookingFieldNames, type BookingFields } from '@/lib/booking/schema';
import type { Slot } from '@/lib/booking/slots';
import { bodyFields } from '@/server/leads/intake';
import type { BookingResult } from './book';
import { bookingFailureMessage, bookingResultTexts, type BookingFailure } from './texts';

/**
 * What POST /api/booking answers, whichever way the booking came: JSON for
 * the picker's script (and anything else), and for a form posted without
 * JavaScript the page the site renders in its place (`page`), with the same
 * status and words.
 */

export type BookingAnswer = {
  httpStatus: number;
  headers: Record<string, string>;
  language: LangCode;
  json: Record<string, unknown>;
  page: BookingPage;
};

/** What the page that answers a booking posted without JavaScript shows. */
export type BookingPage =
  | {
      kind: 'booked';
      reference: string;
      title: string;
      confirmed: string;
      next: string;
      invitation: string | null;
    }
  | {
      kind: 'picker';
      token: string;
      slots: string[];
      visitorZone: string | null;
      message: string;
    }
  | { kind: 'message'; message: string };

/** Any other failure, before a booking could be read. */
export type UnreadBooking = 'bad_request' | 'too_large' | 'forbidden';

const slotJson = (slots: Slot[]) =>
  slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() }));

/** The fields of a booking from a JSON or URL-encoded body; anything else cannot be read. */
export function bookingFieldsFrom(body: string, contentType: string): BookingFields {
  const get = bodyFields(body, contentType);
  const fields: BookingFields = {};
  for (const name of bookingFieldNames) {
    const value = get(name);
    if (typeof value === 'string') fields[name] = value.slice(0, 300);
  }
  return fields;
}

const noStore = { 'Cache-Control': 'no-store' };

export async function unreadBookingAnswer(
  status: UnreadBooking,
  language: LangCode,
): Promise<BookingAnswer> {
  const failure: BookingFailure = status === 'forbidden' ? 'forbidden' : 'badRequest';
  const message = await bookingFailureMessage(failure, language);
  return {
    httpStatus: status === 'too_large' ? 413 : status === 'forbidden' ? 403 : 400,
    headers: noStore,
    language,
    json: { status, message },
    page: { kind: 'message', message },
  };
}

export async function bookingAnswer(
  result: BookingResult,
  fields: BookingFields,
  language: LangCode,
): Promise<BookingAnswer> {
  const base = { headers: noStore, language: 'language' in result ? result.language : language };
  const code = base.language;
  switch (result.status) {
    case 'booked': {
      const texts = await bookingResultTexts(code, result.start, result.timeZone);
      const invitation = result.invited ? texts.invited : null;
      return {
        ...base,
        httpStatus: result.httpStatus,
        json: {
          status: 'booked',
          reference: result.reference,
          start: result.start.toISOString(),
          end: result.end.toISOString(),
          timeZone: result.timeZone,
          invited: result.invited,
          title: texts.title,
          message: texts.confirmed,
          next: texts.next,
          invitation,
        },
        page: {
          kind: 'booked',
          reference: result.reference,
          title: texts.title,
          confirmed: texts.confirmed,
          next: texts.next,
          invitation,
        },
      };
    }
    case 'taken':
    case 'invalid': {
      const problem = result.status === 'taken' ? 'taken' : result.problem;
      const message = await bookingFailureMessage(problem, code);
      return {
        ...base,
        httpStatus: result.httpStatus,
        json: {
          status: result.status,
          ...(result.status === 'invalid' ? { problem: result.problem } : {}),
          message,
          timeZone: siteConfig.timeZone,
          slots: slotJson(result.slots),
        },
        page: {
          kind: 'picker',
          token: fields.token ?? '',
          slots: result.slots.map((slot) => slot.start.toISOString()),
          visitorZone: knownTimeZone(fields.timeZone) ? fields.timeZone : null,
          message,
        },
      };
    }
    case 'forbidden': {
      const message = await bookingFailureMessage(result.problem, code);
      return {
        ...base,
        httpStatus: 403,
        json: { status: 'forbidden', problem: result.problem, message },
        page: { kind: 'message', message },
      };
    }
    case 'unavailable': {
      const message = await bookingFailureMessage('unavailable', code);
      return {
        ...base,
        httpStatus: 503,
        headers: { ...noStore, 'Retry-After': String(result.retryAfter) },
        json: { status: 'unavailable', message },
        page: { kind: 'message', message },
      };
    }
  }
}
