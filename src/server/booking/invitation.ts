import 'server-only';
import { siteConfig } from '@/config/site';
import { env as siteEnv } from '@/env';
import { isLangCode, localeFromCode, type LangCode } from '@/i18n/locales';
import { translatorFor } from '@/i18n/messages';
import { clockTime } from '@/lib/booking/display';
import { longDate } from '@/lib/format/kazakh';
import { escapeEmailHtml, stripInvisible } from '@/server/delivery/format';
import type { BookingForDelivery, LeadForDelivery } from '@/server/delivery/types';
import { calendarInvite, type CalendarEvent } from './ics';
import { bookingResultTexts } from './texts';

/**
 * The booked call as a calendar event: the visitor's invitation (METHOD
 * REQUEST, them invited, the agency organising) and the team's copy (PUBLISH).
 * One UID per booking, so a client that gets either again updates the event.
 */

export function bookingUid(booking: Pick<BookingForDelivery, 'id'>): string {
  return `booking-${booking.id}@${new URL(siteEnv.SITE_URL).hostname}`;
}

export function bookingEvent(
  booking: BookingForDelivery,
  details: Pick<
    CalendarEvent,
    'method' | 'summary' | 'description' | 'language' | 'attendee' | 'url'
  >,
): string {
  return calendarInvite({
    uid: bookingUid(booking),
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: booking.createdAt,
    organizer: { email: siteConfig.contacts.email, name: siteConfig.name },
    product: siteConfig.name,
    ...details,
  });
}

export type InvitationMail = {
  subject: string;
  text: string;
  html: string;
  /** The .ics, METHOD:REQUEST. */
  calendar: string;
};

/**
 * The visitor's invitation, in the language of their request: the booked
 * time on their clock (the one they booked with, else the agency's), what
 * happens then, their reference, and how to change the time (a reply reaches
 * the agency), with the calendar event attached.
 */
export async function invitationMail(
  lead: LeadForDelivery,
  booking: BookingForDelivery,
): Promise<InvitationMail> {
  const code: LangCode = isLangCode(lead.language) ? lead.language : 'ru';
  const locale = localeFromCode(code);
  const t = await translatorFor(locale, 'Booking.invite');
  const result = await bookingResultTexts(code, booking.startsAt, booking.timeZone);
  const zone = booking.timeZone ?? siteConfig.timeZone;
  const brand = siteConfig.name;
  const email = siteConfig.contacts.email;
  const when = `${longDate(locale, booking.startsAt, { timeZone: zone })}, ${clockTime(booking.startsAt, zone)}`;
  const paragraphs = [
    t('greeting'),
    `${result.confirmed} ${result.next}`,
    t('attached'),
    t('reference', { reference: lead.reference }),
    t('change', { email }),
    t('signature', { brand }),
  ];
  const calendar = bookingEvent(booking, {
    method: 'REQUEST',
    summary: t('summary', { brand }),
    description: [
      result.confirmed,
      result.next,
      t('reference', { reference: lead.reference }),
      t('change', { email }),
    ].join('\n'),
    language: locale,
    attendee: {
      email: lead.contactValue ?? '',
      ...(lead.name ? { name: stripInvisible(lead.name) } : {}),
    },
    url: `${siteEnv.SITE_URL}/${code}`,
  });
  return {
    subject: t('subject', { brand, when }),
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((paragraph) => `<p>${escapeEmailHtml(paragraph, true).replace(/\n/g, '<br>')}</p>`)
      .join(''),
    calendar,
  };
}
