import { describe, expect, it } from 'vitest';
import { siteConfig } from '@/config/site';
import { langCodes, type LangCode } from '@/i18n/locales';
import { contactMethods, type ContactMethod } from '@/lib/consultation/fields';
import { successMessage } from './result-message';

/** How each language names each way of answering, in the thank-you after a request. */
const named: Record<LangCode, Record<ContactMethod, RegExp>> = {
  ru: {
    phone: /позвонит вам/,
    email: /по электронной почте/,
    telegram: /в Telegram/,
    whatsapp: /в WhatsApp/,
  },
  en: {
    phone: /will call you/,
    email: /by email/,
    telegram: /on Telegram/,
    whatsapp: /on WhatsApp/,
  },
  kz: {
    phone: /қоңырау шалады/,
    email: /электрондық пошта арқылы/,
    telegram: /Telegram арқылы/,
    whatsapp: /WhatsApp арқылы/,
  },
  ua: {
    phone: /зателефонує вам/,
    email: /електронною поштою/,
    telegram: /у Telegram/,
    whatsapp: /у WhatsApp/,
  },
};

describe('the answer to a request that went in', () => {
  it.each(langCodes)('in %s, names the way of answering the visitor chose', async (code) => {
    const texts = await Promise.all(contactMethods.map((method) => successMessage(method, code)));
    for (const [index, method] of contactMethods.entries()) {
      const text = texts[index]!;
      expect(text, method).toMatch(named[code][method]);
      // …and no other one: a visitor who gave an e-mail is not promised a call.
      for (const other of contactMethods.filter((item) => item !== method))
        expect(text, `${method} names ${other}`).not.toMatch(named[code][other]);
    }
    expect(new Set(texts).size).toBe(contactMethods.length);
  });

  it.each(langCodes)('in %s, promises the hours the site config claims', async (code) => {
    const hours = new RegExp(`(?<!\\d)${siteConfig.claims.callbackHours}(?!\\d)`);
    for (const method of contactMethods) expect(await successMessage(method, code)).toMatch(hours);
  });
});
