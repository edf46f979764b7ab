import { describe, expect, it } from 'vitest';
import { slotDays } from './display';

const starts = [
  '2026-11-30T04:00:00.000Z', // 09:00 in Almaty, 07:00 in Moscow
  '2026-11-30T13:30:00.000Z', // 18:30 in Almaty, 16:30 in Moscow
  '2026-12-01T04:00:00.000Z',
];

describe('the free slots as the picker shows them', () => {
  it('groups them by the visitor’s day, the agency’s time beside each', () => {
    const days = slotDays(starts, {
      locale: 'ru',
      visitorZone: 'Europe/Moscow',
      agencyZone: 'Asia/Almaty',
    });
    expect(days.map((day) => day.label)).toEqual(['Понедельник, 30 ноября', 'Вторник, 1 декабря']);
    expect(days[0]!.slots).toEqual([
      { start: starts[0], time: '07:00', agencyTime: '09:00', sameClock: false },
      { start: starts[1], time: '16:30', agencyTime: '18:30', sameClock: false },
    ]);
  });

  it('says a time once when the two clocks agree', () => {
    const [day] = slotDays(starts, {
      locale: 'en',
      visitorZone: 'Asia/Qostanay',
      agencyZone: 'Asia/Almaty',
    });
    expect(day!.label).toBe('Monday 30 November');
    expect(day!.slots.every((slot) => slot.sameClock)).toBe(true);
  });

  it('puts a slot on the visitor’s calendar day, which may be another than the agency’s', () => {
    // 09:00 on Monday in Almaty is still Sunday evening in Los Angeles.
    const days = slotDays(starts.slice(0, 1), {
      locale: 'uk',
      visitorZone: 'America/Los_Angeles',
      agencyZone: 'Asia/Almaty',
    });
    expect(days[0]!.label).toBe('Неділя, 29 листопада');
    expect(days[0]!.slots[0]).toMatchObject({
      time: '20:00',
      agencyTime: '09:00',
      sameClock: false,
    });
  });

  it('writes Kazakh days from its own tables, not from a browser’s missing ones', () => {
    const days = slotDays(starts, {
      locale: 'kk',
      visitorZone: 'Asia/Almaty',
      agencyZone: 'Asia/Almaty',
    });
    expect(days.map((day) => day.label)).toEqual(['30 қараша, дүйсенбі', '1 желтоқсан, сейсенбі']);
  });
});
