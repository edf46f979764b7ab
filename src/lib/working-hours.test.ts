import { describe, expect, it } from 'vitest';
import { describeWorkingHours } from './working-hours';

const hours = { fromDay: 1, toDay: 5, opens: '09:00', closes: '19:00' };
const at = new Date('2026-06-01T10:00:00Z');

describe('describeWorkingHours', () => {
  it('names the weekdays in the page language', () => {
    expect(describeWorkingHours(hours, 'en', 'Asia/Almaty', at).days).toBe('Mon–Fri');
    expect(describeWorkingHours(hours, 'ru', 'Asia/Almaty', at).days).toBe('пн–пт');
    expect(describeWorkingHours(hours, 'uk', 'Asia/Almaty', at).days).toBe('пн–пт');
    expect(describeWorkingHours(hours, 'kk', 'Asia/Almaty', at).days).toMatch(/^дс–жм$/i);
  });

  it('gives the office time zone as an offset', () => {
    expect(describeWorkingHours(hours, 'en', 'Asia/Almaty', at).zone).toBe('GMT+5');
  });

  it('passes the opening times through', () => {
    expect(describeWorkingHours(hours, 'en', 'Asia/Almaty', at)).toMatchObject({
      opens: '09:00',
      closes: '19:00',
    });
  });
});
