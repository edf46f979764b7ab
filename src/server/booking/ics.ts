/**
 * A calendar invitation for a booked call: one VEVENT in an iCalendar object
 * (RFC 5545), as a calendar client imports it from an e-mail (RFC 5546: with
 * METHOD:REQUEST the visitor's client offers to add it, and updates the same
 * event by its UID; METHOD:PUBLISH is the team's copy, with no one invited).
 *
 * Written here rather than with a library: it is one event with a dozen
 * properties, and what matters (escaping text, folding lines at 75 octets
 * without splitting a UTF-8 character, CRLF, UTC times) is a few lines that
 * the tests read back.
 */

export type CalendarPerson = { email: string; name?: string };

export type CalendarEvent = {
  /** Stable per booking: a client that gets the event again updates it. */
  uid: string;
  method: 'REQUEST' | 'PUBLISH';
  start: Date;
  end: Date;
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** The language of the summary and description (`ru`, `en`, `kk`, `uk`). */
  language: string;
  organizer: CalendarPerson;
  /** The person invited: required by METHOD:REQUEST, left out of a PUBLISH. */
  attendee?: CalendarPerson;
  url?: string;
  /** The product that wrote it, for PRODID. */
  product: string;
};

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=…): quoted, with the characters a quoted value cannot hold removed. */
function paramValue(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters cannot appear in a parameter
  return `"${text.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** 20261130T040000Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * A content line folded so that no line is longer than 75 octets (RFC 5545,
 * 3.1): each continuation starts with one space, and a line is only ever
 * broken between characters, never inside one's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; the others 74 after their leading space.
    const limit = lines.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

function person(
  role: 'ORGANIZER' | 'ATTENDEE',
  { email, name }: CalendarPerson,
  extra: string[] = [],
) {
  const params = [...(name ? [`CN=${paramValue(name)}`] : []), ...extra];
  return `${role}${params.map((param) => `;${param}`).join('')}:mailto:${email}`;
}

/** The iCalendar object, CRLF line ends and all, ready to attach as text/calendar. */
export function calendarInvite(event: CalendarEvent): string {
  const language = `;LANGUAGE=${event.language}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${event.product.replace(/\/\//g, '/')}//Booking//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY${language}:${escapeText(event.summary)}`,
    `DESCRIPTION${language}:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    person('ORGANIZER', event.organizer),
    ...(event.method === 'REQUEST' && event.attendee
      ? [
          person('ATTENDEE', event.attendee, [
            'ROLE=REQ-PARTICIPANT',
            'PARTSTAT=ACCEPTED',
            'RSVP=FALSE',
          ]),
        ]
      : []),
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(event.summary)}`,
    'TRIGGER:-PT15M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
