import { createHash } from 'node:crypto';
import { toString } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { siteConfig, siteSchema } from '@/config/site';
import { langCodes, localeFromCode, type LangCode } from '@/i18n/locales';
import { loadMessages } from '@/i18n/messages';
import { getLegalPage, legalDocument, legalPageSlugs } from '@/server/content/legal';
import { legalSettings } from '@/server/content/legal-settings';
import { describeSamples, publishedSamples } from '@/server/content/samples';
import { cacheControl } from '@/lib/http/cache-headers';
import { legalRoute } from '@/server/http/legal-route';
import { consentTextFor } from '@/server/leads/consent';

/**
 * The privacy policy, the consent and the terms: one text per market, each
 * under its own law, naming the company in its own language, and listing the
 * services this installation actually sends requests to.
 */

type Env = Record<string, string>;
const none: Env = {};
const telegram: Env = {
  TELEGRAM_BOT_TOKEN: '123456789:AAbbccddeeffgghhiijjkkllmm',
  TELEGRAM_CHAT_ID: '-1001234567890',
};
const bitrix24: Env = { BITRIX24_WEBHOOK_URL: 'https://ortus-example.bitrix24.ru/rest/1/abc123/' };

/** A document as a visitor reads it: the rendered page's text. */
async function pageText(slug: (typeof legalPageSlugs)[number], code: LangCode, env: Env = none) {
  const page = await getLegalPage(slug, localeFromCode(code), legalSettings(env));
  return `${page.title}\n${toString(page.body)}`;
}

/** The law (or laws) each language's documents are written under, as they name it. */
const laws: Record<LangCode, string[]> = {
  ru: ['№ 94-V', '«О персональных данных и их защите»', '№ 152-ФЗ'],
  kz: ['№ 94-V', '«Дербес деректер және оларды қорғау туралы»'],
  ua: ['№ 2297-VI', '«Про захист персональних даних»'],
  en: ['GDPR', 'UK GDPR'],
};

/** The legal form each language names the company with. */
const legalForm: Record<LangCode, RegExp> = {
  ru: /^ТОО «.+»$/,
  kz: /^«.+» ЖШС$/,
  ua: /^ТОВ «.+»$/,
  en: /^.+ LLP$/,
};

describe('each language’s privacy policy names its law', () => {
  it.each(langCodes)('%s', async (code) => {
    const text = await pageText('privacy', code);
    for (const law of laws[code]) expect(text, law).toContain(law);
  });

  it('ru: Kazakhstan’s law for visitors there, Russia’s for visitors from Russia, and where the data is first recorded', async () => {
    const text = await pageText('privacy', 'ru');
    expect(text).toContain('Законом Республики Казахстан от 21 мая 2013 года № 94-V');
    expect(text).toContain('Федеральным законом от 27 июля 2006 года № 152-ФЗ');
    // Localisation, as this installation does it (the shipped details say Kazakhstan).
    expect(text).toContain('впервые записываются и хранятся, — Казахстан');
    expect(text).toContain(
      'отдельной базы данных на территории Российской Федерации сайт не ведёт',
    );
    expect(text).toContain('Роскомнадзор');
    expect(text).toMatch(/оператор/);
  });

  it('kz: the owner and operator, and the authorised body to complain to', async () => {
    const text = await pageText('privacy', 'kz');
    expect(text).toContain('меншік иесі және операторы');
    expect(text).toContain('Жасанды интеллект және цифрлық даму министрлігі');
    expect(text).not.toMatch(/152-ФЗ|Федерал/);
  });

  it('ua: the controller is «володілець», never «оператор», and no Russian law anywhere', async () => {
    for (const slug of legalPageSlugs) {
      // Every delivery channel on, so that every recipient's text is on the page too.
      const text = await pageText(slug, 'ua', {
        ...telegram,
        ...bitrix24,
        SMTP_URL: 'smtps://user:secret@smtp.yandex.ru:465',
        LEADS_EMAIL_TO: 'sales@example.com',
        AMOCRM_BASE_URL: 'https://ortus-example.amocrm.ru',
        AMOCRM_ACCESS_TOKEN: 'a-long-lived-token-of-amocrm',
        LEADS_WEBHOOK_URL: 'https://erp.example.com/leads',
        LEADS_WEBHOOK_SECRET: 'a-secret-of-16-or-more',
        SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/5',
      });
      expect(text, slug).toMatch(/володіл/i);
      expect(text, slug).not.toMatch(/152-ФЗ|152-FZ|Федеральн|оператор/i);
    }
    expect(await pageText('privacy', 'ua')).toContain(
      'Уповноваженого Верховної Ради України з прав людини',
    );
  });

  it('en: the controller, a lawful basis per purpose, transfers, rights and the ICO', async () => {
    const text = await pageText('privacy', 'en');
    expect(text).toContain('The controller of your personal data is Ortus Digital LLP');
    for (const basis of [
      'Article 6(1)(a)',
      'Article 6(1)(b)',
      'Article 6(1)(f)',
      'Article 49(1)(b)',
    ])
      expect(text, basis).toContain(basis);
    expect(text).toContain('Kazakhstan ensures an adequate level of protection');
    for (const right of [
      'access',
      'rectification',
      'erasure',
      'restriction',
      'data portability',
      'object',
      'withdraw your consent',
    ])
      expect(text, right).toContain(right);
    expect(text).toContain("Information Commissioner's Office (ICO)");
    // British spelling, and the erasure the site can really do.
    expect(text).toContain('organisation');
    expect(text).toContain('What deleting your data means');
  });
});

describe('the recipients follow the channels switched on in the environment', () => {
  it.each(langCodes)('%s: none, Telegram only, Telegram and Bitrix24', async (code) => {
    const messages = (await loadMessages(localeFromCode(code))) as {
      PrivacyPage: { recipients: { none: string } };
    };
    const nobody = messages.PrivacyPage.recipients.none;
    for (const slug of ['privacy', 'consent'] as const) {
      const withNone = await pageText(slug, code, none);
      expect(withNone, slug).toContain(nobody);
      expect(withNone, slug).not.toContain('Telegram Messenger Inc.');
      expect(withNone, slug).not.toContain('ortus-example.bitrix24.ru');

      const withTelegram = await pageText(slug, code, telegram);
      expect(withTelegram, slug).not.toContain(nobody);
      expect(withTelegram, slug).toContain('Telegram Messenger Inc.');
      expect(withTelegram, slug).not.toContain('ortus-example.bitrix24.ru');

      const withBoth = await pageText(slug, code, { ...telegram, ...bitrix24 });
      expect(withBoth, slug).toContain('Telegram Messenger Inc.');
      expect(withBoth, slug).toContain('ortus-example.bitrix24.ru');
      // Bitrix24's cloud for Russia: who runs it, and that the data is kept there.
      expect(withBoth, slug).toMatch(/1С-Битрикс|1С-Бітрікс|1C-Bitrix/);
    }
  });

  it('names the error tracker when reports are sent, by its service', async () => {
    const text = await pageText('privacy', 'en', {
      SENTRY_DSN: 'https://abc@o1.ingest.de.sentry.io/5',
    });
    expect(text).toContain(
      "Sentry's EU region, run by Functional Software, Inc., with data kept in Germany",
    );
    expect(await pageText('privacy', 'en')).not.toContain('Error reports');
  });

  it('says what a won deal sends back to the analytics services, where it is switched on', async () => {
    const analytics = { METRIKA_COUNTER_ID: '12345678', GA4_MEASUREMENT_ID: 'G-ABC123XYZ9' };
    const deals = {
      ...analytics,
      METRIKA_OFFLINE_TOKEN: 'y0_AgAAAAAexampletoken0123',
      GA4_API_SECRET: 'abcDEF123456',
    };
    expect(await pageText('privacy', 'en', analytics)).not.toContain('becomes a contract');
    expect(await pageText('privacy', 'en', deals)).toContain(
      'If your enquiry becomes a contract, we tell Yandex Metrica and Google Analytics 4, by the same identifier,',
    );
    const metrikaOnly = await pageText('privacy', 'ru', {
      ...analytics,
      METRIKA_OFFLINE_TOKEN: deals.METRIKA_OFFLINE_TOKEN,
    });
    expect(metrikaOnly).toContain('Получатели: Яндекс Метрика.');
    for (const code of ['kz', 'ua'] as const)
      expect(await pageText('privacy', code, deals)).toContain('Yandex Metrica');
  });

  it('states the retention and the backups the environment sets', async () => {
    const defaults = await pageText('privacy', 'ru');
    expect(defaults).toContain('365 дней со дня получения заявки');
    expect(defaults).toContain('14 дней, затем удаляются автоматически');
    const env = { LEADS_RETENTION_DAYS: '91', BACKUP_KEEP: '7' };
    expect(await pageText('privacy', 'ru', env)).toContain('91 день со дня получения заявки');
    expect(await pageText('consent', 'ua', env)).toContain('91 день від дня отримання заявки');
    expect(await pageText('privacy', 'en', env)).toContain('7 days, then deleted automatically');
    expect(await pageText('consent', 'kz', env)).toContain('7 күн');
  });
});

describe('the company is named in the page language’s legal form', () => {
  it.each(langCodes)('%s', async (code) => {
    const name = siteConfig.legal.name[code];
    expect(name).toMatch(legalForm[code]);
    for (const slug of legalPageSlugs) {
      const text = await pageText(slug, code);
      expect(text, slug).toContain(name);
      expect(text, slug).toContain(siteConfig.legal.registrationNumber);
      expect(text, slug).toContain(siteConfig.legal.address[code]);
      if (code !== 'en') expect(text, slug).not.toContain(siteConfig.legal.name.en);
    }
  });

  it('the details refuse the English name in Russian, Kazakh or Ukrainian, and a malformed BIN', () => {
    const broken = structuredClone(siteConfig) as unknown as {
      legal: { name: Record<LangCode, string>; registrationNumber: string };
    };
    broken.legal.name.ua = 'Ortus Digital LLP';
    broken.legal.registrationNumber = '12345';
    const result = siteSchema.safeParse(broken);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toContain(
      'legal.name.ua: the name in this language, with its legal form (e.g. ТОВ «…»), not the English one',
    );
    expect(issues).toContain(
      'legal.registrationNumber: the business identification number (BIN): 12 digits',
    );
  });
});

describe('privacy, consent and terms agree in every language', () => {
  it.each(langCodes)('%s: the same law and the same controller', async (code) => {
    for (const slug of legalPageSlugs) {
      const text = await pageText(slug, code);
      for (const law of laws[code]) expect(text, `${slug}: ${law}`).toContain(law);
      expect(text, slug).toContain(siteConfig.legal.name[code]);
    }
  });

  it.each(langCodes)(
    '%s: the same recipients and retention in the privacy policy and the consent',
    async (code) => {
      const env = { ...telegram, ...bitrix24, LEADS_RETENTION_DAYS: '120' };
      const locale = localeFromCode(code);
      const settings = legalSettings(env);
      const privacy = await legalDocument('privacy', locale, settings);
      const consent = await legalDocument('consent', locale, settings);
      const recipients = privacy.body.split('\n').filter((line) => line.startsWith('- **'));
      const listed = recipients.filter((line) => /Telegram Messenger|bitrix24\.ru/.test(line));
      expect(listed).toHaveLength(2);
      for (const line of listed) expect(consent.body).toContain(line);
      expect(consent.body).toContain('120');
      expect(privacy.body).toContain('120');
    },
  );
});

describe('the consent a lead records', () => {
  it('is the hash of the label and the two documents exactly as the pages show them', async () => {
    const settings = legalSettings(telegram);
    const { hash, version } = await consentTextFor('kz', settings);
    const messages = (await loadMessages('kk')) as { ConsultationForm: { consent: string } };
    const expected = createHash('sha256').update(messages.ConsultationForm.consent);
    for (const slug of ['consent', 'privacy'] as const) {
      const { title, updated, body } = await legalDocument(slug, 'kk', settings);
      expected.update('\n').update(JSON.stringify({ title, updated, body }));
    }
    expect(hash).toBe(expected.digest('hex'));
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('changes when the recipients change, so a record tells which text was agreed to', async () => {
    const alone = await consentTextFor('ru', legalSettings(telegram));
    const withCrm = await consentTextFor('ru', legalSettings({ ...telegram, ...bitrix24 }));
    const nobody = await consentTextFor('ru', legalSettings(none));
    expect(new Set([alone.hash, withCrm.hash, nobody.hash]).size).toBe(3);
    expect(alone.version).toBe(withCrm.version);
  });
});

describe('the legal pages rendered per request', () => {
  const context = (pathname: string, method = 'GET') => {
    const url = new URL(`http://localhost${pathname}`);
    return {
      request: new Request(url, { method }),
      url,
      params: { lang: pathname.split('/')[1] },
      clientAddress: '203.0.113.9',
      response: { headers: new Headers() },
    };
  };

  it('answer the page with a short shared cache, and a 404 for an unknown language or a file name', async () => {
    const page = context('/ua/privacy');
    const route = await legalRoute(page, 'privacy');
    expect(route).toMatchObject({ kind: 'page', page: { title: 'Політика конфіденційності' } });
    expect(page.response.headers.get('Cache-Control')).toBe(cacheControl.legalPage);
    expect(await legalRoute(context('/xx/consent'), 'consent')).toEqual({ kind: 'not-found' });
    expect(await legalRoute(context('/ru/consent.html'), 'consent')).toEqual({ kind: 'not-found' });
  });

  it('refuse another method as any page does', async () => {
    const answer = await legalRoute(context('/en/consent', 'PUT'), 'consent');
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(405);
  });
});

describe('the start-up warning about samples', () => {
  it('names the legal fields while the legal details are samples', async () => {
    const text = describeSamples(await publishedSamples());
    expect(text).toContain(
      'legal details (legal.name, legal.registrationNumber, legal.address, legal.serverCountry)',
    );
  });
});
