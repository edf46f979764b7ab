import 'server-only';
import { and, eq, gte } from 'drizzle-orm';
import { siteConfig } from '@/config/site';
import { isLangCode, type LangCode } from '@/i18n/locales';
import { knownTimeZone } from '@/lib/booking/display';
import { validateBooking, type BookingFields } from '@/lib/booking/schema';
import { freeSlots, offeredSlotAt, type BookingRules, type Slot } from '@/lib/booking/slots';
import type { Database } from '@/server/db/client';
import { bookings, leads, outboxJobs } from '@/server/db/schema';
import type { DeliveryChannel } from '@/server/delivery/types';
import { isUnavailable, submissionLimits } from '@/server/leads/submit';
import { logger } from '@/server/log';
import { checkBookingToken } from './token';

/**
 * Booking a call after a request. The visitor proves the request is theirs
 * with the booking token its answer carried; the slot must be one the
 * schedule offers now; and a slot is taken once: the unique index on a
 * booking's start decides between two visitors who choose it at the same
 * moment (the loser hears so, with the times still free), the one on its lead
 * keeps a request to one booking (asking again gives the first one back). The
 * booking and a delivery job per channel the request went to (kind
 * `booking`), and the visitor's calendar invitation when they gave an e-mail,
 * are written in one transaction.
 */

/** The agency's schedule for calls, from its details (content/site/index.json). */
export const siteBookingRules: BookingRules = {
  hours: siteConfig.contacts.workingHours,
  timeZone: siteConfig.timeZone,
  slotMinutes: siteConfig.booking.slotMinutes,
  leadMinutes: siteConfig.booking.leadMinutes,
  days: siteConfig.booking.days,
  holidays: siteConfig.booking.holidays,
};

export type BookedCall = {
  reference: string;
  language: LangCode;
  start: Date;
  end: Date;
  /** The visitor's time zone, when known: the time is written on their clock. */
  timeZone: string | null;
  /** A calendar invitation is on its way to the visitor's e-mail. */
  invited: boolean;
};

export type BookingResult =
  | ({ status: 'booked'; httpStatus: 200 | 201 } & BookedCall)
  | { status: 'taken'; httpStatus: 409; language: LangCode; slots: Slot[] }
  | {
      status: 'invalid';
      httpStatus: 400;
      problem: 'invalidSlot' | 'chooseFirst';
      language: LangCode;
      slots: Slot[];
    }
  | { status: 'forbidden'; httpStatus: 403; problem: 'forbidden' | 'expired' }
  | { status: 'unavailable'; httpStatus: 503; retryAfter: number };

export type BookingContext = {
  now?: Date;
  /** The visitor's calendar invitation can be mailed (SMTP is set up). */
  invites: boolean;
  rules?: BookingRules;
};

/** The constraint a unique violation names (PostgreSQL's 23505), anywhere in an error's causes. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** The slots free now: the schedule's, less those booked. */
export async function currentFreeSlots(
  db: Database,
  now: Date,
  rules: BookingRules = siteBookingRules,
): Promise<Slot[]> {
  const taken = await db
    .select({ start: bookings.startsAt })
    .from(bookings)
    .where(gte(bookings.startsAt, now));
  return freeSlots(
    rules,
    now,
    taken.map((row) => row.start),
  );
}

async function bookingOf(db: Database, leadId: string) {
  const [row] = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt, timeZone: bookings.timeZone })
    .from(bookings)
    .where(eq(bookings.leadId, leadId));
  if (!row) return undefined;
  const [invite] = await db
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    .where(
      and(
        eq(outboxJobs.leadId, leadId),
        eq(outboxJobs.channel, 'invite'),
        eq(outboxJobs.kind, 'booking'),
      ),
    );
  return { ...row, invited: Boolean(invite) };
}

export async function bookCall(
  getDb: () => Promise<Database>,
  fields: BookingFields,
  context: BookingContext,
): Promise<BookingResult> {
  const now = context.now ?? new Date();
  const rules = context.rules ?? siteBookingRules;
  const checked = validateBooking(fields);
  const forbidden = (problem: 'forbidden' | 'expired') =>
    ({ status: 'forbidden', httpStatus: 403, problem }) as const;
  try {
    const db = await getDb();
    // Who is booking comes first: nothing else is said to someone who cannot.
    const token = await checkBookingToken(db, fields.token, now.getTime());
    if (token.kind !== 'valid')
      return forbidden(token.kind === 'expired' ? 'expired' : 'forbidden');
    const [lead] = await db
      .select({
        id: leads.id,
        reference: leads.reference,
        language: leads.language,
        timeZone: leads.timeZone,
        contactMethod: leads.contactMethod,
        contactValue: leads.contactValue,
        status: leads.status,
      })
      .from(leads)
      .where(eq(leads.id, token.leadId));
    // Erased since, or deleted after the retention period.
    if (!lead) return forbidden('forbidden');
    const language: LangCode = checked.ok
      ? checked.value.language
      : isLangCode(fields.language)
        ? fields.language
        : isLangCode(lead.language)
          ? lead.language
          : 'ru';
    const booked = (
      call: { start: Date; end: Date; timeZone: string | null; invited: boolean },
      httpStatus: 200 | 201,
    ) => ({ status: 'booked', httpStatus, reference: lead.reference, language, ...call }) as const;

    // A request is booked once: asking again shows the booking it has.
    const existing = await bookingOf(db, lead.id);
    if (existing) return booked(existing, 200);

    const invalid = async (problem: 'invalidSlot' | 'chooseFirst') =>
      ({
        status: 'invalid',
        httpStatus: 400,
        problem,
        language,
        slots: await currentFreeSlots(db, now, rules),
      }) as const;
    if (!checked.ok)
      return invalid(checked.problem === 'chooseFirst' ? 'chooseFirst' : 'invalidSlot');
    const slot = offeredSlotAt(rules, now, checked.value.slot);
    if (!slot) return invalid('invalidSlot');

    // The visitor's clock: the browser's, else the one their request recorded.
    const timeZone = knownTimeZone(checked.value.timeZone)
      ? checked.value.timeZone
      : knownTimeZone(lead.timeZone)
        ? lead.timeZone
        : null;
    const invited =
      context.invites &&
      lead.status === 'new' &&
      lead.contactMethod === 'email' &&
      Boolean(lead.contactValue);
    let channels: DeliveryChannel[] = [];
    try {
      await db.transaction(async (tx) => {
        await tx.insert(bookings).values({
          leadId: lead.id,
          startsAt: slot.start,
          endsAt: slot.end,
          timeZone,
        });
        // Each channel the request went to hears of the call; spam went nowhere.
        const leadJobs = await tx
          .select({ channel: outboxJobs.channel })
          .from(outboxJobs)
          .where(and(eq(outboxJobs.leadId, lead.id), eq(outboxJobs.kind, 'lead')));
        channels = [
          ...leadJobs.map((job) => job.channel as DeliveryChannel),
          ...(invited ? (['invite'] as const) : []),
        ];
        if (channels.length > 0)
          await tx
            .insert(outboxJobs)
            .values(
              channels.map((channel) => ({ leadId: lead.id, channel, kind: 'booking' as const })),
            );
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'bookings_lead_key') {
        // The same visitor pressed twice: the first press booked it.
        const first = await bookingOf(db, lead.id);
        if (first) return booked(first, 200);
      }
      if (constraint === 'bookings_starts_at_key') {
        logger.info(
          { event: 'booking.taken', reference: lead.reference, startsAt: slot.start.toISOString() },
          'slot already taken',
        );
        return {
          status: 'taken',
          httpStatus: 409,
          language,
          slots: await currentFreeSlots(db, now, rules),
        };
      }
      throw error;
    }
    logger.info(
      {
        event: 'booking.created',
        reference: lead.reference,
        startsAt: slot.start.toISOString(),
        channels,
      },
      'call booked',
    );
    return booked({ start: slot.start, end: slot.end, timeZone, invited }, 201);
  } catch (error) {
    if (isUnavailable(error))
      return {
        status: 'unavailable',
        httpStatus: 503,
        retryAfter: submissionLimits.unavailableRetryAfterSeconds,
      };
    throw error;
  }
}
