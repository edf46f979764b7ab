import type { APIRequestContext } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { siteConfig } from '@/config/site';
import { consultationConfig } from '@/config/consultation';
import { pricingConfig } from '@/config/pricing';
import { estimate, fromPrice, inCurrency } from '@/lib/calculator/estimate';
import { budgetInCurrency } from '@/lib/consultation/budget';
import { dayHeading } from '@/lib/format/kazakh';
import { expect, test } from './support/fixtures';
import { decode } from './support/head';
import { visitorIp } from './support/db';
import { langCodes, localeFromCode, messages, moneyIn, serviceContent } from './support/site';

/**
 * Each area's texts in every language, as served. The journeys run in one
 * language by default (tests/e2e/support/suites.ts); what the other languages
 * could break there is their texts and formats, checked here for all four in
 * the markup every visitor gets first (the pages are built ahead, so what a
 * browser shows before any script is this).
 */

/** The page's visible text: markup, scripts and styles out, entities decoded, white space collapsed. */
async function textOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return decode(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Expects each of `texts` in `page`, named for the report. */
function expectTexts(page: string, texts: Record<string, string>, where: string) {
  for (const [name, text] of Object.entries(texts)) {
    expect(page, `${where}: ${name}`).toContain(text.replace(/\s+/g, ' ').trim());
  }
}

test.describe('texts in every language', () => {
  test('the header, the menu and the footer', async ({ request }) => {
    for (const code of langCodes) {
      const m = messages[code];
      const page = await textOf(request, `/${code}/contacts`);
      expectTexts(
        page,
        {
          services: m.Nav.services,
          portfolio: m.Nav.portfolio,
          blog: m.Nav.blog,
          contacts: m.Nav.contacts,
          contactButton: m.Header.contactButton,
          pricing: m.Nav.pricing,
          language: m.LanguageSwitcher.change,
          web: m.Services.web.title,
        },
        code,
      );
    }
  });

  test('the home page and its packages, priced in the language’s currency', async ({ request }) => {
    for (const code of langCodes) {
      const m = messages[code].HomePage;
      const { currency, money } = moneyIn(code);
      const page = await textOf(request, `/${code}`);
      expectTexts(
        page,
        {
          hero: m.hero.title,
          calculator: m.calculator.cta,
          pricing: m.pricing.cta,
          ...Object.fromEntries(
            pricingConfig.packages.map(({ id, selection }) => [
              `package ${id}`,
              money.format(fromPrice(selection, currency)),
            ]),
          ),
        },
        code,
      );
    }
  });

  test('the calculator and its estimate', async ({ request }) => {
    for (const code of langCodes) {
      const m = messages[code].Calculator;
      const { currency, money } = moneyIn(code);
      const priced = inCurrency(estimate(pricingConfig.defaultSelection), currency);
      const page = await textOf(request, `/${code}/calculator`);
      expectTexts(
        page,
        {
          title: messages[code].CalculatorPage.title,
          shop: m.types.shop.name,
          premium: m.design.premium.name,
          cms: m.features.cms.name,
          update: m.actions.update,
          range: m.result.range
            .replace('{low}', money.format(priced.low))
            .replace('{high}', money.format(priced.high)),
        },
        code,
      );
    }
  });

  test('the consultation form, its budgets in the language’s currency', async ({ request }) => {
    for (const code of langCodes) {
      const m = messages[code].ConsultationForm;
      const { currency, money } = moneyIn(code);
      const page = await textOf(request, `/${code}/contacts`);
      expectTexts(
        page,
        {
          name: m.nameLabel,
          phone: m.methods.phone,
          telegram: m.methods.telegram,
          submit: m.submit,
          brief: m.details.summary,
          budget: m.details.budgetLabel,
          unsure: m.details.budgetUnsure,
          ...Object.fromEntries(
            consultationConfig.budgetBands.map(({ id }) => {
              const { low, high } = budgetInCurrency(id, currency);
              return [`budget ${id}`, money.format(low ?? high ?? 0)];
            }),
          ),
          morning: m.details.times.morning,
          evening: m.details.times.evening,
        },
        code,
      );
    }
  });

  test('the call picker a request is answered with, its days in the language', async ({
    request,
    baseURL,
  }) => {
    for (const code of langCodes) {
      const m = messages[code].Booking.picker;
      // A request sent as a browser without script sends it: the answer offers the times.
      const response = await request.post(`/${code}/contacts`, {
        headers: { Origin: new URL(baseURL!).origin, 'X-Forwarded-For': visitorIp() },
        form: {
          language: code,
          method: 'email',
          contact: `texts.${code}@example.com`,
          consent: 'on',
          page: `/${code}/contacts`,
        },
      });
      expect(response.status()).toBe(200);
      const html = await response.text();
      const firstStart = /name="slot" value="([^"]+)"/.exec(html)?.[1];
      expect(firstStart, code).toBeDefined();
      const page = decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
      expectTexts(
        page,
        {
          title: m.title,
          intro: String(
            new IntlMessageFormat(m.intro, localeFromCode(code)).format({
              minutes: siteConfig.booking.slotMinutes,
            }),
          ),
          day: dayHeading(localeFromCode(code), new Date(firstStart!), siteConfig.timeZone),
          laterDays: m.laterDays,
          submit: m.submit,
        },
        code,
      );
    }
  });

  test('a service page', async ({ request }) => {
    for (const code of langCodes) {
      const m = messages[code].ServicePage;
      const content = serviceContent('web', code);
      const { currency, money } = moneyIn(code);
      const page = await textOf(request, `/${code}/services/web`);
      expectTexts(
        page,
        {
          title: content.hero.title.replaceAll('{{brand}}', 'Ortus Digital'),
          includes: m.includesTitle,
          process: m.processTitle,
          faq: m.faqTitle,
          discuss: m.discuss,
          price: money.format(fromPrice(pricingConfig.services.web, currency)),
        },
        code,
      );
    }
  });

  test('the blog and the About page', async ({ request }) => {
    for (const code of langCodes) {
      const blog = messages[code].BlogPage;
      const about = messages[code].AboutPage;
      expectTexts(
        await textOf(request, `/${code}/blog`),
        {
          title: blog.title,
          news: blog.categories.news,
          business: blog.categories.business,
          rss: blog.rss,
        },
        `${code} blog`,
      );
      expectTexts(
        await textOf(request, `/${code}/about`),
        { process: about.processTitle, contact: about.contactButton },
        `${code} About`,
      );
    }
  });

  test('the not-found page', async ({ request }) => {
    for (const code of langCodes) {
      const response = await request.get(`/${code}/no-such-page`);
      expect(response.status()).toBe(404);
      const m = messages[code].NotFoundPage;
      expect(decode(await response.text()), code).toContain(
        m.unknownRoute.replace('{path}', `/${code}/no-such-page`),
      );
    }
  });
});
