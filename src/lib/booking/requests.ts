import { http } from '@/lib/http/client';
import type { LangCode } from '@/i18n/locales';

/**
 * The picker's calls, through the site's one HTTP client: the free slots (a
 * GET, retried once) and the booking itself (a POST, never retried: a
 * request is booked once, and asking again gives its booking back).
 */

/** The free slots' starts, or null when they could not be had. */
export async function fetchSlots(language: LangCode): Promise<string[] | null> {
  try {
    const body = await http<{ slots?: unknown }>('/api/booking/slots', {
      query: { lang: language },
    });
    if (!Array.isArray(body.slots)) return null;
    return body.slots.flatMap((slot: unknown) => {
      const start = (slot as { start?: unknown } | null)?.start;
      return typeof start === 'string' ? [start] : [];
    });
  } catch {
    return null;
  }
}

export type BookingReply =
  | {
      status: 'booked';
      reference: string;
      title: string;
      confirmed: string;
      next: string;
      invitation: string | null;
    }
  /** Taken meanwhile, or not a slot on offer: the message and the slots free now. */
  | { status: 'retry'; message: string; slots: string[] }
  /** Booking is not possible for this request (a token not theirs, or expired), or not now. */
  | { status: 'refused'; message: string; final: boolean }
  | { status: 'unreachable' };

/** Reads an answer of POST /api/booking (src/pages/api/booking/index.ts). */
export function readBookingReply(body: unknown): BookingReply {
  if (!body || typeof body !== 'object') return { status: 'unreachable' };
  const answer = body as Record<string, unknown>;
  const text = (name: string) => (typeof answer[name] === 'string' ? answer[name] : undefined);
  const message = text('message');
  if (message === undefined) return { status: 'unreachable' };
  if (answer.status === 'booked') {
    const [reference, title, next] = [text('reference'), text('title'), text('next')];
    if (reference === undefined || title === undefined || next === undefined)
      return { status: 'unreachable' };
    return {
      status: 'booked',
      reference,
      title,
      confirmed: message,
      next,
      invitation: text('invitation') ?? null,
    };
  }
  if ((answer.status === 'taken' || answer.status === 'invalid') && Array.isArray(answer.slots))
    return {
      status: 'retry',
      message,
      slots: answer.slots.flatMap((slot: unknown) => {
        const start = (slot as { start?: unknown } | null)?.start;
        return typeof start === 'string' ? [start] : [];
      }),
    };
  return { status: 'refused', message, final: answer.status === 'forbidden' };
}

export async function sendBooking(booking: {
  token: string;
  slot: string;
  language: LangCode;
  timeZone?: string;
}): Promise<BookingReply> {
  try {
    const response = await http.raw<unknown>('/api/booking', {
      method: 'POST',
      body: booking,
      headers: { Accept: 'application/json' },
      // Every answer of the API says what to tell the visitor, refusals included.
      ignoreResponseError: true,
    });
    return readBookingReply(response._data);
  } catch {
    return { status: 'unreachable' };
  }
}
