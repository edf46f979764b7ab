import type { WorkingHours } from '@/lib/working-hours';

/**
 * The times a visitor can book a call at, worked out from the agency's
 * schedule alone: pure, so that the server (the slots API, the check of a
 * booking, the page without JavaScript) and the tests share one answer. A
 * slot is free when it starts on a working day that is not a holiday, lies
 * whole within the working hours in the agency's time zone, starts at least
 * the notice period after now, falls within the days offered, and nobody has
 * taken it.
 */

export type BookingRules = {
  hours: WorkingHours;
  /** The agency's IANA time zone: the hours and the holidays are its. */
  timeZone: string;
  slotMinutes: number;
  /** The least notice: how long after now the first slot may start. */
  leadMinutes: number;
  /** How many working days with a slot left are offered, today included. */
  days: number;
  /** Days off besides the weekend, as ISO dates in the agency's calendar. */
  holidays: readonly string[];
};

export type Slot = { start: Date; end: Date };

/** A calendar date (no time, no zone): year, month 1–12, day. */
type CalendarDate = { year: number; month: number; day: number };

/** Never look further than this for working days: a schedule of holidays only ends the search. */
const maxDaysScanned = 400;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallTime(instant: Date | number, timeZone: string) {
  const parts = wallClock(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time happens in a time zone, or undefined when the
 * clock skips it (the hour lost when summer time starts).
 */
export function zonedInstant(
  date: CalendarDate,
  hour: number,
  minute: number,
  timeZone: string,
): Date | undefined {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let instant = guess - offsetMs(guess, timeZone);
  // Near a change of offset the first guess can land on the other side of it.
  instant = guess - offsetMs(instant, timeZone);
  const w = wallTime(instant, timeZone);
  const same =
    w.year === date.year &&
    w.month === date.month &&
    w.day === date.day &&
    w.hour === hour &&
    w.minute === minute;
  return same ? new Date(instant) : undefined;
}

const minutesOf = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

const isoDate = ({ year, month, day }: CalendarDate) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The day `offset` days after `date`, by the calendar. */
function addDays(date: CalendarDate, offset: number): CalendarDate & { weekday: number } {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + offset));
  return {
    year: utc.getUTCFullYear(),
    month: utc.getUTCMonth() + 1,
    day: utc.getUTCDate(),
    // ISO weekday: 1 = Monday … 7 = Sunday.
    weekday: utc.getUTCDay() || 7,
  };
}

/** Whether an ISO weekday is a working one, for a week that may wrap (Sat–Wed). */
function worksOn({ fromDay, toDay }: WorkingHours, weekday: number): boolean {
  return fromDay <= toDay
    ? weekday >= fromDay && weekday <= toDay
    : weekday >= fromDay || weekday <= toDay;
}

/** The slots a working day has by the schedule, whatever the clock says now. */
function daySlots(rules: BookingRules, date: CalendarDate): Slot[] {
  const opens = minutesOf(rules.hours.opens);
  const closes = minutesOf(rules.hours.closes);
  const slots: Slot[] = [];
  for (let at = opens; at + rules.slotMinutes <= closes; at += rules.slotMinutes) {
    const start = zonedInstant(date, Math.floor(at / 60), at % 60, rules.timeZone);
    if (!start) continue;
    const end = new Date(start.getTime() + rules.slotMinutes * 60_000);
    // A slot the clock change cuts short or stretches is not the call it says it is.
    const last = at + rules.slotMinutes;
    const endWall = wallTime(end, rules.timeZone);
    if (endWall.hour * 60 + endWall.minute !== last % (24 * 60)) continue;
    slots.push({ start, end });
  }
  return slots;
}

/**
 * Every slot the schedule offers from `now` on, taken or not: the working
 * days that still have a slot after the notice period, `rules.days` of them.
 */
export function offeredSlots(rules: BookingRules, now: Date): Slot[] {
  const earliest = now.getTime() + rules.leadMinutes * 60_000;
  const today = wallTime(now, rules.timeZone);
  const holidays = new Set(rules.holidays);
  const offered: Slot[] = [];
  let days = 0;
  for (let offset = 0; offset < maxDaysScanned && days < rules.days; offset += 1) {
    const date = addDays(today, offset);
    if (!worksOn(rules.hours, date.weekday) || holidays.has(isoDate(date))) continue;
    const slots = daySlots(rules, date).filter((slot) => slot.start.getTime() >= earliest);
    if (slots.length === 0) continue;
    days += 1;
    offered.push(...slots);
  }
  return offered;
}

/** The slots offered and not taken. `taken` are the starts of slots already booked. */
export function freeSlots(
  rules: BookingRules,
  now: Date,
  taken: Iterable<Date | number | string> = [],
): Slot[] {
  const busy = new Set([...taken].map((start) => new Date(start).getTime()));
  return offeredSlots(rules, now).filter((slot) => !busy.has(slot.start.getTime()));
}

/** The offered slot that starts at `start`, if the schedule offers one then. */
export function offeredSlotAt(rules: BookingRules, now: Date, start: Date): Slot | undefined {
  const at = start.getTime();
  if (Number.isNaN(at)) return undefined;
  return offeredSlots(rules, now).find((slot) => slot.start.getTime() === at);
}
