import { describe, expect, it } from 'vitest';
import { siteConfig } from '@/config/site';
import {
  freeSlots,
  offeredSlotAt,
  offeredSlots,
  wallTime,
  zonedInstant,
  type BookingRules,
} from './slots';

/** The shipped schedule: Monday to Friday, 09:00–19:00 in Almaty (UTC+5), 30-minute calls. */
const almaty: BookingRules = {
  hours: { fromDay: 1, toDay: 5, opens: '09:00', closes: '19:00' },
  timeZone: 'Asia/Almaty',
  slotMinutes: 30,
  leadMinutes: 120,
  days: 3,
  holidays: ['2026-12-16'],
};

/** "2026-11-30 09:00" as the agency's clock reads a slot's start. */
const local = (date: Date, timeZone = almaty.timeZone) => {
  const w = wallTime(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
};
const starts = (rules: BookingRules, now: Date, taken: Date[] = []) =>
  freeSlots(rules, now, taken).map((slot) => local(slot.start, rules.timeZone));
const days = (list: string[]) => [...new Set(list.map((start) => start.slice(0, 10)))];

describe('free slots', () => {
  it('skips the weekend: on a Saturday the first slot is Monday at opening', () => {
    // Saturday 28 November 2026, 10:00 in Almaty.
    const list = starts(almaty, new Date('2026-11-28T05:00:00Z'));
    expect(list[0]).toBe('2026-11-30 09:00');
    expect(days(list)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(freeSlots(almaty, new Date('2026-11-28T05:00:00Z'))[0]).toEqual({
      start: new Date('2026-11-30T04:00:00Z'),
      end: new Date('2026-11-30T04:30:00Z'),
    });
  });

  it('skips a holiday and counts only working days', () => {
    // Tuesday 15 December 2026, 20:00 in Almaty; the 16th is Independence Day.
    const list = starts(almaty, new Date('2026-12-15T15:00:00Z'));
    expect(days(list)).toEqual(['2026-12-17', '2026-12-18', '2026-12-21']);
  });

  it('keeps the notice period: nothing starts sooner than two hours from now', () => {
    // Monday 30 November 2026, 10:10 in Almaty: 12:10 is the earliest start, so 12:30.
    const list = starts(almaty, new Date('2026-11-30T05:10:00Z'));
    expect(list[0]).toBe('2026-11-30 12:30');
    // Exactly two hours ahead is allowed.
    expect(starts(almaty, new Date('2026-11-30T05:00:00Z'))[0]).toBe('2026-11-30 12:00');
  });

  it('ends each day with a slot that fits whole within the hours', () => {
    const list = starts(almaty, new Date('2026-11-28T05:00:00Z'));
    const monday = list.filter((start) => start.startsWith('2026-11-30'));
    expect(monday).toHaveLength(20);
    expect(monday.at(-1)).toBe('2026-11-30 18:30');
    const short = starts(
      { ...almaty, hours: { ...almaty.hours, closes: '18:45' } },
      new Date('2026-11-28T05:00:00Z'),
    ).filter((start) => start.startsWith('2026-11-30'));
    expect(short.at(-1)).toBe('2026-11-30 18:00');
  });

  it('late in the day offers tomorrow, and today does not count as a day offered', () => {
    // Monday 30 November 2026, 17:00 in Almaty: the last start, 18:30, is within two hours.
    const list = starts(almaty, new Date('2026-11-30T12:00:00Z'));
    expect(list[0]).toBe('2026-12-01 09:00');
    expect(days(list)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
  });

  it('leaves out the slots already taken', () => {
    const now = new Date('2026-11-28T05:00:00Z');
    const taken = [new Date('2026-11-30T04:00:00Z'), new Date('2026-11-30T05:00:00Z')];
    const list = starts(almaty, now, taken);
    expect(list.slice(0, 3)).toEqual(['2026-11-30 09:30', '2026-11-30 10:30', '2026-11-30 11:00']);
    expect(list).toHaveLength(60 - 2);
  });

  it('reads the hours in the agency’s time zone, whatever the server’s', () => {
    // 23:30 UTC on Sunday is 04:30 on Monday in Almaty: the first slot is Monday's 09:00 there.
    const now = new Date('2026-11-29T23:30:00Z');
    expect(freeSlots(almaty, now)[0]!.start).toEqual(new Date('2026-11-30T04:00:00Z'));
    // The same schedule kept in New York: Monday's 09:00 there is 14:00 UTC.
    const newYork = { ...almaty, timeZone: 'America/New_York', holidays: [] };
    expect(freeSlots(newYork, now)[0]!.start).toEqual(new Date('2026-11-30T14:00:00Z'));
  });

  it('skips the hour the clock jumps over when summer time starts', () => {
    // Sunday 14 March 2027 in New York: 02:00 does not happen, 03:00 follows 01:59.
    const night: BookingRules = {
      hours: { fromDay: 1, toDay: 7, opens: '01:00', closes: '04:00' },
      timeZone: 'America/New_York',
      slotMinutes: 30,
      leadMinutes: 0,
      days: 1,
      holidays: [],
    };
    const list = freeSlots(night, new Date('2027-03-14T05:00:00Z'));
    expect(list.map((slot) => local(slot.start, night.timeZone))).toEqual([
      '2027-03-14 01:00',
      '2027-03-14 03:00',
      '2027-03-14 03:30',
    ]);
    expect(list[1]!.start).toEqual(new Date('2027-03-14T07:00:00Z'));
    // Every call that is offered lasts the length it says.
    for (const slot of list) expect(slot.end.getTime() - slot.start.getTime()).toBe(30 * 60_000);
  });

  it('offers nothing rather than searching forever when every day is off', () => {
    const never = { ...almaty, hours: { ...almaty.hours, opens: '10:00', closes: '10:00' } };
    expect(freeSlots(never, new Date('2026-11-28T05:00:00Z'))).toEqual([]);
  });
});

describe('a slot the schedule offers', () => {
  const now = new Date('2026-11-28T05:00:00Z');
  it('is found by its start', () => {
    expect(offeredSlotAt(almaty, now, new Date('2026-12-01T06:30:00Z'))).toEqual({
      start: new Date('2026-12-01T06:30:00Z'),
      end: new Date('2026-12-01T07:00:00Z'),
    });
  });

  it.each([
    ['between two slots', '2026-12-01T06:15:00Z'],
    ['before opening', '2026-12-01T03:30:00Z'],
    ['at closing', '2026-12-01T14:00:00Z'],
    ['on the weekend', '2026-11-29T06:00:00Z'],
    ['in the past', '2026-11-27T06:00:00Z'],
    ['beyond the days offered', '2026-12-07T06:00:00Z'],
    ['not a date at all', 'tomorrow'],
  ])('is none %s', (_, start) => {
    expect(offeredSlotAt(almaty, now, new Date(start))).toBeUndefined();
  });

  it('is none on a holiday', () => {
    const before = new Date('2026-12-14T05:00:00Z');
    expect(offeredSlotAt(almaty, before, new Date('2026-12-16T06:00:00Z'))).toBeUndefined();
    expect(offeredSlotAt(almaty, before, new Date('2026-12-17T06:00:00Z'))).toBeDefined();
  });
});

describe('the zone arithmetic', () => {
  it('turns a wall-clock time into its instant', () => {
    const date = { year: 2026, month: 7, day: 1 };
    expect(zonedInstant(date, 9, 0, 'Asia/Almaty')).toEqual(new Date('2026-07-01T04:00:00Z'));
    expect(zonedInstant(date, 9, 0, 'Europe/Kyiv')).toEqual(new Date('2026-07-01T06:00:00Z'));
    expect(zonedInstant({ year: 2026, month: 12, day: 1 }, 9, 0, 'Europe/Kyiv')).toEqual(
      new Date('2026-12-01T07:00:00Z'),
    );
  });
});

describe('the shipped schedule', () => {
  it('offers 30-minute calls on ten working days with two hours’ notice', () => {
    const { booking, contacts } = siteConfig;
    const rules: BookingRules = {
      hours: contacts.workingHours,
      timeZone: siteConfig.timeZone,
      ...booking,
    };
    const list = offeredSlots(rules, new Date('2026-12-14T05:00:00Z'));
    expect(booking).toMatchObject({ slotMinutes: 30, leadMinutes: 120, days: 10 });
    expect(days(list.map((slot) => local(slot.start)))).not.toContain('2026-12-16');
    expect(booking.holidays).toEqual([...booking.holidays].sort());
  });
});
