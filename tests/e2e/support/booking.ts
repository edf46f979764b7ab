import { IntlMessageFormat } from 'intl-messageformat';
import { siteConfig } from '@/config/site';
import { formatLocale } from '@/i18n/locales';
import { clockTime } from '@/lib/booking/display';
import { wallTime } from '@/lib/booking/slots';
import { dayHeading, kazakhLocative, longDate, weekdayName } from '@/lib/format/kazakh';
import { withSiteDatabase } from './db';
import { localeFromCode, messages, type LangCode } from './site';

/** What the booking tests share: the texts as the page writes them, and tidying up. */

/** Contacts of the tests' visitors, so that their bookings can be removed afterwards. */
export const visitorEmail = (tag: string) =>
  `booking-e2e-${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * Frees the slots the tests booked, so that runs on one database never use the
 * schedule up: the tests' requests go, and their bookings and deliveries with them.
 */
export function removeTestBookings() {
  return withSiteDatabase((client) =>
    client.query(`DELETE FROM leads WHERE contact_value LIKE 'booking-e2e-%'`),
  );
}

const place = (code: LangCode) => siteConfig.booking.place[code];
const agencyZone = siteConfig.timeZone;

/** The line that says the times are the visitor's, with the agency's beside them. */
export const zonesLine = (code: LangCode) =>
  messages[code].Booking.picker.zones.replace('{place}', place(code));

/** A slot's accessible name in the picker: the visitor's time, and the agency's beside it. */
export function slotName(code: LangCode, start: string, visitorZone: string): string {
  const m = messages[code].Booking.picker;
  const date = new Date(start);
  const mine = clockTime(date, visitorZone);
  const theirs = clockTime(date, agencyZone);
  if (mine === theirs) return mine;
  return `${m.yourTime.replace('{time}', mine)}, ${m.agencyTime
    .replace('{place}', place(code))
    .replace('{time}', theirs)}`;
}

/** The heading of a slot's day on the visitor's calendar: «30 қараша, дүйсенбі». */
export const dayLegend = (code: LangCode, start: string, zone: string) =>
  dayHeading(localeFromCode(code), new Date(start), zone);

/** The booked time written out, as the confirmation says it. */
export function confirmationText(code: LangCode, start: string, visitorZone: string | null) {
  const locale = localeFromCode(code);
  const date = new Date(start);
  const zone = visitorZone ?? agencyZone;
  const time = clockTime(date, zone);
  const agencyTime = clockTime(date, agencyZone);
  const day = (z: string) => {
    const w = wallTime(date, z);
    return `${w.year}-${w.month}-${w.day}`;
  };
  return String(
    new IntlMessageFormat(messages[code].Booking.result.confirmed, formatLocale(locale)).format({
      weekday: weekdayName(locale, date, zone),
      date: longDate(locale, date, { form: 'locative', timeZone: zone }),
      time,
      timeLoc: kazakhLocative(time),
      agencyTime,
      zones: time === agencyTime && day(zone) === day(agencyZone) ? 'same' : 'other',
      place: place(code),
    }),
  );
}
