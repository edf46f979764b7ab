import { describe, expect, it } from 'vitest';
import { property, unfold } from '../../../tests/support/ics';
import { calendarInvite, escapeText, foldLine, type CalendarEvent } from './ics';

const event: CalendarEvent = {
  uid: 'booking-5c2e0e0e-1111-4222-8333-444455556666@agency.example',
  method: 'REQUEST',
  start: new Date('2026-11-30T04:00:00Z'),
  end: new Date('2026-11-30T04:30:00Z'),
  stamp: new Date('2026-11-28T05:00:07.123Z'),
  summary: 'Созвон с Ortus Digital, заявка K7M-4QZ',
  description:
    'Мы позвоним вам в понедельник, 30 ноября 2026 г., в 09:00 (Алматы).\nСсылка; запятая, обратная косая \\ — всё на месте.',
  language: 'ru',
  organizer: { email: 'hello@example.com', name: 'Ortus Digital' },
  attendee: { email: 'client@example.com', name: 'Айгерим "Ai" Н.' },
  url: 'https://agency.example/ru/booking',
  product: 'Ortus Digital',
};

describe('a calendar invitation', () => {
  const ics = calendarInvite(event);

  it('is one confirmed event of an iCalendar object, with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(property(ics, 'METHOD')).toBe('REQUEST');
    expect(property(ics, 'STATUS')).toBe('CONFIRMED');
    expect(unfold(ics).filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(property(ics, 'PRODID')).toBe('-//Ortus Digital//Booking//EN');
  });

  it('has a stable UID, and the times in UTC', () => {
    expect(property(ics, 'UID')).toBe(event.uid);
    expect(property(calendarInvite({ ...event, stamp: new Date() }), 'UID')).toBe(event.uid);
    expect(property(ics, 'DTSTART')).toBe('20261130T040000Z');
    expect(property(ics, 'DTEND')).toBe('20261130T043000Z');
    expect(property(ics, 'DTSTAMP')).toBe('20261128T050007Z');
  });

  it('keeps the summary and description whole, in their language, escaped', () => {
    expect(property(ics, 'SUMMARY')).toBe(event.summary);
    expect(property(ics, 'DESCRIPTION')).toBe(event.description);
    expect(unfold(ics)).toContain(`SUMMARY;LANGUAGE=ru:${escapeText(event.summary)}`);
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });

  it('names the organiser and the visitor, who has accepted by booking', () => {
    const lines = unfold(ics);
    expect(lines).toContain('ORGANIZER;CN="Ortus Digital":mailto:hello@example.com');
    expect(lines).toContain(
      'ATTENDEE;CN="Айгерим Ai Н.";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:client@example.com',
    );
    const published = calendarInvite({ ...event, method: 'PUBLISH' });
    expect(property(published, 'METHOD')).toBe('PUBLISH');
    expect(property(published, 'ATTENDEE')).toBeUndefined();
  });

  it('folds every line at 75 octets, never inside a character', () => {
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // A broken UTF-8 sequence would decode to the replacement character.
      expect(Buffer.from(line).toString('utf8')).not.toContain('\uFFFD');
    }
    const long = `DESCRIPTION:${'ж'.repeat(100)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(2);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(unfold(`${foldLine(long)}\r\n`)).toEqual([long]);
  });

  it('reminds a quarter of an hour before', () => {
    const lines = unfold(ics);
    expect(lines).toContain('BEGIN:VALARM');
    expect(lines).toContain('TRIGGER:-PT15M');
  });
});
