import { beforeAll, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/server/env';
import { langCodes } from '@/i18n/locales';
import {
  alertText,
  bookingText,
  emailAlert,
  emailBooking,
  emailMessage,
  emailSummary,
  escapeEmailHtml,
  escapeTelegramHtml,
  summaryListLimit,
  telegramAlert,
  telegramBooking,
  telegramMessage,
  telegramSummary,
  type LeadForNotification,
  type NotificationTexts,
} from './format';
import type { DeliveryAlert } from './types';
import { notificationTexts } from './wiring';

let texts: NotificationTexts;
beforeAll(async () => {
  texts = await notificationTexts(
    parseServerEnv({ LEADS_NOTIFY_LANGUAGE: 'en', LEADS_NOTIFY_PER_MINUTE: '20' }),
  );
});

const hostile = 'Shop <b>bold</b> </a> & "quotes" \u202Eevil\u202C 🚀 مرحبا\u200F';
const lead: LeadForNotification = {
  reference: 'K7M-4QZ',
  createdAt: new Date('2026-11-21T07:30:00Z'),
  contactMethod: 'email',
  contactValue: 'anna@example.com',
  language: 'ru',
  page: '/ru/<script>alert(1)</script>',
  estimate: { summary: hostile },
};

const full: LeadForNotification = {
  ...lead,
  contactMethod: 'whatsapp',
  contactValue: '+77011234567',
  name: 'Әлия <i>',
  message: 'We need a shop.\n\nWith <b>delivery</b>\u200b & payments.',
  budget: { band: '5k-15k', currency: 'KZT', low: 2_500_000, high: 7_500_000 },
  contactTime: 'morning',
  timeZone: 'Asia/Almaty',
  attribution: {
    first: {
      source: 'yandex',
      medium: 'cpc',
      campaign: 'spring',
      landingPage: '/kz?utm_source=yandex',
      at: '2026-11-18T10:00:00.000Z',
    },
    last: {
      referrer: 'https://news.example.kz/a',
      landingPage: '/kz/blog',
      at: '2026-11-21T07:00:00.000Z',
    },
  },
  analytics: { metrika: '1732887123456789012', ga: '1234567890.1732887123' },
  reviewReason: 'too-fast',
};

describe('escaping', () => {
  it('turns markup into text for Telegram HTML', () => {
    expect(escapeTelegramHtml('<b>x</b> </a> & y')).toBe('&lt;b&gt;x&lt;/b&gt; &lt;/a&gt; &amp; y');
  });

  it('removes direction overrides and zero-width characters but keeps emoji and other scripts', () => {
    expect(escapeTelegramHtml('\u202Eevil\u202C 🚀 مرحبا\u200F \u200bx')).toBe('evil 🚀 مرحبا x');
  });

  it('also escapes quotes for email HTML', () => {
    expect(escapeEmailHtml(`"a" 'b' <c>`)).toBe('&quot;a&quot; &#39;b&#39; &lt;c&gt;');
  });
});

describe('messages', () => {
  it('Telegram: only our own markup survives', () => {
    const message = telegramMessage(lead, texts, 'Asia/Almaty');
    expect(message).toContain('<b>New consultation request</b> #K7M-4QZ');
    expect(message).toContain('Sent from: <b>/ru/&lt;script&gt;alert(1)&lt;/script&gt;</b>');
    expect(message).toContain(
      'Shop &lt;b&gt;bold&lt;/b&gt; &lt;/a&gt; &amp; "quotes" evil 🚀 مرحبا',
    );
    expect(message).toContain('Received: <b>21 Nov 2026, 12:30 (Asia/Almaty)</b>');
    const tags = message.match(/<\/?[a-z]+>/g) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<b>', '</b>']));
  });

  it('carries the whole brief, where the visitor came from and the mark for a check', () => {
    const message = telegramMessage(full, texts, 'Asia/Almaty');
    expect(message).toContain('Contact: <b>WhatsApp: +77011234567</b>');
    expect(message).toContain('Name: <b>Әлия &lt;i&gt;</b>');
    expect(message).toContain(
      'Message:\nWe need a shop.\n\nWith &lt;b&gt;delivery&lt;/b&gt; &amp; payments.',
    );
    expect(message).toContain('Budget: <b>₸2,500,000 – ₸7,500,000</b>');
    expect(message).toContain(
      "Best time: <b>morning, 9:00–12:00 (visitor's time, Asia/Almaty)</b>",
    );
    expect(message).toContain('Source: <b>referral: news.example.kz · landed on /kz/blog</b>');
    expect(message).toContain(
      'First visit: <b>yandex / cpc / spring · landed on /kz?utm_source=yandex · 2026-11-18</b>',
    );
    expect(message).toContain(
      'Analytics: <b>Yandex Metrica ClientID 1732887123456789012, Google Analytics client_id 1234567890.1732887123</b>',
    );
    expect(telegramMessage(lead, texts, 'Asia/Almaty')).not.toContain('Analytics:');
    expect(message).toContain('⚠ Check: <b>sent sooner after the page appeared');
    const tags = message.match(/<\/?[a-z]+>/g) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<b>', '</b>']));
  });

  it('email: escaped HTML, clean text, and no visitor text in the subject', () => {
    const { subject, text, html } = emailMessage(full, texts, 'Asia/Almaty');
    expect(subject).toBe('New consultation request K7M-4QZ');
    expect(html).not.toMatch(/<script|<b>delivery|<i>/);
    expect(html).toContain(
      'We need a shop.<br><br>With &lt;b&gt;delivery&lt;/b&gt; &amp; payments.',
    );
    expect(text).toContain('Message:\nWe need a shop.\n\nWith <b>delivery</b> & payments.');
    expect(text).not.toMatch(/[\u202A-\u202E\u200B\u200F]/);
  });
});

describe('a summary of a burst', () => {
  const burst = Array.from({ length: summaryListLimit + 7 }, (_, i) => ({
    ...lead,
    reference: `AAA-${String(i).padStart(3, '0')}`,
    contactValue: `client${i}@example.com`,
  }));

  it('names the first leads and counts the rest, in one message', () => {
    const message = telegramSummary(burst, texts);
    expect(message.startsWith('<b>32 requests in a burst</b>')).toBe(true);
    expect(message).toContain('AAA-000 · Email: client0@example.com');
    expect(message).toContain(`AAA-0${summaryListLimit - 1}`);
    expect(message).not.toContain(`AAA-0${summaryListLimit}`);
    expect(message).toContain('…and 7 more');
    expect(message).toContain('npm run leads -- list');
    const { subject, text } = emailSummary(burst, texts);
    expect(subject).toBe('32 requests in a burst');
    expect(text).toContain('20 messages a minute');
  });
});

describe('an alert about a channel', () => {
  const failing: DeliveryAlert = {
    kind: 'failing',
    id: 'alert-telegram-failing-1',
    channel: 'telegram',
    since: new Date('2026-11-21T07:30:00Z'),
    lastError: 'Telegram answered 401: <b>Unauthorized</b> & \u202Ebad',
    waiting: 5,
    givenUp: 2,
  };
  const recovered: DeliveryAlert = {
    kind: 'recovered',
    id: 'alert-telegram-recovered-1',
    channel: 'email',
    since: new Date('2026-11-21T07:30:00Z'),
    until: new Date('2026-11-21T09:05:00Z'),
    leads: 3,
    waitedMinutes: 95,
    givenUp: 0,
  };

  it('names the channel, since when, the error, how many wait and what to do', () => {
    const { title, lines } = alertText(failing, texts, 'Asia/Almaty');
    expect(title).toBe('Channel “Telegram”: leads are not being delivered');
    expect(lines).toEqual([
      'Every delivery attempt has failed since 21 November 2026, 12:30 (Asia/Almaty).',
      'Last error: Telegram answered 401: <b>Unauthorized</b> & bad',
      "5 leads are waiting for this channel; every lead is saved in the site's database.",
      'Given up after every retry: 2 leads.',
      expect.stringMatching(/npm run leads -- status.*npm run leads -- retry-failed/),
    ]);
    expect(alertText(recovered, texts, 'Asia/Almaty').lines.slice(0, 2)).toEqual([
      'Deliveries failed from 21 November 2026, 12:30 (Asia/Almaty) to 21 November 2026, 14:05 (Asia/Almaty).',
      '3 leads waited up to 95 minutes.',
    ]);
  });

  it('writes dates as each language writes them in a sentence, Kazakh in full', async () => {
    const inLanguage = async (language: string) =>
      alertText(
        failing,
        await notificationTexts(
          parseServerEnv({ LEADS_NOTIFY_LANGUAGE: language, LEADS_NOTIFY_PER_MINUTE: '20' }),
        ),
        'Asia/Almaty',
      ).lines[0];
    // Intl's Kazakh abbreviates the month («21 қар.»); a sentence spells it out.
    expect(await inLanguage('kz')).toContain('2026 жылғы 21 қараша, 12:30 (Asia/Almaty)');
    expect(await inLanguage('ru')).toContain('21 ноября 2026 г., 12:30 (Asia/Almaty)');
    expect(await inLanguage('ua')).toContain('21 листопада 2026 р., 12:30 (Asia/Almaty)');
  });

  it('escapes what another service wrote, and keeps it out of the subject', () => {
    const message = telegramAlert(failing, texts, 'Asia/Almaty');
    expect(
      message.startsWith('⚠️ <b>Channel “Telegram”: leads are not being delivered</b>\n'),
    ).toBe(true);
    expect(message).toContain('&lt;b&gt;Unauthorized&lt;/b&gt; &amp; bad');
    expect(new Set(message.match(/<\/?[a-z]+>/g))).toEqual(new Set(['<b>', '</b>']));
    const mail = emailAlert(recovered, texts, 'Asia/Almaty');
    expect(mail.subject).toBe('✅ Channel “Email” delivers again');
    const failingMail = emailAlert(failing, texts, 'Asia/Almaty');
    expect(failingMail.subject).not.toContain('Unauthorized');
    expect(failingMail.html).toContain('&lt;b&gt;Unauthorized&lt;/b&gt;');
  });

  it.each(langCodes)('is written in %s, with its own plurals', async (code) => {
    const local = await notificationTexts(parseServerEnv({ LEADS_NOTIFY_LANGUAGE: code }));
    for (const alert of [failing, recovered, { ...recovered, leads: 1, waitedMinutes: 1 }]) {
      const { title, lines } = alertText(alert, local, 'Asia/Almaty');
      expect(title).toMatch(/Telegram|Email|Почта|Пошта/);
      for (const line of [title, ...lines]) expect(line).not.toMatch(/[{}]|alert\./);
    }
    const waited = (leads: number, minutes: number) =>
      alertText({ ...recovered, leads, waitedMinutes: minutes }, local, 'UTC').lines[1];
    const expected = {
      en: ['1 lead waited up to 1 minute.', '2 leads waited up to 5 minutes.'],
      ru: ['1 заявка ждала до 1 минуты.', '2 заявки ждали до 5 минут.'],
      kz: ['1 өтінім 1 минутқа дейін күтті.', '2 өтінім 5 минутқа дейін күтті.'],
      ua: ['1 заявка чекала до 1 хвилини.', '2 заявки чекали до 5 хвилин.'],
    }[code];
    expect([waited(1, 1), waited(2, 5)]).toEqual(expected);
  });

  it.each(langCodes)(
    'about an analytics service won deals go to, speaks of deals in %s',
    async (code) => {
      const local = await notificationTexts(parseServerEnv({ LEADS_NOTIFY_LANGUAGE: code }));
      const metrika = { ...failing, channel: 'metrika', waiting: 1, givenUp: 3 } as const;
      const ga4 = { ...recovered, channel: 'ga4', leads: 2, waitedMinutes: 5 } as const;
      for (const alert of [metrika, ga4]) {
        const { title, lines } = alertText(alert, local, 'UTC');
        for (const line of [title, ...lines]) expect(line).not.toMatch(/[{}]|alert\./);
      }
      const expected = {
        en: {
          title: '“Yandex Metrica”: won deals are not being uploaded',
          waiting:
            "1 won deal is waiting to be uploaded; every deal is saved in the site's database.",
          givenUp: 'Given up after every retry: 3 deals.',
          recovered: '“Google Analytics 4” accepts won deals again',
          waited: '2 deals waited up to 5 minutes to be uploaded.',
        },
        ru: {
          title: '«Яндекс Метрика»: успешно закрытые сделки не загружаются',
          waiting:
            'Загрузки ждёт 1 успешно закрытая сделка; все сделки сохранены в базе данных сайта.',
          givenUp: 'Не загружено после всех попыток: 3 сделки.',
          recovered: '«Google Analytics 4» снова принимает успешно закрытые сделки',
          waited: '2 сделки ждали загрузки до 5 минут.',
        },
        kz: {
          title: '«Яндекс Метрика»: сәтті жабылған мәмілелер жүктелмей жатыр',
          waiting:
            'Жүктелуді 1 сәтті жабылған мәміле күтіп тұр; барлық мәміле сайттың дерекқорында сақталған.',
          givenUp: 'Барлық әрекеттен кейін жүктелмеді: 3 мәміле.',
          recovered: '«Google Analytics 4» сәтті жабылған мәмілелерді қайтадан қабылдап жатыр',
          waited: '2 мәміле жүктелуді 5 минутқа дейін күтті.',
        },
        ua: {
          title: '«Yandex Metrica»: успішно закриті угоди не завантажуються',
          waiting:
            'На завантаження чекає 1 успішно закрита угода; усі угоди збережено в базі даних сайту.',
          givenUp: 'Не завантажено після всіх спроб: 3 угоди.',
          recovered: '«Google Analytics 4» знову приймає успішно закриті угоди',
          waited: '2 угоди чекали на завантаження до 5 хвилин.',
        },
      }[code];
      const failingText = alertText(metrika, local, 'UTC');
      const recoveredText = alertText(ga4, local, 'UTC');
      expect({
        title: failingText.title,
        waiting: failingText.lines[2],
        givenUp: failingText.lines[3],
        recovered: recoveredText.title,
        waited: recoveredText.lines[1],
      }).toEqual(expected);
    },
  );
});

describe('a booked call, as the team reads it', () => {
  const booking = {
    startsAt: new Date('2026-11-30T04:00:00Z'),
    endsAt: new Date('2026-11-30T04:30:00Z'),
    timeZone: 'Europe/Moscow',
  };

  it('gives the time in the agency’s zone first, then the visitor’s clock', () => {
    const { headline } = bookingText(full, booking, texts, 'Asia/Almaty');
    expect(headline).toBe(
      "Call booked for K7M-4QZ: 30 November 2026 (Monday), 09:00–09:30 (Asia/Almaty) (visitor's time 07:00, Europe/Moscow)",
    );
    expect(bookingText(full, { ...booking, timeZone: null }, texts, 'Asia/Almaty').headline).toBe(
      "Call booked for K7M-4QZ: 30 November 2026 (Monday), 09:00–09:30 (Asia/Almaty) (visitor's time zone unknown)",
    );
  });

  it('escapes what the visitor typed in Telegram and e-mail alike', () => {
    const telegram = telegramBooking(full, booking, texts, 'Asia/Almaty');
    expect(telegram).toContain('📞 <b>Call booked for K7M-4QZ</b>: 30 November 2026');
    expect(telegram).toContain('WhatsApp: +77011234567');
    expect(telegram).toContain('Әлия &lt;i&gt;');
    const mail = emailBooking(full, booking, texts, 'Asia/Almaty');
    expect(mail.subject).toBe(
      'Call booked for K7M-4QZ: 30 November 2026 (Monday), 09:00–09:30 (Asia/Almaty)',
    );
    expect(mail.html).toContain('Әлия &lt;i&gt;');
    expect(mail.html).not.toContain('<i>');
  });

  it('is written in each team language, the Kazakh date in full', async () => {
    const kz = await notificationTexts(parseServerEnv({ LEADS_NOTIFY_LANGUAGE: 'kz' }));
    expect(bookingText(full, booking, kz, 'Asia/Almaty').headline).toBe(
      'K7M-4QZ өтінімі бойынша онлайн кездесу: 2026 жылғы 30 қараша (дүйсенбі), 09:00–09:30 (Asia/Almaty) (клиентте 07:00, Europe/Moscow)',
    );
  });
});
