/**
 * Lead notifications for the team: plain text, Telegram HTML and email HTML.
 * Everything a visitor typed is escaped for the format it goes into, and
 * invisible direction controls are removed so a value cannot disguise itself.
 */

export type LeadForNotification = {
  reference: string;
  createdAt: Date;
  contactMethod: 'phone' | 'email' | 'telegram';
  contactValue: string;
  language: string;
  page: string;
  estimate: unknown;
};

export type NotificationTexts = {
  title: string;
  method: string;
  methods: Record<'phone' | 'email' | 'telegram', string>;
  language: string;
  page: string;
  estimate: string;
  received: string;
  /** The attached calculator estimate in words, when it is one the site stored. */
  describeEstimate?: (estimate: unknown) => string | undefined;
};

// Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C).
const directionControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export function stripDirectionControls(text: string): string {
  return text.replace(directionControls, '');
}

/** Telegram's HTML parse mode: &, < and > must be entities. */
export function escapeTelegramHtml(text: string): string {
  return stripDirectionControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** HTML for an email body, including attribute-safe quotes. */
export function escapeEmailHtml(text: string): string {
  return escapeTelegramHtml(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
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

function rows(
  lead: LeadForNotification,
  t: NotificationTexts,
  timeZone: string,
): [string, string][] {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(lead.createdAt);
  const result: [string, string][] = [
    [t.method, `${t.methods[lead.contactMethod]}: ${lead.contactValue}`],
    [t.language, lead.language],
    [t.page, lead.page],
    [t.received, `${when} (${timeZone})`],
  ];
  const estimate = estimateLine(lead.estimate, t);
  if (estimate) result.splice(1, 0, [t.estimate, estimate]);
  return result;
}

export function telegramMessage(
  lead: LeadForNotification,
  t: NotificationTexts,
  timeZone: string,
): string {
  const lines = rows(lead, t, timeZone).map(
    ([label, value]) => `${escapeTelegramHtml(label)}: <b>${escapeTelegramHtml(value)}</b>`,
  );
  return [
    `<b>${escapeTelegramHtml(t.title)}</b> #${escapeTelegramHtml(lead.reference)}`,
    ...lines,
  ].join('\n');
}

export function emailMessage(lead: LeadForNotification, t: NotificationTexts, timeZone: string) {
  const list = rows(lead, t, timeZone);
  const text = [
    `${t.title} ${lead.reference}`,
    '',
    ...list.map(([label, value]) => `${label}: ${stripDirectionControls(value)}`),
  ].join('\n');
  const html = `<h1 style="font-size:18px">${escapeEmailHtml(t.title)} ${escapeEmailHtml(lead.reference)}</h1><table>${list
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeEmailHtml(label)}</th><td>${escapeEmailHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  // The subject carries only what the site itself wrote: no visitor text in headers.
  return { subject: `${t.title} ${lead.reference}`, text, html };
}
