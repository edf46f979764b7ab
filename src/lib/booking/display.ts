import type { Locale } from '@/i18n/locales';
import { dayHeading } from '@/lib/format/kazakh';
import { wallTime } from './slots';

/**
 * The free slots as the picker shows them, the same on the server (the page
 * without JavaScript) and in the browser: grouped by the visitor's calendar
 * day, each time on the visitor's clock with the agency's beside it.
 */

export type SlotView = {
  /** The slot's start, ISO 8601: what the form sends. */
  start: string;
  /** "10:00" on the visitor's clock. */
  time: string;
  /** "13:00" on the agency's clock. */
  agencyTime: string;
  /** The two clocks read the same: the time is shown once. */
  sameClock: boolean;
};

export type DayView = { key: string; label: string; slots: SlotView[] };

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "09:05" in the given time zone: the 24-hour clock every language of the site uses. */
export function clockTime(date: Date, timeZone: string): string {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    clocks.set(timeZone, format);
  }
  return format.format(date);
}

const dayKey = (date: Date, timeZone: string) => {
  const { year, month, day } = wallTime(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The slots (their ISO starts) by day on the visitor's calendar, in order. */
export function slotDays(
  starts: readonly string[],
  { locale, visitorZone, agencyZone }: { locale: Locale; visitorZone: string; agencyZone: string },
): DayView[] {
  const days: DayView[] = [];
  for (const start of [...starts].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const date = new Date(start);
    if (Number.isNaN(date.getTime())) continue;
    const key = dayKey(date, visitorZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayHeading(locale, date, visitorZone), slots: [] };
      days.push(day);
    }
    const time = clockTime(date, visitorZone);
    const agencyTime = clockTime(date, agencyZone);
    day.slots.push({
      start,
      time,
      agencyTime,
      sameClock: time === agencyTime && key === dayKey(date, agencyZone),
    });
  }
  return days;
}

/** Whether a time zone name is one this `Intl` knows. */
export function knownTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
