import 'server-only';
import { siteConfig } from '@/config/site';
import { localeFromCode, type LangCode } from '@/i18n/locales';
import { translatorFor } from '@/i18n/messages';
import { clockTime, knownTimeZone } from '@/lib/booking/display';
import type { BookingLabels } from '@/lib/booking/labels';
import { wallTime } from '@/lib/booking/slots';
import { kazakhLocative, longDate, weekdayName } from '@/lib/format/kazakh';

/**
 * What the visitor reads about booking a call, in their language: the
 * picker's labels (for the island and the page without JavaScript alike), the
 * booked time written in full, and what went wrong.
 */

/** Every answer of a booking that is not a success, as its message names it. */
export type BookingFailure =
  'taken' | 'invalidSlot' | 'chooseFirst' | 'expired' | 'forbidden' | 'unavailable' | 'badRequest';

async function translator(code: LangCode) {
  const locale = localeFromCode(code);
  return { locale, t: await translatorFor(locale, 'Booking') };
}

export async function bookingLabels(code: LangCode): Promise<BookingLabels> {
  const { t } = await translator(code);
  const place = siteConfig.booking.place[code];
  return {
    title: t('picker.title'),
    intro: t('picker.intro', { minutes: siteConfig.booking.slotMinutes }),
    zones: t('picker.zones', { place }),
    yourTime: t('picker.yourTime', { time: '{time}' }),
    agencyTime: t('picker.agencyTime', { time: '{time}', place }),
    laterDays: t('picker.laterDays'),
    submit: t('picker.submit'),
    submitting: t('picker.submitting'),
    loading: t('picker.loading'),
    loadFailed: t('picker.loadFailed'),
    retry: t('picker.retry'),
    noSlots: t('picker.noSlots'),
    chooseFirst: t('picker.chooseFirst'),
    network: t('errors.network'),
    bookedTitle: t('result.title'),
    agencyZone: siteConfig.timeZone,
  };
}

/** The parts a sentence about a booked time is made of, on the visitor's clock beside the agency's. */
export function bookedTimeParts(code: LangCode, start: Date, visitorZone: string | null) {
  const locale = localeFromCode(code);
  const agencyZone = siteConfig.timeZone;
  const zone = knownTimeZone(visitorZone) ? visitorZone : agencyZone;
  const time = clockTime(start, zone);
  const agencyTime = clockTime(start, agencyZone);
  const day = (z: string) => {
    const { year, month, day: d } = wallTime(start, z);
    return `${year}-${month}-${d}`;
  };
  return {
    weekday: weekdayName(locale, start, zone),
    // Kazakh says when something happens in the locative: «2026 жылғы 30 қарашада».
    date: longDate(locale, start, { form: 'locative', timeZone: zone }),
    time,
    timeLoc: kazakhLocative(time),
    agencyTime,
    zones: time === agencyTime && day(zone) === day(agencyZone) ? 'same' : 'other',
    place: siteConfig.booking.place[code],
  };
}

export type BookingResultTexts = {
  title: string;
  /** "Your call is booked: Monday 30 November 2026, 10:00 your time (13:00 in Almaty)." */
  confirmed: string;
  next: string;
  /** Said when a calendar invitation is on its way to the visitor's inbox. */
  invited: string;
};

export async function bookingResultTexts(
  code: LangCode,
  start: Date,
  visitorZone: string | null,
): Promise<BookingResultTexts> {
  const { t } = await translator(code);
  return {
    title: t('result.title'),
    confirmed: t('result.confirmed', bookedTimeParts(code, start, visitorZone)),
    next: t('result.next'),
    invited: t('result.invited'),
  };
}

export async function bookingFailureMessage(
  failure: BookingFailure,
  code: LangCode,
): Promise<string> {
  const { t } = await translator(code);
  const phone = siteConfig.contacts.phone.display;
  switch (failure) {
    case 'taken':
      return t('errors.taken');
    case 'invalidSlot':
      return t('errors.invalidSlot');
    case 'chooseFirst':
      return t('picker.chooseFirst');
    case 'expired':
      return t('errors.expired', { phone });
    case 'forbidden':
      return t('errors.forbidden', { phone });
    case 'unavailable':
      return t('errors.unavailable', { phone });
    case 'badRequest':
      return t('errors.badRequest');
  }
}
