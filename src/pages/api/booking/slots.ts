import type { APIRoute } from 'astro';
import { siteConfig } from '@/config/site';
import { isLangCode, langCodes } from '@/i18n/locales';
import { currentFreeSlots } from '@/server/booking/book';
import { bookingFailureMessage } from '@/server/booking/texts';
import { getDb } from '@/server/db/client';
import { readOnlyRoute } from '@/server/http/read-only-route';
import { isUnavailable, submissionLimits } from '@/server/leads/submit';

export const prerender = false;

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The times a visitor can book a call at now (GET /api/booking/slots?lang=ru):
 * the agency's time zone, the length of a call, and each free slot's start
 * and end (ISO 8601, UTC), soonest first. Never cached: a slot taken a
 * moment ago is gone from the next answer. `lang` is the language of the
 * words in the answer (the place the agency's clock is, a failure); an
 * unknown one is refused with 400.
 */
export const GET: APIRoute = async ({ url }) => {
  const lang = url.searchParams.get('lang');
  if (!isLangCode(lang))
    return Response.json(
      {
        status: 'bad_request',
        message: `Unknown language ${JSON.stringify(lang ?? '')} in lang: use one of ${langCodes.join(', ')}.`,
      },
      { status: 400, headers: noStore },
    );
  try {
    const slots = await currentFreeSlots(await getDb(), new Date());
    return Response.json(
      {
        timeZone: siteConfig.timeZone,
        place: siteConfig.booking.place[lang],
        slotMinutes: siteConfig.booking.slotMinutes,
        slots: slots.map((slot) => ({
          start: slot.start.toISOString(),
          end: slot.end.toISOString(),
        })),
      },
      { headers: noStore },
    );
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    const retryAfter = String(submissionLimits.unavailableRetryAfterSeconds);
    return Response.json(
      { status: 'unavailable', message: await bookingFailureMessage('unavailable', lang) },
      { status: 503, headers: { ...noStore, 'Retry-After': retryAfter } },
    );
  }
};

export const ALL = readOnlyRoute(GET);
