import { formatLocale, type Locale } from '@/i18n/locales';
import { describeTouch } from '@/lib/attribution/describe';
import type { Attribution, Touch } from '@/lib/attribution/touch';
import type { ContactMethod } from '@/lib/consultation/schema';
import type { ContactTime } from '@/config/consultation';
import { longDate } from '@/lib/format/kazakh';
import { cleanText } from '@/lib/text/clean';
import { isConversionChannel, type DeliveryAlert } from './types';

/**
 * Lead notifications for the team: plain text, Telegram HTML and email HTML,
 * for one lead and for a summary of many (a flood). Everything a visitor typed
 * is escaped for the format it goes into, and invisible characters are removed
 * so a value cannot disguise itself (they are already removed when a lead is
 * stored; this also covers leads stored before that).
 */

export type ReviewReason = 'too-fast' | 'no-script';

export type LeadForNotification = {
  id?: string;
  reference: string;
  createdAt: Date;
  /** `messenger`: a chat opened from the site, with no contact; `form` when absent. */
  kind?: 'form' | 'messenger';
  contactMethod: ContactMethod;
  contactValue: string | null;
  name?: string | null;
  message?: string | null;
  budget?: unknown;
  contactTime?: string | null;
  timeZone?: string | null;
  language: string;
  page: string;
  estimate: unknown;
  attribution?: unknown;
  /** The analytics services' ids of the visitor's browser, when they allowed analytics. */
  analytics?: unknown;
  reviewReason?: ReviewReason | null;
};

export type NotificationTexts = {
  title: string;
  /** The title of a messenger lead: a chat opened from the site. */
  messengerTitle: string;
  /** What a messenger lead's contact row says instead of a contact. */
  messengerOpened: (reference: string) => string;
  labels: {
    method: string;
    name: string;
    message: string;
    budget: string;
    time: string;
    language: string;
    page: string;
    estimate: string;
    estimatePdf: string;
    received: string;
    source: string;
    firstSource: string;
    analytics: string;
    review: string;
  };
  methods: Record<ContactMethod, string>;
  times: Record<ContactTime, string>;
  /** "visitor's time, Europe/Moscow", or the words for an unknown zone. */
  visitorTime: (zone: string | null | undefined) => string;
  landing: (page: string) => string;
  reviews: Record<ReviewReason, string>;
  summary: { title: (count: number) => string; intro: string; more: (count: number) => string };
  /** The attached calculator estimate in words, when it is one the site stored. */
  describeEstimate?: (estimate: unknown) => string | undefined;
  /** The address of the attached estimate as a PDF, when it is one the site stored. */
  estimatePdfUrl?: (lead: LeadForNotification) => string | undefined;
  /** The budget range in words, in the currency the visitor saw. */
  describeBudget?: (budget: unknown) => string | undefined;
  /** Alerts about a channel that fails and delivers again (see alertText). */
  alert: AlertTexts;
  /**
   * The same about an analytics service that won deals are uploaded to
   * (metrika, ga4): what waits for it is deals, not requests.
   */
  conversionAlert?: AlertTexts;
  /** A call the visitor booked after the request (see bookingText). */
  booking: BookingTexts;
};

export type BookingTexts = {
  /** The language the booked call's date is written in. */
  locale: Locale;
  /** "Call booked for K7M-4QZ" */
  title: (reference: string) => string;
  /** "visitor's time 07:00, Europe/Moscow" */
  visitorTime: (time: string, zone: string) => string;
  visitorZoneUnknown: string;
  /** The call as a calendar event or a CRM task: "Call for enquiry K7M-4QZ". */
  summary: (reference: string) => string;
};

export type AlertTexts = {
  /** The language the alert's dates are written in. */
  locale: Locale;
  /** Each channel's name as the team knows it. */
  channels: Record<string, string>;
  failingTitle: (channel: string) => string;
  failingSince: (since: string) => string;
  lastError: (error: string) => string;
  waiting: (count: number) => string;
  givenUp: (count: number) => string;
  todo: string;
  recoveredTitle: (channel: string) => string;
  recoveredDown: (since: string, until: string) => string;
  recoveredWaited: (count: number, minutes: number) => string;
  recoveredNone: string;
  retryHint: string;
  recoveredTodo: string;
};

/** "14:05" in the given time zone: the 24-hour clock every language of the site uses. */
function clock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    date,
  );
}

/** What an alert says, whatever carries it: a title and its lines, in the team's language. */
export type AlertText = { title: string; lines: string[] };

export function alertText(alert: DeliveryAlert, t: NotificationTexts, timeZone: string): AlertText {
  const a = (isConversionChannel(alert.channel) && t.conversionAlert) || t.alert;
  // The date written out as the language writes it in a sentence (Kazakh has
  // no abbreviated month that reads well: «27 қар.»), then the clock time.
  const time = (date: Date) =>
    `${longDate(a.locale, date, { timeZone })}, ${clock(date, timeZone)} (${timeZone})`;
  const channel = a.channels[alert.channel] ?? alert.channel;
  if (alert.kind === 'failing') {
    return {
      title: a.failingTitle(channel),
      lines: [
        a.failingSince(time(alert.since)),
        ...(alert.lastError ? [a.lastError(stripInvisible(alert.lastError).slice(0, 500))] : []),
        a.waiting(alert.waiting),
        ...(alert.givenUp > 0 ? [a.givenUp(alert.givenUp)] : []),
        a.todo,
      ],
    };
  }
  return {
    title: a.recoveredTitle(channel),
    lines: [
      a.recoveredDown(time(alert.since), time(alert.until)),
      alert.leads > 0 ? a.recoveredWaited(alert.leads, alert.waitedMinutes) : a.recoveredNone,
      ...(alert.givenUp > 0 ? [`${a.givenUp(alert.givenUp)} ${a.retryHint}`] : []),
      a.recoveredTodo,
    ],
  };
}

/** A booked call as the team's channels carry it: its start and end, and the visitor's clock. */
export type BookingForNotification = { startsAt: Date; endsAt: Date; timeZone: string | null };

/**
 * What the team reads about a booked call, in its language: "Call booked for
 * K7M-4QZ: 30 November 2026 (Monday), 09:00–09:30 (Asia/Almaty) (visitor's
 * time 07:00, Europe/Moscow)", then how to reach the visitor.
 */
export function bookingText(
  lead: LeadForNotification,
  booking: BookingForNotification,
  t: NotificationTexts,
  timeZone: string,
) {
  const b = t.booking;
  const weekday = new Intl.DateTimeFormat(formatLocale(b.locale), {
    weekday: 'long',
    timeZone,
  }).format(booking.startsAt);
  const when = `${longDate(b.locale, booking.startsAt, { timeZone })} (${weekday}), ${clock(
    booking.startsAt,
    timeZone,
  )}–${clock(booking.endsAt, timeZone)} (${timeZone})`;
  const visitor = booking.timeZone
    ? b.visitorTime(clock(booking.startsAt, booking.timeZone), booking.timeZone)
    : b.visitorZoneUnknown;
  const title = b.title(lead.reference);
  const rows: Row[] = [{ label: t.labels.method, value: contactText(lead, t) }];
  if (lead.name) rows.push({ label: t.labels.name, value: lead.name });
  return { title, when, visitor, headline: `${title}: ${when} (${visitor})`, rows };
}

export function telegramBooking(
  lead: LeadForNotification,
  booking: BookingForNotification,
  t: NotificationTexts,
  timeZone: string,
): string {
  const { title, when, visitor, rows } = bookingText(lead, booking, t, timeZone);
  return [
    `📞 <b>${escapeTelegramHtml(title)}</b>: ${escapeTelegramHtml(when)} (${escapeTelegramHtml(visitor)})`,
    ...rows.map(
      ({ label, value }) => `${escapeTelegramHtml(label)}: <b>${escapeTelegramHtml(value)}</b>`,
    ),
  ].join('\n');
}

export function emailBooking(
  lead: LeadForNotification,
  booking: BookingForNotification,
  t: NotificationTexts,
  timeZone: string,
) {
  const { title, when, headline, rows } = bookingText(lead, booking, t, timeZone);
  const text = [
    headline,
    '',
    ...rows.map(({ label, value }) => `${label}: ${stripInvisible(value)}`),
  ].join('\n');
  const html = `<h1 style="font-size:18px">${escapeEmailHtml(headline)}</h1><table>${rows
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top">${escapeEmailHtml(label)}</th><td>${escapeEmailHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  // The subject carries only what the site itself wrote: no visitor text in headers.
  return { subject: `${title}: ${when}`, text, html };
}

const alertMark = (alert: DeliveryAlert) => (alert.kind === 'failing' ? '⚠️' : '✅');

export function telegramAlert(
  alert: DeliveryAlert,
  t: NotificationTexts,
  timeZone: string,
): string {
  const { title, lines } = alertText(alert, t, timeZone);
  return [
    `${alertMark(alert)} <b>${escapeTelegramHtml(title)}</b>`,
    ...lines.map((line) => escapeTelegramHtml(line)),
  ].join('\n');
}

export function emailAlert(alert: DeliveryAlert, t: NotificationTexts, timeZone: string) {
  const { title, lines } = alertText(alert, t, timeZone);
  const clean = lines.map((line) => stripInvisible(line));
  return {
    // The subject is the site's own words and the channel's name: nothing another service wrote.
    subject: `${alertMark(alert)} ${title}`,
    text: [title, '', ...clean].join('\n'),
    html: `<h1 style="font-size:18px">${escapeEmailHtml(title)}</h1>${clean
      .map((line) => `<p>${escapeEmailHtml(line)}</p>`)
      .join('')}`,
  };
}

export function stripInvisible(text: string, multiline = false): string {
  return cleanText(text, { multiline });
}

/** Telegram's HTML parse mode: &, < and > must be entities. */
export function escapeTelegramHtml(text: string, multiline = false): string {
  return stripInvisible(text, multiline)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** HTML for an email body, including attribute-safe quotes. */
export function escapeEmailHtml(text: string, multiline = false): string {
  return escapeTelegramHtml(text, multiline).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function estimateLine(estimate: unknown, t: NotificationTexts): string | undefined {
  if (!estimate || typeof estimate !== 'object') return undefined;
  const described = t.describeEstimate?.(estimate);
  if (described) return described.slice(0, 1000);
  const summary = (estimate as { summary?: unknown }).summary;
  return typeof summary === 'string'
    ? summary.slice(0, 500)
    : JSON.stringify(estimate).slice(0, 500);
}

function isAttribution(value: unknown): value is Attribution {
  const touch = (v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as Touch).landingPage === 'string';
  return (
    typeof value === 'object' &&
    value !== null &&
    touch((value as Attribution).first) &&
    touch((value as Attribution).last)
  );
}

/** "google / cpc / spring · landed on /ru?utm_source=…" */
function touchLine(touch: Touch, t: NotificationTexts): string {
  const details = [
    touch.term && `term: ${touch.term}`,
    touch.content && `content: ${touch.content}`,
  ]
    .filter(Boolean)
    .join(', ');
  return [describeTouch(touch), details, t.landing(touch.landingPage)].filter(Boolean).join(' · ');
}

type Row = { label: string; value: string; multiline?: boolean };

/** A lead's title: a consultation request, or a chat opened from the site. */
export function leadTitle(lead: LeadForNotification, t: NotificationTexts): string {
  return lead.kind === 'messenger' ? t.messengerTitle : t.title;
}

/** "WhatsApp: +7…", or for a chat opened from the site what to look for in it. */
function contactText(lead: LeadForNotification, t: NotificationTexts): string {
  return `${t.methods[lead.contactMethod]}: ${
    lead.kind === 'messenger' || !lead.contactValue
      ? t.messengerOpened(lead.reference)
      : lead.contactValue
  }`;
}

function rows(lead: LeadForNotification, t: NotificationTexts, timeZone: string): Row[] {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(lead.createdAt);
  const result: Row[] = [{ label: t.labels.method, value: contactText(lead, t) }];
  if (lead.name) result.push({ label: t.labels.name, value: lead.name });
  if (lead.message) result.push({ label: t.labels.message, value: lead.message, multiline: true });
  const budget = lead.budget ? t.describeBudget?.(lead.budget) : undefined;
  if (budget) result.push({ label: t.labels.budget, value: budget });
  const time = t.times[lead.contactTime as ContactTime];
  if (time)
    result.push({ label: t.labels.time, value: `${time} (${t.visitorTime(lead.timeZone)})` });
  const estimate = estimateLine(lead.estimate, t);
  if (estimate) result.push({ label: t.labels.estimate, value: estimate });
  const pdf = t.estimatePdfUrl?.(lead);
  if (pdf) result.push({ label: t.labels.estimatePdf, value: pdf });
  if (isAttribution(lead.attribution)) {
    const { first, last } = lead.attribution;
    result.push({ label: t.labels.source, value: touchLine(last, t) });
    if (first.at !== last.at || first.landingPage !== last.landingPage)
      result.push({
        label: t.labels.firstSource,
        value: `${touchLine(first, t)} · ${first.at.slice(0, 10)}`,
      });
  }
  const ids = analyticsLine(lead.analytics);
  if (ids) result.push({ label: t.labels.analytics, value: ids });
  result.push(
    { label: t.labels.language, value: lead.language },
    { label: t.labels.page, value: lead.page },
    { label: t.labels.received, value: `${when} (${timeZone})` },
  );
  if (lead.reviewReason && t.reviews[lead.reviewReason])
    result.push({ label: `⚠ ${t.labels.review}`, value: t.reviews[lead.reviewReason] });
  return result;
}

/** "Yandex Metrica ClientID 1732…, Google Analytics client id 1234.5678", as stored. */
export function analyticsLine(analytics: unknown): string | undefined {
  if (!analytics || typeof analytics !== 'object') return undefined;
  const { metrika, ga } = analytics as { metrika?: unknown; ga?: unknown };
  const parts = [
    typeof metrika === 'string' ? `Yandex Metrica ClientID ${metrika}` : '',
    typeof ga === 'string' ? `Google Analytics client_id ${ga}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

export function telegramMessage(
  lead: LeadForNotification,
  t: NotificationTexts,
  timeZone: string,
): string {
  const lines = rows(lead, t, timeZone).map(({ label, value, multiline }) =>
    multiline
      ? `${escapeTelegramHtml(label)}:\n${escapeTelegramHtml(value, true)}`
      : `${escapeTelegramHtml(label)}: <b>${escapeTelegramHtml(value)}</b>`,
  );
  return [
    `<b>${escapeTelegramHtml(leadTitle(lead, t))}</b> #${escapeTelegramHtml(lead.reference)}`,
    ...lines,
  ].join('\n');
}

export function emailMessage(lead: LeadForNotification, t: NotificationTexts, timeZone: string) {
  const list = rows(lead, t, timeZone);
  const title = leadTitle(lead, t);
  const text = [
    `${title} ${lead.reference}`,
    '',
    ...list.map(({ label, value, multiline }) =>
      multiline
        ? `${label}:\n${stripInvisible(value, true)}`
        : `${label}: ${stripInvisible(value)}`,
    ),
  ].join('\n');
  const html = `<h1 style="font-size:18px">${escapeEmailHtml(title)} ${escapeEmailHtml(lead.reference)}</h1><table>${list
    .map(
      ({ label, value, multiline }) =>
        `<tr><th align="left" valign="top">${escapeEmailHtml(label)}</th><td>${
          multiline ? escapeEmailHtml(value, true).replace(/\n/g, '<br>') : escapeEmailHtml(value)
        }</td></tr>`,
    )
    .join('')}</table>`;
  // The subject carries only what the site itself wrote: no visitor text in headers.
  return { subject: `${title} ${lead.reference}`, text, html };
}

/** How many leads a summary names one by one; the rest are counted. */
export const summaryListLimit = 25;

function summaryLines(leads: LeadForNotification[], t: NotificationTexts): string[] {
  return leads
    .slice(0, summaryListLimit)
    .map(
      (lead) =>
        `${lead.reference} · ${contactText(lead, t)}${
          lead.name ? ` · ${lead.name}` : ''
        } · ${lead.page}${lead.reviewReason ? ` · ⚠ ${t.labels.review}` : ''}`,
    );
}

/** One message for a burst of leads: how many, the first ones by reference, and where the rest are. */
export function telegramSummary(leads: LeadForNotification[], t: NotificationTexts): string {
  const more = leads.length - summaryListLimit;
  return [
    `<b>${escapeTelegramHtml(t.summary.title(leads.length))}</b>`,
    escapeTelegramHtml(t.summary.intro),
    '',
    ...summaryLines(leads, t).map((line) => escapeTelegramHtml(line)),
    ...(more > 0 ? [escapeTelegramHtml(t.summary.more(more))] : []),
  ].join('\n');
}

export function emailSummary(leads: LeadForNotification[], t: NotificationTexts) {
  const more = leads.length - summaryListLimit;
  const lines = summaryLines(leads, t).map((line) => stripInvisible(line));
  const title = t.summary.title(leads.length);
  const text = [
    title,
    '',
    t.summary.intro,
    '',
    ...lines,
    ...(more > 0 ? [t.summary.more(more)] : []),
  ].join('\n');
  const html = `<h1 style="font-size:18px">${escapeEmailHtml(title)}</h1><p>${escapeEmailHtml(
    t.summary.intro,
  )}</p><ul>${lines.map((line) => `<li>${escapeEmailHtml(line)}</li>`).join('')}</ul>${
    more > 0 ? `<p>${escapeEmailHtml(t.summary.more(more))}</p>` : ''
  }`;
  return { subject: title, text, html };
}
