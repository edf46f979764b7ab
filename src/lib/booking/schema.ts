import * as z from 'zod/mini';
import { langCodes, type LangCode } from '@/i18n/locales';

/**
 * A booking as the visitor sends it, checked by one schema in the browser (the
 * picker, before it posts) and on the server (POST /api/booking, JSON or a
 * form): the booking token from the answer to their request, the start of the
 * slot they chose (ISO 8601 with its offset, as the slots API gives it), the
 * page's language and, with JavaScript, the browser's time zone.
 */

// As for the consultation form's schema: no `new Function` under the site's CSP.
z.config({ jitless: true });

export const bookingFieldNames = ['token', 'slot', 'language', 'timeZone'] as const;
export type BookingFields = Partial<Record<(typeof bookingFieldNames)[number], string>>;

/** An IANA zone name as a browser reports it ("Europe/Moscow", "UTC"); checked again on the server. */
const zoneName = /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/;

export const bookingSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  slot: z.iso.datetime({ offset: true }),
  language: z.enum(langCodes),
  timeZone: z.optional(z.string().check(z.maxLength(64), z.regex(zoneName))),
});

export type Booking = {
  token: string;
  slot: Date;
  language: LangCode;
  timeZone?: string;
};

/** What is wrong with a booking, as the picker and the API name it. */
export type BookingProblem = 'chooseFirst' | 'invalidSlot' | 'forbidden';

export function validateBooking(
  fields: BookingFields,
): { ok: true; value: Booking } | { ok: false; problem: BookingProblem } {
  const language = (langCodes as readonly string[]).includes(fields.language ?? '')
    ? fields.language
    : 'ru';
  const parsed = bookingSchema.safeParse({
    token: fields.token ?? '',
    slot: fields.slot ?? '',
    language,
    // A zone the browser names oddly is not worth refusing a booking over.
    timeZone: fields.timeZone && zoneName.test(fields.timeZone) ? fields.timeZone : undefined,
  });
  if (parsed.success)
    return { ok: true, value: { ...parsed.data, slot: new Date(parsed.data.slot) } };
  const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (paths.has('slot')) return { ok: false, problem: fields.slot ? 'invalidSlot' : 'chooseFirst' };
  return { ok: false, problem: 'forbidden' };
}
