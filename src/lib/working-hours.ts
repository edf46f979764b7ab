/** A weekly schedule: ISO weekdays (1 = Monday … 7 = Sunday) and local `HH:MM` times. */
export type WorkingHours = { fromDay: number; toDay: number; opens: string; closes: string };

// 1 January 2024 was a Monday, so day n of the ISO week is 2024-01-0n.
const weekday = (isoDay: number) => new Date(Date.UTC(2024, 0, isoDay, 12));

/**
 * "Mon–Fri", "GMT+5" and friends in the page's own language, so no language has
 * to spell weekday names or time-zone offsets in its messages.
 */
export function describeWorkingHours(
  hours: WorkingHours,
  locale: string,
  timeZone: string,
  now: Date = new Date(),
): { days: string; opens: string; closes: string; zone: string } {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return {
    days: `${day.format(weekday(hours.fromDay))}–${day.format(weekday(hours.toDay))}`,
    opens: hours.opens,
    closes: hours.closes,
    zone,
  };
}
