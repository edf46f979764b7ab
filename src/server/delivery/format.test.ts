import { describe, expect, it } from 'vitest';
import {
  emailMessage,
  escapeEmailHtml,
  escapeTelegramHtml,
  telegramMessage,
  type NotificationTexts,
} from './format';

const texts: NotificationTexts = {
  title: 'New consultation request',
  method: 'Contact',
  methods: { phone: 'Phone', email: 'Email', telegram: 'Telegram' },
  language: 'Language',
  page: 'Page',
  estimate: 'Estimate',
  received: 'Received',
};

const hostile = 'Shop <b>bold</b> </a> & "quotes" \u202Eevil\u202C 🚀 مرحبا\u200F';
const lead = {
  reference: 'K7M-4QZ',
  createdAt: new Date('2026-11-21T07:30:00Z'),
  contactMethod: 'email' as const,
  contactValue: 'anna@example.com',
  language: 'ru',
  page: '/ru/<script>alert(1)</script>',
  estimate: { summary: hostile },
};

describe('escaping', () => {
  it('turns markup into text for Telegram HTML', () => {
    expect(escapeTelegramHtml('<b>x</b> </a> & y')).toBe('&lt;b&gt;x&lt;/b&gt; &lt;/a&gt; &amp; y');
  });

  it('removes direction overrides but keeps emoji and other scripts', () => {
    expect(escapeTelegramHtml('\u202Eevil\u202C 🚀 مرحبا\u200F')).toBe('evil 🚀 مرحبا');
  });

  it('also escapes quotes for email HTML', () => {
    expect(escapeEmailHtml(`"a" 'b' <c>`)).toBe('&quot;a&quot; &#39;b&#39; &lt;c&gt;');
  });
});

describe('messages', () => {
  it('Telegram: only our own markup survives', () => {
    const message = telegramMessage(lead, texts, 'Asia/Almaty');
    expect(message).toContain('<b>New consultation request</b> #K7M-4QZ');
    expect(message).toContain('Page: <b>/ru/&lt;script&gt;alert(1)&lt;/script&gt;</b>');
    expect(message).toContain(
      'Shop &lt;b&gt;bold&lt;/b&gt; &lt;/a&gt; &amp; "quotes" evil 🚀 مرحبا',
    );
    expect(message).toContain('Received: <b>21 Nov 2026, 12:30 (Asia/Almaty)</b>');
    const tags = message.match(/<\/?[a-z]+>/g) ?? [];
    expect(new Set(tags)).toEqual(new Set(['<b>', '</b>']));
  });

  it('email: escaped HTML, clean text, and no visitor text in the subject', () => {
    const { subject, text, html } = emailMessage(lead, texts, 'Asia/Almaty');
    expect(subject).toBe('New consultation request K7M-4QZ');
    expect(html).not.toMatch(/<script|<b>bold|<\/a>/);
    expect(html).toContain('&lt;script&gt;');
    expect(text).toContain('Page: /ru/<script>alert(1)</script>');
    expect(text).not.toMatch(/[\u202A-\u202E\u200F]/);
  });
});
