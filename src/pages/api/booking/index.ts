import type { APIRoute } from 'astro';
import { env as publicEnv } from '@/env';
import { allowedOrigins } from '@/lib/http/origins';
import {
  bookingAnswer,
  bookingFieldsFrom,
  unreadBookingAnswer,
  type BookingAnswer,
} from '@/server/booking/answer';
import { bookCall } from '@/server/booking/book';
import { getDb } from '@/server/db/client';
import { invitesEnabled } from '@/server/delivery/wiring';
import { serverEnv } from '@/server/env';
import { languageOf, readBody, UnreadableBody } from '@/server/leads/intake';
import { requestId as requestIdOf } from '@/server/leads/request-context';
import { errorDetails, logger } from '@/server/log';

export const prerender = false;

const allow = 'POST, OPTIONS';
/** A booking is four short fields. */
const bodyLimit = 4 * 1024;

async function answerOf(request: Request, requestId: string): Promise<BookingAnswer> {
  const origin = request.headers.get('origin');
  if (origin && !allowedOrigins(request.headers, publicEnv.SITE_URL).includes(origin))
    return unreadBookingAnswer('forbidden', languageOf({}, request.headers));
  let fields;
  try {
    fields = bookingFieldsFrom(
      await readBody(request, bodyLimit),
      request.headers.get('content-type') ?? '',
    );
  } catch (error) {
    if (!(error instanceof UnreadableBody)) throw error;
    return unreadBookingAnswer(error.status, languageOf({}, request.headers));
  }
  const language = languageOf(fields, request.headers);
  try {
    const result = await bookCall(
      getDb,
      { ...fields, language },
      { invites: invitesEnabled(serverEnv()) },
    );
    return await bookingAnswer(result, fields, language);
  } catch (error) {
    logger.error(
      { event: 'booking.error', requestId, language, ...errorDetails(error) },
      'booking failed',
    );
    // What the framework prints of an error it catches must not carry what was sent.
    throw new Error(`booking failed (request ${requestId})`);
  }
}

/**
 * Booking a call after a request (src/server/booking/book.ts), with one
 * schema for both doors (src/lib/booking/schema.ts). The picker's script
 * sends JSON and gets JSON: 201 with the booked time written out (200 for a
 * request booked already, with that booking), 409 when someone took the slot
 * first and 400 for a slot the schedule does not offer, each with the slots
 * free now; 403 for a token that is not the visitor's or has expired, or a
 * form from another site; 503 when the database is down. A form posted
 * without JavaScript (URL-encoded, not asking for JSON) gets the same answer
 * as a page of the site, rendered in this one's place with the same status
 * (src/components/booking/booking-answer.astro).
 */
export const POST: APIRoute = async (context) => {
  const { request } = context;
  const requestId = requestIdOf(request.headers);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const wantsPage =
    type !== 'application/json' &&
    !(request.headers.get('accept') ?? '').includes('application/json');
  const answer = await answerOf(request, requestId);
  if (wantsPage) {
    // The page that shows the answer, in the booking's language, at this address.
    context.locals.bookingAnswer = answer;
    return context.rewrite(
      new Request(new URL(`/${answer.language}/booking`, context.url), {
        method: 'GET',
        headers: request.headers,
      }),
    );
  }
  return Response.json(answer.json, {
    status: answer.httpStatus,
    headers: { ...answer.headers, 'X-Request-Id': requestId },
  });
};

export const OPTIONS: APIRoute = () =>
  new Response(null, { status: 204, headers: { Allow: allow, 'Cache-Control': 'no-store' } });

/** Any other method: 405. */
export const ALL: APIRoute = () =>
  new Response('405 Method Not Allowed\n', {
    status: 405,
    headers: {
      Allow: allow,
      'Cache-Control': 'no-store',
      'Content-Type': 'text/plain; charset=utf-8',
    },
  });
